// The story navigation drawer: permanent on the left, 256 px open or a 56 px rail; an overlay on small screens.
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { CSSObject, Theme } from '@mui/material/styles';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DRAWER_RAIL_WIDTH, DRAWER_WIDTH } from '@costory/shared/constants';
import { useAppNavigation } from '@/components/navigation';
import { paths } from '@/lib/routing/paths';
import { parseId } from '@/lib/routing/route-params';

type TitleKey =
  | 'overview'
  | 'items'
  | 'labels'
  | 'members'
  | 'summaryRoles'
  | 'summaryPhases'
  | 'summaryCtl'
  | 'summaryIct'
  | 'lineups';

interface NavigationEntry {
  titleKey: TitleKey;
  to: string;
  icon: ReactNode;
  /** The entry is current on this path and below it; defaults to `to`. */
  prefix?: string;
  /** The entry is current on its path only, not on the pages below it. */
  exact?: boolean;
}

function storySections(storyId: number): NavigationEntry[][] {
  return [
    [
      {
        titleKey: 'overview',
        to: paths.story(storyId),
        icon: <AutoStoriesOutlinedIcon />,
        exact: true,
      },
      {
        titleKey: 'items',
        to: paths.storyItems(storyId),
        prefix: `${paths.story(storyId)}/items`,
        icon: <ListAltOutlinedIcon />,
      },
      { titleKey: 'labels', to: paths.storyLabels(storyId), icon: <LabelOutlinedIcon /> },
      { titleKey: 'members', to: paths.storyMembers(storyId), icon: <GroupOutlinedIcon /> },
    ],
    [
      {
        titleKey: 'summaryRoles',
        to: paths.storySummary(storyId, 'roles'),
        icon: <BadgeOutlinedIcon />,
      },
      {
        titleKey: 'summaryPhases',
        to: paths.storySummary(storyId, 'phases'),
        icon: <TimelineOutlinedIcon />,
      },
      {
        titleKey: 'summaryCtl',
        to: paths.storySummary(storyId, 'ctl'),
        icon: <MenuBookOutlinedIcon />,
      },
      { titleKey: 'summaryIct', to: paths.storySummary(storyId, 'ict'), icon: <HubOutlinedIcon /> },
    ],
    [{ titleKey: 'lineups', to: paths.storyLineups(storyId), icon: <RequestQuoteOutlinedIcon /> }],
  ];
}

// Story routes are matched case-insensitively, so the highlight is too.
function isCurrent(entry: NavigationEntry, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/$/, '');
  const target = (entry.prefix ?? entry.to).toLowerCase();
  return path === target || (!entry.exact && path.startsWith(`${target}/`));
}

function NavigationList({
  storyId,
  expanded,
  onNavigate,
}: {
  storyId: number;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const sections = storySections(storyId);

  return (
    <Box sx={{ py: 1 }}>
      {sections.map((section, index) => (
        <Box key={section[0]?.titleKey ?? index}>
          {index > 0 && !(index === 1 && expanded) ? <Divider sx={{ my: 1 }} /> : null}
          <List
            disablePadding
            subheader={
              index === 1 && expanded ? (
                <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
                  {t('navigation.summaries')}
                </ListSubheader>
              ) : undefined
            }
          >
            {section.map((entry) => {
              const title = t(`navigation.${entry.titleKey}`);
              const current = isCurrent(entry, pathname);
              return (
                <li key={entry.titleKey}>
                  <Tooltip title={expanded ? '' : title} placement="right">
                    <ListItemButton
                      component={RouterLink}
                      to={entry.to}
                      selected={current}
                      aria-current={current ? 'page' : undefined}
                      aria-label={expanded ? undefined : title}
                      onClick={onNavigate}
                      sx={{ minHeight: 44, mx: 0.5, px: 1.5, my: 0.25 }}
                    >
                      <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0 }}>
                        {entry.icon}
                      </ListItemIcon>
                      <ListItemText
                        primary={title}
                        sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap', my: 0 }}
                      />
                    </ListItemButton>
                  </Tooltip>
                </li>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}

function widthStyles(theme: Theme, expanded: boolean): CSSObject {
  return {
    width: expanded ? DRAWER_WIDTH : DRAWER_RAIL_WIDTH,
    overflowX: 'hidden',
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: expanded
        ? theme.transitions.duration.enteringScreen
        : theme.transitions.duration.leavingScreen,
    }),
  };
}

export function NavigationDrawer() {
  const { t } = useTranslation('shell');
  const { appBarIconShown, drawerOpen, compact, overlayOpen, closeOverlay } = useAppNavigation();
  const storyId = parseId(useParams().storyId);
  if (!appBarIconShown || storyId === null) return null;
  const expanded = drawerOpen && !compact;

  return (
    <>
      <Box
        component="nav"
        id="app-navigation"
        aria-label={t('navigation.label')}
        sx={(theme) => ({ flexShrink: 0, ...widthStyles(theme, expanded) })}
      >
        <Drawer
          variant="permanent"
          open={expanded}
          sx={(theme) => ({
            whiteSpace: 'nowrap',
            '& .MuiDrawer-paper': {
              boxSizing: 'border-box',
              ...widthStyles(theme, expanded),
            },
          })}
        >
          <Toolbar />
          <NavigationList storyId={storyId} expanded={expanded} />
        </Drawer>
      </Box>
      {compact ? (
        <Drawer
          variant="temporary"
          open={overlayOpen}
          onClose={closeOverlay}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
        >
          <Box component="nav" aria-label={t('navigation.label')}>
            <Toolbar />
            <NavigationList storyId={storyId} expanded onNavigate={closeOverlay} />
          </Box>
        </Drawer>
      ) : null}
    </>
  );
}
