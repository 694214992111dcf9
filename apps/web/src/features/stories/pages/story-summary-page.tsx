// Summaries of a story by role, phase, catalogue or ICT, and their PDF exports; placeholders until the summaries issue.
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export type SummaryKind = 'roles' | 'phases' | 'ctl' | 'ict' | 'overall';

const VIEW_KEYS = {
  roles: 'view.summaryRoles',
  phases: 'view.summaryPhases',
  ctl: 'view.summaryCtl',
  ict: 'view.summaryIct',
  overall: 'view.summaryOverall',
} as const;

const ICONS: Record<SummaryKind, ReactNode> = {
  roles: <BadgeOutlinedIcon />,
  phases: <TimelineOutlinedIcon />,
  ctl: <MenuBookOutlinedIcon />,
  ict: <HubOutlinedIcon />,
  overall: <AssessmentOutlinedIcon />,
};

export interface StorySummaryPageProps extends StoryParams {
  kind: SummaryKind;
  pdfExport: boolean;
}

export function StorySummaryPage({ kind, pdfExport, ...params }: StorySummaryPageProps) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  const view = t(VIEW_KEYS[kind]);
  return (
    <ComingSoonPage
      area={t('area.summaries')}
      view={pdfExport ? t('pdfExport', { view }) : view}
      icon={pdfExport ? <PictureAsPdfOutlinedIcon /> : ICONS[kind]}
      params={params}
    />
  );
}
