// Creating and editing a phase: localized name (default language required), code and localized description.
import { useTranslation } from 'react-i18next';
import { phaseFieldsSchema, type Catalog, type Phase } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useCreatePhase, useUpdatePhase } from '../api/phases';
import { localizedLabels } from '../lib/field-labels';
import {
  localizedDescriptionSchema,
  localizedNameSchema,
  toLocalizedValues,
} from '../lib/localized-fields';
import { isProblem, problemText } from '@/lib/problem-text';
import { FormDialog } from '@/components/form-dialog';
import { LocalizedTextFields } from './localized-text-fields';

export interface PhaseDialogProps {
  catalog: Catalog;
  /** The phase to edit; without it a new one is created. */
  phase?: Phase;
  onClose: () => void;
}

export function PhaseDialog({ catalog, phase, onClose }: PhaseDialogProps) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const createPhase = useCreatePhase(catalog.id);
  const updatePhase = useUpdatePhase(catalog.id);
  const schema = phaseFieldsSchema.extend({
    name: localizedNameSchema(languages, defaultLanguage),
    description: localizedDescriptionSchema([]),
  });
  const form = useLocalizedForm(schema, {
    defaultValues: {
      name: toLocalizedValues(phase?.name, languages),
      code: phase?.code ?? '',
      description: toLocalizedValues(phase?.description, languages),
    },
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        ...localizedLabels('name', tFixed('fieldName.name'), languages, locale),
        code: tFixed('fieldName.code'),
        description: tFixed('fieldName.description'),
      };
    },
  });
  const saving = createPhase.isPending || updatePhase.isPending;

  const onError = (error: unknown) => {
    const shown =
      isProblem(error, 'VALIDATION_FAILED') &&
      applyServerFieldErrors(form.setError, error.errors, ['code']);
    if (!shown) toast.error(problemText(error, t('phases.saveFailed')));
  };

  return (
    <FormDialog
      open
      title={phase ? t('phases.editTitle') : t('phases.createTitle')}
      submitLabel={phase ? t('actions.save') : t('phases.create')}
      submitting={saving}
      onClose={onClose}
      onSubmit={(event) =>
        void form.handleSubmit((body) => {
          const done = { onSuccess: onClose, onError };
          if (phase) updatePhase.mutate({ phaseId: phase.id, body }, done);
          else createPhase.mutate(body, done);
        })(event)
      }
    >
      <LocalizedTextFields
        control={form.control}
        name="name"
        kind="name"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.name')}
      />
      <FormTextField control={form.control} name="code" label={t('fields.code')} required />
      <LocalizedTextFields
        control={form.control}
        name="description"
        kind="description"
        languages={languages}
        defaultLanguage={defaultLanguage}
        label={t('fields.description')}
        validate={() => void form.trigger('description')}
        multiline
      />
    </FormDialog>
  );
}
