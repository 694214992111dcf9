// The version page's exports (decision 0042, exports of a version): a button that opens the PDF and .xlsx downloads of one of the version's reports — its overall summary, a summary tab or a lineup's quote — made by the server from what the version froze.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { Lineup, StoryVersion } from '@costory/shared';
import { ReportDownloads } from '@/components/exports/report-downloads';
import { reportPaths, type ReportPath, type StoryReportKind } from '@/components/exports/api';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { formatDateTime } from '@/lib/format';

export interface VersionExportProps {
  /** The report's API address (`reportPaths.versionStory` or `reportPaths.versionLineup`). */
  path: ReportPath;
  version: Pick<StoryVersion, 'name' | 'createdAt'>;
  /** What the file is of, as the dialog's title says it ("Summary by roles of version “…”"). */
  title: string;
  /** The button's text, or the icon button's name (and tooltip) when `iconOnly`. */
  label: string;
  /** An icon button, as a table row's action. */
  iconOnly?: boolean;
}

export function VersionExport({ path, version, title, label, iconOnly }: VersionExportProps) {
  const { t } = useTranslation('stories');
  const { t: tCommon } = useTranslation('common');
  const locale = useUiLocale();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const icon = <FileDownloadOutlinedIcon />;
  return (
    <>
      {iconOnly ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={() => setOpen(true)}>
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={icon} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('versions.export.text', { date: formatDateTime(version.createdAt, locale) })}
          </DialogContentText>
          <ReportDownloads path={path} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{tCommon('actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const REPORT_VIEWS = {
  roles: 'view.summaryRoles',
  phases: 'view.summaryPhases',
  ctl: 'view.summaryCtl',
  ict: 'view.summaryIct',
  story: 'view.summaryOverall',
} as const satisfies Record<StoryReportKind, string>;

/** A summary of the version: the tab shown, or `story` (the overall summary) for the whole version. */
export function VersionSummaryExport({
  storyId,
  version,
  kind,
}: {
  storyId: number;
  version: Pick<StoryVersion, 'id' | 'name' | 'createdAt'>;
  kind: StoryReportKind;
}) {
  const { t } = useTranslation('stories');
  const { t: tRoutes } = useTranslation('routes');
  return (
    <VersionExport
      path={reportPaths.versionStory(storyId, version.id, kind)}
      version={version}
      title={t('versions.export.title', { what: tRoutes(REPORT_VIEWS[kind]), name: version.name })}
      label={kind === 'story' ? t('versions.export.version') : t('versions.export.summary')}
    />
  );
}

/** One of the version's lineups as a quote, as an icon button of its row. */
export function VersionLineupExport({
  storyId,
  version,
  lineup,
}: {
  storyId: number;
  version: Pick<StoryVersion, 'id' | 'name' | 'createdAt'>;
  lineup: Pick<Lineup, 'id' | 'name'>;
}) {
  const { t } = useTranslation('stories');
  return (
    <VersionExport
      path={reportPaths.versionLineup(storyId, version.id, lineup.id)}
      version={version}
      title={t('versions.export.title', {
        what: t('versions.export.lineupWhat', { name: lineup.name }),
        name: version.name,
      })}
      label={t('versions.export.lineup', { name: lineup.name })}
      iconOnly
    />
  );
}
