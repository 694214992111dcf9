// The version comparison's sides and figures: who the two sides are, then totals, roles and phases with both sides and the difference.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import {
  isScored,
  type ComparisonReason,
  type Story,
  type StoryVersionComparison,
} from '@costory/shared';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useStoryFigures, type StoryFigureFormat } from '../lib/story-figures';
import { Difference } from './comparison-difference';

const NONE = '—';

export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** A side's figure cells: narrower padding, so both sides' blocks fit beside each other on a desktop. */
const sideCell = { ...numeric, px: 1 } as const;
const sideStart = { borderLeft: 1, borderColor: 'divider', pl: 2 } as const;

/**
 * On a phone a table keeps its first column and the difference; the columns between give way to
 * lines under the row's name (as the app's other wide lists do).
 */
export function PhoneLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line) => (
        <Typography
          key={line}
          variant="body2"
          sx={{ color: 'text.secondary', fontWeight: 400, fontVariantNumeric: 'tabular-nums' }}
        >
          {line}
        </Typography>
      ))}
    </>
  );
}

type Side = StoryVersionComparison['from'];

/** The figures of both sides: each side's prices in the currency it was priced in. */
export interface ComparisonFigures {
  from: StoryFigureFormat;
  to: StoryFigureFormat;
  /** Prices are shown: a customer reads amounts and time only (decision 0033). */
  withPrices: boolean;
  scored: boolean;
}

export function useComparisonFigures(
  story: Story,
  comparison: StoryVersionComparison,
): ComparisonFigures {
  const { type } = story.catalog;
  const from = useStoryFigures({ type, currency: comparison.from.currency });
  const to = useStoryFigures({ type, currency: comparison.to.currency });
  return { from, to, withPrices: comparison.total.from.price !== null, scored: isScored(type) };
}

export function ReasonChips({ reasons }: { reasons: readonly ComparisonReason[] }) {
  const { t } = useTranslation('stories');
  if (reasons.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {reasons.map((reason) => (
        <Chip key={reason} size="small" label={t(`versions.compare.reason.${reason}`)} />
      ))}
    </Box>
  );
}

/** A section of the page: its heading and what it holds. */
export function ComparisonSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.3rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A wide table's frame: it scrolls sideways inside itself, never the page. */
export function ComparisonTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ minWidth }}>
        {children}
      </Table>
    </TableContainer>
  );
}

function SideCard({
  side,
  label,
  figures,
}: {
  side: Side;
  label: string;
  figures: StoryFigureFormat;
}) {
  const { t } = useTranslation('stories');
  const { locale } = figures;
  return (
    <Paper variant="outlined" component="article" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography
        variant="h3"
        sx={{ fontSize: '1.1rem', fontWeight: 700, overflowWrap: 'anywhere', mb: 0.5 }}
      >
        {side.name ?? t(side.upgraded ? 'versions.compare.upgraded' : 'versions.compare.live')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {side.createdAt !== null
          ? t('versions.compare.frozen', { date: formatDateTime(side.createdAt, locale) })
          : t(side.upgraded ? 'versions.compare.upgradedSide' : 'versions.compare.liveSide')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('versions.compare.currency', { currency: side.currency })} ·{' '}
        {t('versions.instanceCount', {
          count: side.instanceCount,
          number: formatNumber(side.instanceCount, locale),
        })}
      </Typography>
      {side.errorCount > 0 ? (
        <Chip
          size="small"
          color="error"
          icon={<ErrorOutlineIcon />}
          label={t('versions.errorCount', {
            count: side.errorCount,
            number: formatNumber(side.errorCount, locale),
          })}
          sx={{ mt: 0.75 }}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('versions.compare.noErrors')}
        </Typography>
      )}
    </Paper>
  );
}

export function ComparisonSides({
  comparison,
  figures,
}: {
  comparison: StoryVersionComparison;
  figures: ComparisonFigures;
}) {
  const { t } = useTranslation('stories');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        mb: 3,
      }}
    >
      <SideCard side={comparison.from} label={t('versions.compare.from')} figures={figures.from} />
      <SideCard side={comparison.to} label={t('versions.compare.to')} figures={figures.to} />
    </Box>
  );
}

/** A side's figures: cells beside each other, or on a phone one line "From: 6 MD · CZK 63,000.00". */
function useSideFigures() {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  return {
    phone,
    cells: (texts: readonly string[], key: string) =>
      phone
        ? null
        : texts.map((text, index) => (
            <TableCell
              key={`${key}-${index}`}
              align="right"
              sx={index === 0 ? [sideCell, sideStart] : sideCell}
            >
              {text}
            </TableCell>
          )),
    line: (side: 'from' | 'to', texts: readonly string[]) =>
      t('versions.compare.sideLine', {
        side: t(`versions.compare.${side}`),
        figures: texts.filter((text) => text !== NONE).join(' · ') || NONE,
      }),
  };
}

/** A difference cell: price over time (time alone without prices), pinned in sight on a phone. */
function DifferenceCell({
  difference,
  figures,
  strong = false,
}: {
  difference: { price: string | null; mandays: number };
  figures: ComparisonFigures;
  strong?: boolean;
}) {
  return (
    <TableCell align="right" sx={[numeric, pinnedCell]}>
      {figures.withPrices && difference.price !== null ? (
        <>
          <Difference value={difference.price} kind="price" figures={figures.to} strong={strong} />
          <br />
        </>
      ) : null}
      <Difference value={difference.mandays} kind="mandays" figures={figures.to} />
    </TableCell>
  );
}

export function ComparisonTotals({
  comparison,
  figures,
}: {
  comparison: StoryVersionComparison;
  figures: ComparisonFigures;
}) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  const { total, optional } = comparison;
  const mandays = (format: StoryFigureFormat, value: number) =>
    t('figures.mandays', { value: format.mandays(value) });
  const rows: { key: string; label: string; from: string; to: string; difference: ReactNode }[] =
    [];
  const money = (key: string, label: string, figuresOf: typeof total) => {
    const { from, to, difference } = figuresOf;
    if (
      !figures.withPrices ||
      from.price === null ||
      to.price === null ||
      difference.price === null
    )
      return;
    rows.push({
      key,
      label,
      from: figures.from.price(from.price),
      to: figures.to.price(to.price),
      difference: <Difference value={difference.price} kind="price" figures={figures.to} strong />,
    });
  };
  const time = (key: string, label: string, figuresOf: typeof total) =>
    rows.push({
      key,
      label,
      from: mandays(figures.from, figuresOf.from.mandays),
      to: mandays(figures.to, figuresOf.to.mandays),
      difference: (
        <Difference value={figuresOf.difference.mandays} kind="mandays" figures={figures.to} />
      ),
    });
  money(
    'price',
    figures.scored ? t('versions.compare.totalScore') : t('versions.compare.totalPrice'),
    total,
  );
  time('time', t('versions.compare.time'), total);
  money(
    'optionalPrice',
    figures.scored ? t('versions.compare.optionalScore') : t('versions.compare.optionalPrice'),
    optional,
  );
  time('optionalTime', t('versions.compare.optionalTime'), optional);

  return (
    <ComparisonSection id="comparison-totals" title={t('versions.compare.totalsTitle')}>
      <ComparisonTable label={t('versions.compare.totalsTitle')} minWidth={0}>
        <TableHead>
          <TableRow>
            <TableCell>{t('versions.compare.figure')}</TableCell>
            {phone ? null : (
              <>
                <TableCell align="right">{t('versions.compare.from')}</TableCell>
                <TableCell align="right">{t('versions.compare.to')}</TableCell>
              </>
            )}
            <TableCell align="right" sx={pinnedCell}>
              {t('versions.compare.column.difference')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
                {phone ? (
                  <PhoneLines
                    lines={[t('versions.compare.change', { from: row.from, to: row.to })]}
                  />
                ) : null}
              </TableCell>
              {phone ? null : (
                <>
                  <TableCell align="right" sx={numeric}>
                    {row.from}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {row.to}
                  </TableCell>
                </>
              )}
              <TableCell align="right" sx={[numeric, pinnedCell]}>
                {row.difference}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ComparisonTable>
    </ComparisonSection>
  );
}

/** The heads of a table with a block of columns per side: the sides over their own columns. */
function SidesHead({
  leading,
  side,
  trailing,
}: {
  leading: readonly string[];
  side: readonly string[];
  trailing: readonly string[];
}) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <TableHead>
        <TableRow>
          {leading.map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
          {trailing.map((label) => (
            <TableCell key={label} align="right" sx={pinnedCell}>
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
    );
  }
  return (
    <TableHead>
      <TableRow>
        {leading.map((label) => (
          <TableCell key={label} rowSpan={2}>
            {label}
          </TableCell>
        ))}
        <TableCell
          align="center"
          colSpan={side.length}
          sx={{ borderLeft: 1, borderColor: 'divider' }}
        >
          {t('versions.compare.from')}
        </TableCell>
        <TableCell
          align="center"
          colSpan={side.length}
          sx={{ borderLeft: 1, borderColor: 'divider' }}
        >
          {t('versions.compare.to')}
        </TableCell>
        {trailing.map((label, index) => (
          <TableCell
            key={label}
            rowSpan={2}
            align={index === 0 ? 'right' : undefined}
            sx={index === 0 ? pinnedCell : undefined}
          >
            {label}
          </TableCell>
        ))}
      </TableRow>
      <TableRow>
        {[0, 1].flatMap((block) =>
          side.map((label, index) => (
            <TableCell
              key={`${block}-${label}`}
              align="right"
              sx={index === 0 ? [sideCell, sideStart] : sideCell}
            >
              {label}
            </TableCell>
          )),
        )}
      </TableRow>
    </TableHead>
  );
}

export function ComparisonRoles({
  story,
  comparison,
  figures,
}: {
  story: Story;
  comparison: StoryVersionComparison;
  figures: ComparisonFigures;
}) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const localized = useLocalizedText(story.catalog);
  const sides = useSideFigures();
  if (comparison.byRole.length === 0) return null;
  const { withPrices } = figures;
  const side = withPrices
    ? [
        t('versions.compare.column.amount'),
        t('versions.compare.column.unitPrice'),
        figures.scored ? t('versions.compare.column.score') : t('versions.compare.column.price'),
        t('versions.compare.column.time'),
      ]
    : [t('versions.compare.column.amount'), t('versions.compare.column.time')];
  type RoleSide = StoryVersionComparison['byRole'][number]['from'];
  // The amount carries its unit ("16 h"), so a unit that changed shows on both sides.
  const amount = (roleSide: NonNullable<RoleSide>) =>
    `${formatNumber(roleSide.amount, figures.to.locale, { maximumFractionDigits: 4 })} ${tDomain(
      `unitSymbol.${roleSide.unit}`,
    )}`;
  const sideTexts = (roleSide: RoleSide, format: StoryFigureFormat) => {
    const time = roleSide
      ? t('figures.mandays', { value: format.mandays(roleSide.mandays) })
      : NONE;
    return withPrices
      ? [
          roleSide ? amount(roleSide) : NONE,
          // A phone's line leaves the unit price out: amount, price and time say enough there.
          ...(sides.phone
            ? []
            : [roleSide?.unitPrice ? format.unitPrice(roleSide.unitPrice) : NONE]),
          roleSide?.price ? format.price(roleSide.price) : NONE,
          time,
        ]
      : [roleSide ? amount(roleSide) : NONE, time];
  };
  return (
    <ComparisonSection id="comparison-roles" title={t('versions.compare.byRoleTitle')}>
      <ComparisonTable
        label={t('versions.compare.byRoleTitle')}
        minWidth={sides.phone ? 0 : withPrices ? 960 : 560}
      >
        <SidesHead
          leading={[t('versions.compare.column.role')]}
          side={side}
          trailing={[t('versions.compare.column.difference')]}
        />
        <TableBody>
          {comparison.byRole.map((role) => (
            <TableRow key={role.roleId} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {localized(role.name) || role.code}
                </Typography>
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ color: 'text.secondary', whiteSpace: 'nowrap', mb: 0.25 }}
                >
                  {role.code}
                </Typography>
                {sides.phone ? (
                  <PhoneLines
                    lines={[
                      sides.line('from', sideTexts(role.from, figures.from)),
                      sides.line('to', sideTexts(role.to, figures.to)),
                    ]}
                  />
                ) : null}
                <ReasonChips reasons={role.reasons} />
              </TableCell>
              {sides.cells(sideTexts(role.from, figures.from), 'from')}
              {sides.cells(sideTexts(role.to, figures.to), 'to')}
              <DifferenceCell difference={role.difference} figures={figures} />
            </TableRow>
          ))}
        </TableBody>
      </ComparisonTable>
    </ComparisonSection>
  );
}

export function ComparisonPhases({
  story,
  comparison,
  figures,
}: {
  story: Story;
  comparison: StoryVersionComparison;
  figures: ComparisonFigures;
}) {
  const { t } = useTranslation('stories');
  const { t: tSummaries } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const sides = useSideFigures();
  if (comparison.byPhase.length === 0) return null;
  const { withPrices } = figures;
  const side = withPrices
    ? [
        figures.scored ? t('versions.compare.column.score') : t('versions.compare.column.price'),
        t('versions.compare.column.time'),
      ]
    : [t('versions.compare.column.time')];
  const sideTexts = (
    phaseSide: { price: string | null; mandays: number },
    format: StoryFigureFormat,
  ) => [
    ...(withPrices ? [phaseSide.price === null ? NONE : format.price(phaseSide.price)] : []),
    t('figures.mandays', { value: format.mandays(phaseSide.mandays) }),
  ];
  return (
    <ComparisonSection id="comparison-phases" title={t('versions.compare.byPhaseTitle')}>
      <ComparisonTable
        label={t('versions.compare.byPhaseTitle')}
        minWidth={sides.phone ? 0 : withPrices ? 720 : 480}
      >
        <SidesHead
          leading={[t('versions.compare.column.phase')]}
          side={side}
          trailing={[t('versions.compare.column.difference')]}
        />
        <TableBody>
          {comparison.byPhase.map((phase) => (
            <TableRow key={phase.phaseId ?? 'none'} hover>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {phase.name ? localized(phase.name) || phase.code : tSummaries('withoutPhase')}
                {sides.phone ? (
                  <PhoneLines
                    lines={[
                      sides.line('from', sideTexts(phase.from, figures.from)),
                      sides.line('to', sideTexts(phase.to, figures.to)),
                    ]}
                  />
                ) : null}
              </TableCell>
              {sides.cells(sideTexts(phase.from, figures.from), 'from')}
              {sides.cells(sideTexts(phase.to, figures.to), 'to')}
              <DifferenceCell difference={phase.difference} figures={figures} />
            </TableRow>
          ))}
        </TableBody>
      </ComparisonTable>
    </ComparisonSection>
  );
}
