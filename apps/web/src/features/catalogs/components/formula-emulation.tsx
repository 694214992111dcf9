// Emulation of an item's formulas: sample values of the attributes up to a chosen level, calculated at once in the
// browser by @costory/calc with the formulas as they are in the editor (saved or not) and the catalog's role prices.
import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import {
  calculateInstance,
  type AttributeValue,
  type AttributeValues,
  type FormulaAttribute,
  type StoryModel,
} from '@costory/calc';
import {
  parseNumber,
  type Attribute,
  type Catalog,
  type Item,
  type Locale,
  type Role,
} from '@costory/shared';
import { formatNumber } from '@/lib/format';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import type { FormulaTexts } from '@/hooks/use-formula-texts';
import type { FormulaForm } from '../lib/formula-form';
import { formatRolePrice } from '../lib/money';

/** What the user typed or chose for one attribute; absent = the attribute's default. */
type Entered = Readonly<Record<string, string | boolean>>;

function defaultEntry(attribute: Attribute, locale: Locale) {
  const value = attribute.defaultValue;
  if (attribute.type === 'BOOLEAN') return value === true;
  if (value === null) return '';
  if (typeof value === 'number') {
    return formatNumber(value, locale, { useGrouping: false, maximumFractionDigits: 20 });
  }
  return String(value);
}

/** The entry as the engine takes it: empty is "not filled in", a number that does not read stays text. */
function valueOf(attribute: Attribute, entry: string | boolean): AttributeValue {
  if (typeof entry === 'boolean') return entry;
  if (entry.trim() === '') return null;
  if (attribute.type === 'NUMBER' || attribute.type === 'INTEGER') {
    return parseNumber(entry) ?? entry;
  }
  return entry;
}

function numberProblem(
  attribute: Attribute,
  entry: string | boolean,
): 'notANumber' | 'notAnInteger' | null {
  if (typeof entry !== 'string' || entry.trim() === '') return null;
  if (attribute.type !== 'NUMBER' && attribute.type !== 'INTEGER') return null;
  const number = parseNumber(entry);
  if (number === null) return 'notANumber';
  return attribute.type === 'INTEGER' && !Number.isInteger(number) ? 'notAnInteger' : null;
}

export interface FormulaEmulationProps {
  catalog: Catalog;
  item: Item;
  roles: readonly Role[];
  /** The item's attributes as the engine sees them. */
  attributes: readonly FormulaAttribute[];
  /** The formulas in the editor now. */
  formulas: readonly FormulaForm[];
  levels: readonly number[];
  texts: FormulaTexts;
}

export const FormulaEmulation = memo(function FormulaEmulation({
  catalog,
  item,
  roles,
  attributes,
  formulas,
  levels,
  texts,
}: FormulaEmulationProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const deepest = levels[levels.length - 1] ?? 1;
  const [chosenLevel, setLevel] = useState(deepest);
  const level = Math.min(chosenLevel, deepest);
  const [entered, setEntered] = useState<Entered>({});

  const shown = item.attributes.filter((attribute) => attribute.level <= level);
  const entryOf = (attribute: Attribute) =>
    entered[attribute.code] ?? defaultEntry(attribute, locale);
  const enter = (code: string, entry: string | boolean) =>
    setEntered((previous) => ({ ...previous, [code]: entry }));

  const values: AttributeValues = Object.fromEntries(
    shown.map((attribute) => [attribute.code, valueOf(attribute, entryOf(attribute))]),
  );
  // Cheap for one item: the component renders again only when the formulas, values or level change.
  const model: StoryModel = {
    roles: roles.map((role) => ({ id: role.id, unit: role.unit, price: role.price })),
    items: [
      {
        id: item.id,
        groupId: null,
        phaseId: null,
        attributes,
        formulas: formulas.map((formula) => ({
          roleId: formula.roleId,
          level: formula.level,
          expression: formula.expression,
        })),
      },
    ],
    groups: [],
  };
  const result = calculateInstance(model, {
    id: 1,
    itemId: item.id,
    level,
    values,
    optional: false,
    labelIds: [],
  });

  const price = (value: string) => formatRolePrice(value, catalog, locale);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="formula-emulation-title"
      sx={{ p: { xs: 2, md: 2.5 }, mt: 3 }}
    >
      <Typography variant="h3" id="formula-emulation-title" sx={{ fontSize: '1.1rem' }}>
        {t('emulation.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t('emulation.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('emulation.level')}
        value={level}
        onChange={(event) => setLevel(Number(event.target.value))}
        sx={{ minWidth: 200, mb: 2 }}
      >
        {levels.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>

      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('emulation.values')}
      </Typography>
      {shown.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('emulation.noValues')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
            mb: 2,
          }}
        >
          {shown.map((attribute) => {
            const label = localized(attribute.name) || attribute.code;
            const entry = entryOf(attribute);
            const helper = `${attribute.code} · ${t('formulas.level', { level: attribute.level })}`;
            if (attribute.type === 'BOOLEAN') {
              return (
                <FormControlLabel
                  key={attribute.code}
                  label={label}
                  control={
                    <Switch
                      checked={entry === true}
                      onChange={(event) => enter(attribute.code, event.target.checked)}
                    />
                  }
                />
              );
            }
            if (attribute.type === 'ENUM') {
              return (
                <TextField
                  key={attribute.code}
                  select
                  size="small"
                  label={label}
                  required={attribute.mandatory}
                  value={typeof entry === 'string' ? entry : ''}
                  onChange={(event) => enter(attribute.code, event.target.value)}
                  helperText={helper}
                >
                  <MenuItem value="">{t('emulation.noValue')}</MenuItem>
                  {attribute.enumValues.map((option) => (
                    <MenuItem key={option.code} value={option.code}>
                      {localized(option.label) || option.code}
                    </MenuItem>
                  ))}
                </TextField>
              );
            }
            const problem = numberProblem(attribute, entry);
            return (
              <TextField
                key={attribute.code}
                size="small"
                label={label}
                required={attribute.mandatory}
                value={typeof entry === 'string' ? entry : ''}
                onChange={(event) => enter(attribute.code, event.target.value)}
                error={problem !== null}
                helperText={problem ? t(`emulation.${problem}`) : helper}
                slotProps={{
                  htmlInput: {
                    inputMode:
                      attribute.type === 'NUMBER'
                        ? 'decimal'
                        : attribute.type === 'INTEGER'
                          ? 'numeric'
                          : 'text',
                  },
                }}
              />
            );
          })}
        </Box>
      )}

      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('emulation.results')} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('emulation.role')}</TableCell>
              <TableCell align="right">{t('emulation.amount')}</TableCell>
              <TableCell align="right">{t('emulation.unitPrice')}</TableCell>
              <TableCell align="right">{t('emulation.price')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => {
              const line = result.lines.find((candidate) => candidate.roleId === role.id);
              const applies = formulas.some(
                (formula) => formula.roleId === role.id && formula.level <= level,
              );
              const unit = tDomain(`unitSymbol.${role.unit}`);
              return (
                <TableRow key={role.id}>
                  <TableCell component="th" scope="row">
                    {localized(role.name) || role.code}
                  </TableCell>
                  {line?.error ? (
                    <TableCell colSpan={3} sx={{ color: 'error.main' }}>
                      <Box component="span" sx={{ display: 'inline-flex', gap: 0.75 }}>
                        <ErrorOutlineIcon fontSize="small" aria-hidden />
                        {texts.errorText(line.error)}
                      </Box>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {applies
                          ? `${formatNumber(line?.amount ?? 0, locale, { maximumFractionDigits: 4 })} ${unit}`
                          : t('emulation.notApplied')}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {price(line?.unitPrice ?? role.price)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {price(line?.price ?? '0')}
                      </TableCell>
                    </>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3}>
                {t('emulation.total')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {price(result.total.price)}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3}>
                {t('emulation.time')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatNumber(result.total.mandays, locale, { maximumFractionDigits: 4 })}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Paper>
  );
});
