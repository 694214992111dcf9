// The tab bar between the four summaries: each tab is a link to its own address, so it can be bookmarked and shared.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';

export const SUMMARY_VIEWS = ['roles', 'phases', 'ctl', 'ict'] as const;
export type SummaryView = (typeof SUMMARY_VIEWS)[number];

export function SummaryTabs({ storyId, view }: { storyId: number; view: SummaryView }) {
  const { t } = useTranslation('summaries');
  return (
    <Tabs
      value={view}
      aria-label={t('tabs.label')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {SUMMARY_VIEWS.map((kind) => (
        <Tab
          key={kind}
          value={kind}
          label={t(`tabs.${kind}`)}
          component={RouterLink}
          to={paths.storySummary(storyId, kind)}
          aria-current={kind === view ? 'page' : undefined}
        />
      ))}
    </Tabs>
  );
}
