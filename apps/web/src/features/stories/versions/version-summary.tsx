// A frozen version's summaries: the story summary's totals, tabs and tables fed with the version's calculation and legend, read-only.
import { useMemo, useState, type ReactNode } from 'react';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { useTranslation } from 'react-i18next';
import type { Story, StoryVersionDetail } from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/lib/routing/paths';
import { FormulaErrorsDialog } from '../summary/formula-errors-dialog';
import { GroupSummary } from '../summary/group-summary';
import { InstanceSummary } from '../summary/instance-summary';
import { PhaseSummary } from '../summary/phase-summary';
import { RoleSummary } from '../summary/role-summary';
import { SummaryTabs, type SummaryView } from '../summary/summary-tabs';
import { SummaryTotals } from '../summary/summary-totals';
import { useSummaryFormat } from '../summary/use-summary-format';
import { useVersionInstanceNames, versionCatalog } from './version-legend';

export interface VersionSummaryProps {
  story: Story;
  version: StoryVersionDetail;
  view: SummaryView;
}

export function VersionSummary({ story, version, view }: VersionSummaryProps) {
  const { t } = useTranslation('stories');
  const { t: tSummaries } = useTranslation('summaries');
  const { calculation, legend } = version;
  // Prices are null for a member without READ_MARGINS, as in the live story (decision 0033).
  const format = useSummaryFormat(
    { ...story.catalog, currency: version.currency },
    calculation.total.price !== null,
  );
  const catalog = useMemo(() => versionCatalog(legend), [legend]);
  const names = useVersionInstanceNames(story, legend);
  const [errorsOpen, setErrorsOpen] = useState(false);
  const props = { story, catalog, calculation, format };
  let body: ReactNode;
  switch (view) {
    case 'roles':
      body = <RoleSummary {...props} />;
      break;
    case 'phases':
      body = <PhaseSummary {...props} />;
      break;
    case 'ctl':
      body = <GroupSummary {...props} />;
      break;
    case 'ict':
      body = <InstanceSummary {...props} names={names} />;
      break;
  }
  return (
    <>
      <SummaryTabs view={view} linkTo={(kind) => paths.storyVersion(story.id, version.id, kind)} />
      {calculation.byInstance.length === 0 ? (
        <EmptyState
          icon={<AssessmentOutlinedIcon />}
          title={tSummaries('emptyTitle')}
          text={t('versions.summaryEmpty')}
        />
      ) : (
        <>
          <SummaryTotals
            calculation={calculation}
            format={format}
            onShowErrors={() => setErrorsOpen(true)}
          />
          {body}
          {calculation.errors.length > 0 ? (
            <FormulaErrorsDialog
              story={story}
              catalog={catalog}
              format={format}
              errors={calculation.errors}
              open={errorsOpen}
              onClose={() => setErrorsOpen(false)}
              frozenNames={names}
            />
          ) : null}
        </>
      )}
    </>
  );
}
