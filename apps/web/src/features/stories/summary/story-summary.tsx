// One story summary (roles, phases, catalog groups or instances): loads the calculation and catalog, then totals, table and charts.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  storyRoleAllows,
  type Story,
  type StoryCalculationDto,
  type StoryCatalog,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import { EmptyState } from '@/components/empty-state';
import { getStoryCalculationQueryOptions } from '../api/calculation';
import { getStoryCatalogQueryOptions } from '../api/story';
import { ChartGridSkeleton } from './chart-card';
import { FormulaErrorsDialog } from './formula-errors-dialog';
import { GroupSummary } from './group-summary';
import { InstanceSummary } from './instance-summary';
import { PhaseSummary } from './phase-summary';
import { RoleSummary } from './role-summary';
import { SummaryTabs, type SummaryView } from './summary-tabs';
import { SummaryTotals } from './summary-totals';
import { useSummaryFormat, type SummaryFormat } from './use-summary-format';

interface LoadedProps {
  story: Story;
  catalog: StoryCatalog;
  calculation: StoryCalculationDto;
  format: SummaryFormat;
}

function SummaryBody({ view, ...props }: LoadedProps & { view: SummaryView }): ReactNode {
  switch (view) {
    case 'roles':
      return <RoleSummary {...props} />;
    case 'phases':
      return <PhaseSummary {...props} />;
    case 'ctl':
      return <GroupSummary {...props} />;
    case 'ict':
      return <InstanceSummary {...props} />;
  }
}

/** As tall as the totals strip and a table, so the page keeps its shape while it loads. */
function SummarySkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          mb: 3,
        }}
      >
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={86} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={240} />
      <ChartGridSkeleton />
    </Box>
  );
}

/** The spec's "Cannot load story calculation" as a toast, once per failure. */
function useLoadFailureToast(failedAt: number) {
  const toast = useToast();
  const { t } = useTranslation('errors');
  // Effects run twice in development (StrictMode); one failure is still told once.
  const told = useRef(0);
  useEffect(() => {
    if (failedAt > 0 && told.current !== failedAt) {
      told.current = failedAt;
      toast.error(t('load.storyCalculation'));
    }
  }, [failedAt, toast, t]);
}

export function StorySummary({ story, view }: { story: Story; view: SummaryView }) {
  const { t } = useTranslation('summaries');
  const { t: tErrors } = useTranslation('errors');
  const format = useSummaryFormat(story.catalog, storyRoleAllows(story.myRole, 'READ_MARGINS'));
  const calculation = useQuery(getStoryCalculationQueryOptions(story.id));
  const catalog = useQuery(getStoryCatalogQueryOptions(story.id));
  const [errorsOpen, setErrorsOpen] = useState(false);
  useLoadFailureToast(
    Math.max(
      calculation.isError ? calculation.errorUpdatedAt : 0,
      catalog.isError ? catalog.errorUpdatedAt : 0,
    ),
  );

  let content: ReactNode;
  if (calculation.isError || catalog.isError) {
    content = (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={tErrors('load.storyCalculation')}
        text={t('loadFailedText')}
        action={
          <Button
            onClick={() => {
              if (calculation.isError) void calculation.refetch();
              if (catalog.isError) void catalog.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!calculation.data || !catalog.data) {
    content = <SummarySkeleton label={t('loading')} />;
  } else if (calculation.data.byInstance.length === 0) {
    content = (
      <EmptyState
        icon={<AssessmentOutlinedIcon />}
        title={t('emptyTitle')}
        text={t('emptyText')}
        action={
          <Button variant="contained" component={RouterLink} to={paths.storyItems(story.id)}>
            {t('addItems')}
          </Button>
        }
      />
    );
  } else {
    const loaded = { story, catalog: catalog.data, calculation: calculation.data, format };
    content = (
      <>
        <SummaryTotals
          calculation={calculation.data}
          format={format}
          onShowErrors={() => setErrorsOpen(true)}
        />
        <SummaryBody view={view} {...loaded} />
        {calculation.data.errors.length > 0 ? (
          <FormulaErrorsDialog
            story={story}
            catalog={catalog.data}
            format={format}
            errors={calculation.data.errors}
            open={errorsOpen}
            onClose={() => setErrorsOpen(false)}
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      <SummaryTabs view={view} linkTo={(kind) => paths.storySummary(story.id, kind)} />
      {content}
    </>
  );
}
