// Creating and editing a label of a catalog or a story: title, description and background colour (picker, hex code
// or a preset), previewed as a chip; the caller says where it is saved.
import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { labelFieldsSchema, type Label } from '@costory/shared';
import { useToast } from './feedback/toast';
import { FormTextField } from './form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { isProblem, problemText } from '@/lib/problem-text';
import { FormDialog } from './form-dialog';
import { LabelChip } from './label-chip';

/** The body of a label's POST and PUT (the shared labelFieldsSchema). */
export interface LabelBody {
  title: string;
  description: string;
  color: string;
}

/** A few colours that read well as chip backgrounds, named for the buttons that pick them. */
export const LABEL_PRESETS = [
  { key: 'red', color: '#e53935' },
  { key: 'orange', color: '#fb8c00' },
  { key: 'yellow', color: '#fdd835' },
  { key: 'green', color: '#43a047' },
  { key: 'teal', color: '#00897b' },
  { key: 'blue', color: '#1e88e5' },
  { key: 'purple', color: '#8e24aa' },
  { key: 'grey', color: '#757575' },
] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export interface LabelDialogProps {
  /** The label to edit; a new one without. */
  label?: Label;
  /** Creates or updates the label; a rejection keeps the dialog open with the reason. */
  save: (body: LabelBody) => Promise<unknown>;
  onClose: () => void;
}

export function LabelDialog({ label, save, onClose }: LabelDialogProps) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const form = useLocalizedForm(labelFieldsSchema, {
    defaultValues: {
      title: label?.title ?? '',
      description: label?.description ?? '',
      color: label?.color ?? LABEL_PRESETS[5].color,
    },
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        title: tFixed('fieldName.title'),
        description: tFixed('fieldName.description'),
        color: tFixed('fieldName.color'),
      };
    },
  });
  const [title, color] = useWatch({ control: form.control, name: ['title', 'color'] });

  const onError = (error: unknown) => {
    const shown =
      isProblem(error, 'VALIDATION_FAILED') &&
      applyServerFieldErrors(form.setError, error.errors, ['title', 'description', 'color']);
    if (!shown) toast.error(problemText(error, t('labels.saveFailed')));
  };

  return (
    <FormDialog
      open
      title={label ? t('labels.editTitle') : t('labels.createTitle')}
      submitLabel={label ? t('actions.save') : t('labels.create')}
      submitting={saving}
      onClose={onClose}
      onSubmit={(event) =>
        void form.handleSubmit(async (body) => {
          setSaving(true);
          try {
            await save(body);
            onClose();
          } catch (error) {
            onError(error);
            setSaving(false);
          }
        })(event)
      }
    >
      <FormTextField control={form.control} name="title" label={t('fields.title')} required />
      <FormTextField
        control={form.control}
        name="description"
        label={t('fields.description')}
        multiline
        minRows={2}
      />
      <Box>
        <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
          {t('labels.colour')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <TextField
                type="color"
                label={t('labels.picker')}
                value={HEX_COLOR.test(field.value) ? field.value.toLowerCase() : '#000000'}
                onChange={(event) =>
                  form.setValue('color', event.target.value, { shouldValidate: true })
                }
                sx={{ width: 96 }}
                slotProps={{ htmlInput: { sx: { cursor: 'pointer' } } }}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="color"
            label={t('labels.hex')}
            required
            sx={{ maxWidth: 180 }}
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 7 } }}
          />
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          role="group"
          aria-label={t('labels.presets')}
          sx={{ mt: 0.5, flexWrap: 'wrap' }}
          useFlexGap
        >
          {LABEL_PRESETS.map((preset) => {
            const name = t(`labels.preset.${preset.key}`);
            const selected = color.toLowerCase() === preset.color;
            return (
              <Tooltip key={preset.key} title={name}>
                <ButtonBase
                  aria-label={name}
                  aria-pressed={selected}
                  onClick={() => form.setValue('color', preset.color, { shouldValidate: true })}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    bgcolor: preset.color,
                    outline: selected ? '3px solid' : 'none',
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                    '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark' },
                  }}
                />
              </Tooltip>
            );
          })}
        </Stack>
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('labels.preview')}
          </Typography>
          <LabelChip
            title={title.trim() || t('labels.previewTitle')}
            color={HEX_COLOR.test(color) ? color : '#757575'}
          />
        </Box>
      </Box>
    </FormDialog>
  );
}
