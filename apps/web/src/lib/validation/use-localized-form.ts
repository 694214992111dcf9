// useForm with the spec's validation timing and messages localized in the current language.
import { useCallback, useEffect, useRef } from 'react';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { localeOfLanguage } from '@/i18n';
import { FORM_VALIDATION_MODE } from './form-mode';
import { createLocalizedResolver, type LocalizedResolverOptions } from './localized-resolver';

export interface UseLocalizedFormOptions<TInput extends FieldValues, TOutput> extends Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver'
> {
  readonly fieldLabels?: LocalizedResolverOptions['fieldLabels'];
}

/**
 * A react-hook-form form validated by a shared zod schema: on blur, not while typing; `setValue`
 * validates by default (model updates); messages in the current language, and the errors on
 * screen are re-worded when the language changes.
 */
export function useLocalizedForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  { fieldLabels, ...formOptions }: UseLocalizedFormOptions<TInput, TOutput> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const form = useForm<TInput, unknown, TOutput>({
    mode: FORM_VALIDATION_MODE.mode,
    reValidateMode: FORM_VALIDATION_MODE.reValidateMode,
    ...formOptions,
    // Rebuilt each render (react-hook-form reads the latest), so new labels apply at once.
    resolver: createLocalizedResolver<TInput, TOutput>(schema, {
      getLocale: () => localeOfLanguage(i18n.resolvedLanguage ?? i18n.language),
      fieldLabels,
    }),
  });

  const { errors } = form.formState;
  const { trigger, setValue } = form;
  const wordedIn = useRef(language);
  useEffect(() => {
    if (wordedIn.current === language) return;
    wordedIn.current = language;
    // Only fields already showing an error: the others must not light up on a language switch.
    const shown = Object.keys(errors).filter((name) => name !== 'root') as FieldPath<TInput>[];
    if (shown.length > 0) void trigger(shown);
  }, [language, errors, trigger]);

  const setModelValue = useCallback<UseFormSetValue<TInput>>(
    (name, value, options) =>
      setValue(name, value, { ...FORM_VALIDATION_MODE.modelUpdate, ...options }),
    [setValue],
  );

  return { ...form, setValue: setModelValue };
}
