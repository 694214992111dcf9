// The tab bar between the four summaries: each tab is a link to its own address, so it can be bookmarked and shared.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export const SUMMARY_VIEWS = ['roles', 'phases', 'ctl', 'ict'] as const;
export type SummaryView = (typeof SUMMARY_VIEWS)[number];

export interface SummaryTabsProps {
  view: SummaryView;
  /** The address of each tab: the story's summary pages, or a version's page with the view. */
  linkTo: (view: SummaryView) => string;
  /** The tabs offered: all four unless told. */
  views?: readonly SummaryView[];
}

export function SummaryTabs({ view, linkTo, views = SUMMARY_VIEWS }: SummaryTabsProps) {
  const { t } = useTranslation('summaries');
  return (
    <Tabs
      value={view}
      aria-label={t('tabs.label')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {views.map((kind) => (
        <Tab
          key={kind}
          value={kind}
          label={t(`tabs.${kind}`)}
          component={RouterLink}
          to={linkTo(kind)}
          aria-current={kind === view ? 'page' : undefined}
        />
      ))}
    </Tabs>
  );
}
