// The story overview's "Versions" section: the frozen versions newest first with their figures, comparing them, "Freeze version" and deleting one, as the role allows.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIVE_STORY, storyRoleAllows, type Story, type StoryVersion } from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { SectionHeader } from '@/components/section-header';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { formatDateTime, formatNumber } from '@/lib/format';
import { paths } from '@/lib/routing/paths';
import { visuallyHidden } from '@/lib/visually-hidden';
import { getVersionsQueryOptions, useVersionMutations } from '../api/versions';
import { useStoryFigures } from '../lib/story-figures';
import { FreezeVersionDialog } from './freeze-version-dialog';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface VersionRowProps {
  story: Story;
  version: StoryVersion;
  withPrices: boolean;
  /** A card on a phone: date, instances and time on lines under the name. */
  phone: boolean;
  onDelete: (() => void) | undefined;
}

function VersionRow({ story, version, withPrices, phone, onDelete }: VersionRowProps) {
  const { t } = useTranslation('stories');
  // The currency is the catalog's when the version was frozen, which the catalog may have changed since.
  const figures = useStoryFigures({ type: story.catalog.type, currency: version.currency });
  const frozen = formatDateTime(version.createdAt, figures.locale);
  const frozenText = version.createdBy
    ? t('versions.frozenBy', { date: frozen, name: version.createdBy.name })
    : frozen;
  const instances = t('versions.instanceCount', {
    count: version.instanceCount,
    number: formatNumber(version.instanceCount, figures.locale),
  });
  const time = t('figures.mandays', { value: figures.mandays(version.total.mandays) });
  const { name } = version;
  return (
    <TableRow hover>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Link
          component={RouterLink}
          to={paths.storyVersion(story.id, version.id)}
          sx={{ fontWeight: 700 }}
        >
          {name}
        </Link>
        {version.note ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
            {version.note}
          </Typography>
        ) : null}
        {version.errorCount > 0 ? (
          <Chip
            size="small"
            color="error"
            icon={<ErrorOutlineIcon />}
            label={t('versions.errorCount', {
              count: version.errorCount,
              number: formatNumber(version.errorCount, figures.locale),
            })}
            sx={{ mt: 0.5 }}
          />
        ) : null}
        {phone ? (
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {frozenText}
            <br />
            {instances} · {time}
          </Typography>
        ) : null}
      </TableCell>
      {phone ? null : (
        <>
          <TableCell>{frozenText}</TableCell>
          <TableCell align="right" sx={numeric}>
            {instances}
          </TableCell>
          <TableCell align="right" sx={numeric}>
            {time}
          </TableCell>
        </>
      )}
      {withPrices ? (
        <TableCell
          align="right"
          data-testid="version-total"
          sx={[{ ...numeric, fontWeight: 700 }, pinnedCell]}
        >
          {version.total.price === null ? null : figures.price(version.total.price)}
        </TableCell>
      ) : null}
      <TableCell
        align="right"
        sx={{ whiteSpace: 'nowrap', ...(phone ? { width: onDelete ? 96 : 48, px: 0.5 } : {}) }}
      >
        <Tooltip title={t('versions.compare.withLive', { name })}>
          <IconButton
            component={RouterLink}
            to={paths.storyVersionComparison(story.id, version.id, LIVE_STORY)}
            aria-label={t('versions.compare.withLive', { name })}
          >
            <CompareArrowsIcon />
          </IconButton>
        </Tooltip>
        {onDelete ? (
          <Tooltip title={t('versions.delete', { name })}>
            <IconButton onClick={onDelete} aria-label={t('versions.delete', { name })}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

export function VersionsSection({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  const versions = useQuery(getVersionsQueryOptions(story.id));
  useQueryErrorToast(versions, t('versions.loadFailed'));
  const { remove } = useVersionMutations(story.id);
  const [freezing, setFreezing] = useState(false);
  const mayFreeze = storyRoleAllows(story.myRole, 'FREEZE_VERSIONS');
  const mayDelete = storyRoleAllows(story.myRole, 'DELETE_VERSIONS');
  // A member without READ_MARGINS gets null prices (decision 0033): no price column at all.
  const withPrices = story.price !== null;
  const askDelete = useConfirmedDelete<StoryVersion>({
    title: t('versions.deleteTitle'),
    message: (version) => t('versions.deleteText', { name: version.name }),
    name: (version) => version.name,
    failed: t('versions.deleteFailed'),
    remove: (version) => remove.mutateAsync(version.id),
  });
  const hasVersions = (versions.data?.length ?? 0) > 0;
  const columns = (phone ? 1 : 4) + (withPrices ? 1 : 0) + 1;

  let content: ReactNode;
  if (versions.isError) {
    content = (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('versions.loadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void versions.refetch()}>{t('list.retry')}</Button>}
      />
    );
  } else if (versions.data?.length === 0) {
    content = (
      <EmptyState
        icon={<AcUnitIcon />}
        title={t('versions.emptyTitle')}
        text={t('versions.emptyText')}
      />
    );
  } else {
    content = (
      <TableContainer>
        <Table size="small" aria-label={t('versions.title')} aria-busy={versions.isPending}>
          <TableHead>
            <TableRow>
              <TableCell>{t('versions.column.name')}</TableCell>
              {phone ? null : (
                <>
                  <TableCell>{t('versions.column.frozen')}</TableCell>
                  <TableCell align="right">{t('versions.column.instances')}</TableCell>
                  <TableCell align="right">{t('versions.column.time')}</TableCell>
                </>
              )}
              {withPrices ? (
                <TableCell align="right" sx={pinnedCell}>
                  {t('versions.column.price')}
                </TableCell>
              ) : null}
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('versions.column.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.data ? (
              versions.data.map((version) => (
                <VersionRow
                  key={version.id}
                  story={story}
                  version={version}
                  withPrices={withPrices}
                  phone={phone}
                  onDelete={mayDelete ? () => askDelete(version) : undefined}
                />
              ))
            ) : (
              <TableSkeletonRows rows={2} columns={columns} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="story-versions"
      sx={{ p: 2, mb: 3 }}
    >
      <SectionHeader
        id="story-versions"
        title={t('versions.title')}
        text={t('versions.intro')}
        action={
          mayFreeze || hasVersions ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {hasVersions ? (
                <Button
                  startIcon={<CompareArrowsIcon />}
                  component={RouterLink}
                  to={paths.storyVersionComparison(story.id)}
                >
                  {t('versions.compare.open')}
                </Button>
              ) : null}
              {mayFreeze ? (
                <Button
                  variant="outlined"
                  startIcon={<AcUnitIcon />}
                  onClick={() => setFreezing(true)}
                >
                  {t('versions.freeze')}
                </Button>
              ) : null}
            </Box>
          ) : null
        }
      />
      {content}
      {freezing ? (
        <FreezeVersionDialog storyId={story.id} onClose={() => setFreezing(false)} />
      ) : null}
    </Paper>
  );
}
