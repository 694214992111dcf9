// /story-detail/{id}/summary/{roles|phases|ctl|ict}: the story's summaries; …/export and /summary/export: their exports (preview, PDF and .xlsx).
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';
import type { StoryParams } from '@/lib/routing/route-params';
import { reportPaths } from '@/components/exports/api';
import { ExportView } from '@/components/exports/export-view';
import { StoryFrame } from '../components/story-frame';
import { StorySummary } from '../summary/story-summary';

export type SummaryKind = 'roles' | 'phases' | 'ctl' | 'ict' | 'overall';

const VIEW_KEYS = {
  roles: 'view.summaryRoles',
  phases: 'view.summaryPhases',
  ctl: 'view.summaryCtl',
  ict: 'view.summaryIct',
  overall: 'view.summaryOverall',
} as const;

export interface StorySummaryPageProps extends StoryParams {
  kind: SummaryKind;
  pdfExport: boolean;
}

/** The export page of a summary, or of the overall story summary (/summary/export). */
function SummaryExport({ kind, storyId }: StorySummaryPageProps) {
  const { t } = useTranslation('routes');
  const { t: tExports } = useTranslation('exports');
  return (
    <StoryFrame storyId={storyId} title={t('pdfExport', { view: t(VIEW_KEYS[kind]) })}>
      {() => (
        <ExportView
          path={reportPaths.story(storyId, kind === 'overall' ? 'story' : kind)}
          back={
            kind === 'overall'
              ? { to: paths.story(storyId), label: tExports('backToOverview') }
              : { to: paths.storySummary(storyId, kind), label: tExports('backToSummary') }
          }
        />
      )}
    </StoryFrame>
  );
}

export function StorySummaryPage(props: StorySummaryPageProps) {
  const { t } = useTranslation('routes');
  const { t: tSummaries } = useTranslation('summaries');
  const { kind, storyId } = props;
  if (props.pdfExport || kind === 'overall') return <SummaryExport {...props} />;
  return (
    <StoryFrame
      storyId={storyId}
      title={t(VIEW_KEYS[kind])}
      actions={() => (
        // The export pages sit under each summary's address (spec section 2).
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          component={RouterLink}
          to={paths.storySummaryExport(storyId, kind)}
        >
          {tSummaries('exportPdf')}
        </Button>
      )}
    >
      {(story) => <StorySummary story={story} view={kind} />}
    </StoryFrame>
  );
}
