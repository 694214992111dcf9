// The "Number of errors in formula" dialog: per failed formula its instance, item, role, level, inputs, (score) price and error.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  Story,
  StoryCalculationDto,
  StoryCatalog,
  StoryCatalogAttribute,
} from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { formatNumber } from '@/lib/format';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useFormulaTexts } from '@/hooks/use-formula-texts';
import { useInstanceNames, type InstanceNames } from './use-instance-names';
import type { SummaryFormat } from './use-summary-format';

type FormulaError = StoryCalculationDto['errors'][number];
type InputValue = FormulaError['inputs'][string];

const EMPTY_ATTRIBUTES: readonly StoryCatalogAttribute[] = [];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

interface ErrorEntryProps {
  story: Story;
  catalog: StoryCatalog;
  error: FormulaError;
  instanceName: string | null;
  format: SummaryFormat;
}

function ErrorEntry({ story, catalog, error, instanceName, format }: ErrorEntryProps) {
  const { t } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const item = catalog.items.find((candidate) => candidate.id === error.itemId);
  const role = catalog.roles.find((candidate) => candidate.id === error.roleId);
  const attributes = item?.attributes ?? EMPTY_ATTRIBUTES;
  const texts = useFormulaTexts(story.catalog, attributes);

  const valueText = (code: string, value: InputValue): string => {
    if (value === null) return t('errors.noValue');
    if (typeof value === 'boolean') return value ? t('errors.yes') : t('errors.no');
    if (typeof value === 'number') return formatNumber(value, format.locale);
    const attribute = attributes.find((candidate) => candidate.code === code);
    const option = attribute?.enumValues.find((candidate) => candidate.code === value);
    return option ? localized(option.label) || value : value;
  };
  const inputs = Object.entries(error.inputs);
  const itemName = item
    ? `${localized(item.name) || item.code} (${item.code})`
    : `#${error.itemId}`;

  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {t('errors.instance')}:{' '}
        </Box>
        {instanceName ?? <Skeleton width={160} sx={{ display: 'inline-block' }} />}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        <Field label={t('errors.item')}>{itemName}</Field>
        <Field label={t('errors.role')}>
          {role ? localized(role.name) || role.code : `#${error.roleId}`}
        </Field>
        <Field label={t('errors.level')}>{formatNumber(error.level, format.locale)}</Field>
        {error.unitPrice === null ? null : (
          <Field label={format.scored ? t('errors.scorePrice') : t('errors.unitPrice')}>
            {format.unitPrice(error.unitPrice)}
          </Field>
        )}
        <Field label={t('errors.inputs')}>
          {inputs.length === 0 ? (
            t('errors.noInputs')
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {inputs.map(([code, value]) => (
                <li key={code}>
                  {texts.attributeLabel(code)}: <strong>{valueText(code, value)}</strong>
                </li>
              ))}
            </Box>
          )}
        </Field>
        <Field label={t('errors.expression')}>
          <Box
            component="code"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}
          >
            {error.expression}
          </Box>
        </Field>
        <Field label={t('errors.error')}>
          <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
            {texts.errorText(error.error)}
          </Box>
        </Field>
      </Box>
    </Paper>
  );
}

export interface FormulaErrorsDialogProps {
  story: Story;
  catalog: StoryCatalog;
  errors: StoryCalculationDto['errors'];
  format: SummaryFormat;
  open: boolean;
  onClose: () => void;
  /**
   * The instances' names as a frozen version keeps them; without them the live story's are read.
   * A version's errors do not offer the live items to fix them.
   */
  frozenNames?: InstanceNames;
}

export function FormulaErrorsDialog({
  story,
  catalog,
  errors,
  format,
  open,
  onClose,
  frozenNames,
}: FormulaErrorsDialogProps) {
  const { t } = useTranslation('summaries');
  const { t: tCommon } = useTranslation();
  // The names are read only once somebody opens the dialog.
  const liveNames = useInstanceNames(story, open && frozenNames === undefined);
  const names = frozenNames ?? liveNames;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle>{t('errors.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('errors.intro')}</Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {errors.map((error) => (
            <ErrorEntry
              key={`${error.instanceId}-${error.roleId}`}
              story={story}
              catalog={catalog}
              error={error}
              instanceName={names.nameOf(error.instanceId)}
              format={format}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {frozenNames === undefined ? (
          <Button component={RouterLink} to={paths.storyItems(story.id)}>
            {t('errors.openItems')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {tCommon('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
