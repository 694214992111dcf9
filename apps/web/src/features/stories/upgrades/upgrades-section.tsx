// The story overview's "Catalog upgrades" section (decision 0043): pinning the story's item versions, the items waiting for a newer version, upgrading one or all of them, and comparing the totals they would bring.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIVE_STORY,
  UPGRADED_STORY,
  storyRoleAllows,
  type Story,
  type WaitingUpgrade,
} from '@costory/shared';
import { CodeText } from '@/components/code-text';
import { EmptyState } from '@/components/empty-state';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { ItemIcon } from '@/components/item-icon';
import { usePhoneLayout } from '@/components/phone-table';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { SectionHeader } from '@/components/section-header';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { formatNumber } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { paths } from '@/lib/routing/paths';
import { visuallyHidden } from '@/lib/visually-hidden';
import { getStoryUpgradesQueryOptions, useStoryPinning, useUpgradeItems } from '../api/upgrades';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Skeleton rows while the list loads: as many as the story says are waiting, a few at most. */
const MAX_SKELETON_ROWS = 5;

/** Why the switch and the buttons are off for this member, or null when they may use them. */
function refusalOf(story: Story): 'catalogDeleted' | 'notAllowed' | null {
  if (!storyRoleAllows(story.myRole, 'UPGRADE_ITEMS')) return 'notAllowed';
  // The server refuses both writes once the catalog is gone (409); the member is told why here.
  return story.catalog.deleted ? 'catalogDeleted' : null;
}

interface UpgradeRowProps {
  story: Story;
  item: WaitingUpgrade;
  phone: boolean;
  onUpgrade: (() => void) | undefined;
}

function UpgradeRow({ story, item, phone, onUpgrade }: UpgradeRowProps) {
  const { t } = useTranslation('stories');
  const locale = useUiLocale();
  const localized = useLocalizedText(story.catalog);
  const change = t('upgrades.versionChange', {
    version: formatNumber(item.version, locale),
    latest: formatNumber(item.latestVersion, locale),
  });
  const instances = t('versions.instanceCount', {
    count: item.instanceCount,
    number: formatNumber(item.instanceCount, locale),
  });
  return (
    <TableRow hover>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <ItemIcon name={item.icon} fontSize="small" color="action" sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              <CodeText>{item.code}</CodeText>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {localized(item.name)}
            </Typography>
            {phone ? (
              <Typography variant="body2" sx={{ ...numeric, mt: 0.5 }}>
                {change} · {instances}
              </Typography>
            ) : null}
            {item.deprecated ? (
              <Tooltip title={t('upgrades.retiredHelp')} describeChild>
                {/* Focusable, so the explanation reaches a keyboard as well as a pointer. */}
                <Chip
                  size="small"
                  color="warning"
                  label={t('upgrades.retired')}
                  tabIndex={0}
                  sx={{ mt: 0.5 }}
                />
              </Tooltip>
            ) : null}
          </Box>
        </Box>
      </TableCell>
      {phone ? null : (
        <>
          <TableCell sx={numeric}>{change}</TableCell>
          <TableCell align="right" sx={numeric}>
            {instances}
          </TableCell>
        </>
      )}
      {onUpgrade ? (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Button
            size="small"
            variant="outlined"
            onClick={onUpgrade}
            aria-label={t('upgrades.upgradeItem', { code: item.code })}
          >
            {t('upgrades.upgrade')}
          </Button>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function UpgradesTable({
  story,
  items,
  onUpgrade,
}: {
  story: Story;
  /** Undefined while the list loads. */
  items: readonly WaitingUpgrade[] | undefined;
  onUpgrade: ((item: WaitingUpgrade) => void) | undefined;
}) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  const columns = (phone ? 1 : 3) + (onUpgrade ? 1 : 0);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('upgrades.title')} aria-busy={items === undefined}>
        <TableHead>
          <TableRow>
            <TableCell>{t('upgrades.column.item')}</TableCell>
            {phone ? null : (
              <>
                <TableCell>{t('upgrades.column.version')}</TableCell>
                <TableCell align="right">{t('upgrades.column.instances')}</TableCell>
              </>
            )}
            {onUpgrade ? (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('upgrades.column.actions')}
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {items ? (
            items.map((item) => (
              <UpgradeRow
                key={item.itemId}
                story={story}
                item={item}
                phone={phone}
                onUpgrade={onUpgrade ? () => onUpgrade(item) : undefined}
              />
            ))
          ) : (
            <TableSkeletonRows
              rows={Math.min(story.upgradesWaiting, MAX_SKELETON_ROWS)}
              columns={columns}
            />
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function UpgradesSection({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const locale = useUiLocale();
  const confirm = useConfirm();
  const toast = useToast();
  // A story that does not pin has nothing waiting: its list is read only once it pins.
  const upgrades = useQuery({
    ...getStoryUpgradesQueryOptions(story.id),
    enabled: story.pinsItemVersions,
  });
  useQueryErrorToast(upgrades, t('upgrades.loadFailed'));
  const pinning = useStoryPinning(story.id);
  const upgrade = useUpgradeItems(story.id);
  const refusal = refusalOf(story);
  const stored = upgrades.data?.pinned ?? story.pinsItemVersions;
  // The switch moves when clicked and goes back if the server refuses.
  const pinned = pinning.isPending ? pinning.variables.pinned : stored;
  const items = pinned ? upgrades.data?.items : [];
  const waitingCount = items?.length ?? story.upgradesWaiting;

  const setPinned = async (next: boolean) => {
    try {
      await pinning.mutateAsync({ pinned: next });
      toast.success(t(next ? 'upgrades.pinned' : 'upgrades.unpinned'));
    } catch (error) {
      toast.error(problemText(error, t('upgrades.pinFailed')));
    }
  };

  const askPinned = (next: boolean) => {
    // Unpinning moves every waiting item to its latest version at once: the figures may change.
    if (next || waitingCount === 0) return void setPinned(next);
    confirm({
      title: t('upgrades.unpinTitle'),
      message: t('upgrades.unpinText', {
        count: waitingCount,
        number: formatNumber(waitingCount, locale),
      }),
      okButtonText: t('upgrades.unpinSubmit'),
      onOk: () => setPinned(next),
    });
  };

  /**
   * Upgrades the items the user confirmed, named (not "all"), so that an item published meanwhile
   * waits for its own confirmation; the list stays as it was on failure.
   */
  const runUpgrade = async (instanceCount: number, items: readonly WaitingUpgrade[]) => {
    try {
      await upgrade.mutateAsync({ itemIds: items.map((item) => item.itemId) });
      toast.success(
        t('upgrades.upgraded', {
          count: instanceCount,
          number: formatNumber(instanceCount, locale),
        }),
      );
    } catch (error) {
      toast.error(problemText(error, t('upgrades.upgradeFailed')));
    }
  };

  const askUpgrade = (item: WaitingUpgrade) =>
    confirm({
      title: t('upgrades.upgradeTitle', {
        code: item.code,
        latest: formatNumber(item.latestVersion, locale),
      }),
      message: t('upgrades.upgradeText', {
        count: item.instanceCount,
        number: formatNumber(item.instanceCount, locale),
        code: item.code,
        version: formatNumber(item.version, locale),
        latest: formatNumber(item.latestVersion, locale),
      }),
      okButtonText: t('upgrades.upgradeSubmit'),
      onOk: () => runUpgrade(item.instanceCount, [item]),
    });

  const askUpgradeAll = (all: readonly WaitingUpgrade[]) => {
    const instanceCount = all.reduce((sum, item) => sum + item.instanceCount, 0);
    confirm({
      title: t('upgrades.upgradeAllTitle'),
      message: t('upgrades.upgradeAllText', {
        count: instanceCount,
        number: formatNumber(instanceCount, locale),
        codes: all.map((item) => item.code).join(', '),
      }),
      okButtonText: t('upgrades.upgradeSubmit'),
      onOk: () => runUpgrade(instanceCount, all),
    });
  };

  let content: ReactNode = null;
  if (!pinned) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('upgrades.notPinned')}
      </Typography>
    );
  } else if (upgrades.isError && !upgrades.data) {
    content = (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('upgrades.loadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void upgrades.refetch()}>{t('list.retry')}</Button>}
      />
    );
  } else if (items?.length === 0 || (items === undefined && story.upgradesWaiting === 0)) {
    // While the list loads, the story's own count says whether it will be empty: nothing jumps.
    content = items ? (
      <EmptyState
        icon={<TaskAltIcon />}
        title={t('upgrades.emptyTitle')}
        text={t('upgrades.emptyText')}
      />
    ) : (
      <Skeleton variant="rounded" height={220} role="status" aria-label={t('upgrades.loading')} />
    );
  } else {
    content = (
      <UpgradesTable
        story={story}
        items={items}
        onUpgrade={refusal === null ? askUpgrade : undefined}
      />
    );
  }

  // While the list loads, the story's count already tells whether the buttons will be there.
  const hasWaiting = pinned && (items ? items.length > 0 : story.upgradesWaiting > 0);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="story-upgrades"
      sx={{ p: 2, mb: 3 }}
    >
      <SectionHeader
        id="story-upgrades"
        title={t('upgrades.title')}
        action={
          hasWaiting ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                startIcon={<CompareArrowsIcon />}
                component={RouterLink}
                to={paths.storyVersionComparison(story.id, LIVE_STORY, UPGRADED_STORY)}
              >
                {t('upgrades.compare')}
              </Button>
              {refusal === null ? (
                <Button
                  variant="outlined"
                  startIcon={<UpgradeIcon />}
                  disabled={items === undefined}
                  onClick={() => {
                    if (items) askUpgradeAll(items);
                  }}
                >
                  {t('upgrades.upgradeAll')}
                </Button>
              ) : null}
            </Box>
          ) : null
        }
      />
      <Box sx={{ mb: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={pinned}
              disabled={refusal !== null || pinning.isPending}
              onChange={(_event, checked) => askPinned(checked)}
              slotProps={{ input: { 'aria-describedby': 'story-upgrades-help' } }}
            />
          }
          label={t('upgrades.pin')}
        />
        <Typography
          id="story-upgrades-help"
          variant="body2"
          sx={{ color: 'text.secondary', ml: { xs: 0, sm: 6 } }}
        >
          {t('upgrades.pinHelp')}
          {refusal ? (
            <>
              <br />
              {t(`upgrades.${refusal}`)}
            </>
          ) : null}
        </Typography>
      </Box>
      {content}
    </Paper>
  );
}
