// A frozen version's lineups with their totals as they were priced when it was frozen (GET …/versions/{v}/lineups), read-only, each with the export of its quote.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Lineup, Story, StoryVersion } from '@costory/shared';
import { EmptyState } from '@/components/empty-state';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { TableSkeletonRows } from '@/components/table-skeleton-rows';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getVersionLineupsQueryOptions } from '../api/versions';
import { useStoryFigures, type StoryFigureFormat } from '../lib/story-figures';
import { VersionLineupExport } from './version-export';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function LineupRow({
  storyId,
  version,
  lineup,
  figures,
  phone,
}: {
  storyId: number;
  version: StoryVersion;
  lineup: Lineup;
  figures: StoryFigureFormat;
  phone: boolean;
}) {
  const { t } = useTranslation('lineups');
  const { t: tDomain } = useTranslation('domain');
  const parties = `${lineup.supplier.name} → ${lineup.subscriber.name}`;
  const time = `${figures.mandays(lineup.total.mandays)} ${tDomain('unitSymbol.MANDAYS')}`;
  const exportButton = <VersionLineupExport storyId={storyId} version={version} lineup={lineup} />;
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {lineup.name}
        </Typography>
        {lineup.description ? (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {lineup.description}
          </Typography>
        ) : null}
        {phone ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {parties}
            <br />
            {t('column.time')} {time} · {t('column.optional')}{' '}
            {figures.price(lineup.optional.price)}
          </Typography>
        ) : null}
      </TableCell>
      {phone ? null : (
        <>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{parties}</TableCell>
          <TableCell align="right" sx={numeric}>
            {time}
          </TableCell>
          <TableCell align="right" sx={{ ...numeric, color: 'text.secondary' }}>
            {figures.price(lineup.optional.price)}
          </TableCell>
        </>
      )}
      <TableCell
        align="right"
        data-testid="version-lineup-total"
        sx={[{ ...numeric, fontWeight: 700 }, pinnedCell]}
      >
        {figures.price(lineup.total.price)}
        {/* A phone's card has room for two columns: the export stands under the total. */}
        {phone ? <Box sx={{ mt: 0.5, mr: -1 }}>{exportButton}</Box> : null}
      </TableCell>
      {phone ? null : <TableCell align="right">{exportButton}</TableCell>}
    </TableRow>
  );
}

export function VersionLineups({ story, version }: { story: Story; version: StoryVersion }) {
  const { t } = useTranslation('stories');
  const { t: tLineups } = useTranslation('lineups');
  const phone = usePhoneLayout();
  const figures = useStoryFigures({ type: story.catalog.type, currency: version.currency });
  const lineups = useQuery(getVersionLineupsQueryOptions(story.id, version.id));
  useQueryErrorToast(lineups, t('versions.lineupsLoadFailed'));

  if (lineups.isError) {
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={t('versions.lineupsLoadFailed')}
        text={t('versions.loadFailedText')}
        action={<Button onClick={() => void lineups.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  if (lineups.data?.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('versions.lineupsEmpty')}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('versions.lineupsTitle')} aria-busy={lineups.isPending}>
        <TableHead>
          <TableRow>
            <TableCell>{tLineups('column.name')}</TableCell>
            {phone ? null : (
              <>
                <TableCell>
                  {tLineups('column.supplier')} → {tLineups('column.subscriber')}
                </TableCell>
                <TableCell align="right">{tLineups('column.time')}</TableCell>
                <TableCell align="right">{tLineups('column.optional')}</TableCell>
              </>
            )}
            <TableCell align="right" sx={pinnedCell}>
              {tLineups('column.total')}
            </TableCell>
            {phone ? null : <TableCell align="right">{tLineups('column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lineups.data ? (
            lineups.data.map((lineup) => (
              <LineupRow
                key={lineup.id}
                storyId={story.id}
                version={version}
                lineup={lineup}
                figures={figures}
                phone={phone}
              />
            ))
          ) : (
            <TableSkeletonRows rows={2} columns={phone ? 2 : 6} />
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
