// /story-detail/{id}/lineups/export/{lineupId}: the lineup's quote previewed, downloaded as PDF or .xlsx.
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';
import type { LineupExportParams } from '@/lib/routing/route-params';
import { reportPaths } from '@/components/exports/api';
import { ExportView } from '@/components/exports/export-view';
import { StoryFrame } from '../components/story-frame';

export function LineupExportPage({ storyId, lineupId }: LineupExportParams) {
  const { t } = useTranslation('routes');
  const { t: tExports } = useTranslation('exports');
  return (
    <StoryFrame storyId={storyId} title={t('pdfExport', { view: t('view.lineup') })}>
      {() => (
        <ExportView
          path={reportPaths.lineup(storyId, lineupId)}
          back={{ to: paths.storyLineups(storyId), label: tExports('backToLineups') }}
        />
      )}
    </StoryFrame>
  );
}
