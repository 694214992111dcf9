// /story-detail/{id}/summary/{roles|phases|ctl|ict}: the story's summaries; their PDF exports stay placeholders until the export issue.
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import { paths } from '../../../app/routing/paths';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';
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

function ExportPlaceholder({ kind, pdfExport: _pdf, ...params }: StorySummaryPageProps) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.summaries')}
      view={t('pdfExport', { view: t(VIEW_KEYS[kind]) })}
      icon={<PictureAsPdfOutlinedIcon />}
      params={params}
    />
  );
}

export function StorySummaryPage(props: StorySummaryPageProps) {
  const { t } = useTranslation('routes');
  const { t: tSummaries } = useTranslation('summaries');
  const { kind, storyId } = props;
  if (props.pdfExport || kind === 'overall') return <ExportPlaceholder {...props} />;
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
          to={`${paths.storySummary(storyId, kind)}/export`}
        >
          {tSummaries('exportPdf')}
        </Button>
      )}
    >
      {(story) => <StorySummary story={story} view={kind} />}
    </StoryFrame>
  );
}
