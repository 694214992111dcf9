// Forms built on the shared schemas: validated on blur, localized, first failing rule only.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crossFieldRules, rules, v } from '@costory/shared';
import { FORM_VALIDATION_MODE } from './form-mode';
import { createLocalizedResolver } from './localized-resolver';
import { localeOfLanguage } from '@/i18n';
import { useLocalizedForm } from './use-localized-form';

const schema = z.object({ code: v.requiredString(rules.alpha(), rules.min(3)) });

async function createI18n(language: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: {},
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

function CodeForm() {
  const form = useLocalizedForm(schema, {
    defaultValues: { code: '' },
    fieldLabels: (locale) => ({ code: locale === 'cs' ? 'kód' : 'code' }),
  });
  const error = form.formState.errors.code;
  return (
    <form>
      <label htmlFor="code">Code</label>
      <input id="code" {...form.register('code')} />
      <button type="button" onClick={() => form.setValue('code', '1')}>
        Fill in
      </button>
      {error ? <p role="alert">{error.message}</p> : null}
    </form>
  );
}

async function renderForm(language: string) {
  const i18n = await createI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <CodeForm />
    </I18nextProvider>,
  );
  return { i18n, user: userEvent.setup(), input: screen.getByLabelText('Code') };
}

/** Lets pending (asynchronous) validation settle, so "no error" is not just "not yet". */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('useLocalizedForm', () => {
  it('shows no error while typing and the localized error after blur', async () => {
    const { user, input } = await renderForm('en');
    await user.type(input, 'ab');
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code must be at least 3 characters',
    );
  });

  it('shows the Czech text when the locale is Czech', async () => {
    const { user, input } = await renderForm('cs');
    await user.type(input, 'ab');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Pole kód musí mít alespoň 3 znaky');
  });

  it('shows only the first failing rule', async () => {
    const { user, input } = await renderForm('en');
    // "1" is neither letters nor 3 characters long: alpha comes first.
    await user.type(input, '1');
    await user.tab();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('The code may only contain letters');
  });

  it('re-validates while editing only on the next blur', async () => {
    const { user, input } = await renderForm('en');
    await user.type(input, 'ab');
    await user.tab();
    await screen.findByRole('alert');
    await user.type(input, 'c');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The code must be at least 3 characters');
    await user.tab();
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('validates a value set by code at once', async () => {
    const { user } = await renderForm('en');
    await user.click(screen.getByRole('button', { name: 'Fill in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code may only contain letters');
  });

  it('re-words the shown error when the language changes', async () => {
    const { i18n, user, input } = await renderForm('en');
    await user.type(input, 'ab');
    await user.tab();
    await screen.findByText('The code must be at least 3 characters');
    await act(async () => {
      await i18n.changeLanguage('cs');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Pole kód musí mít alespoň 3 znaky');
  });
});

describe('createLocalizedResolver', () => {
  const registration = crossFieldRules(
    z.object({
      email: v.email(),
      password: v.password(),
      passwordAgain: z.string(),
      address: z.object({ zip: v.requiredString(rules.digits(5)) }),
    }),
    { passwordAgain: [rules.confirmed('password')] },
  );
  const options: ResolverOptions<z.input<typeof registration>> = {
    fields: {},
    shouldUseNativeValidation: false,
  };

  it('nests the errors by path, typed by rule, in the locale of the moment', async () => {
    let locale: 'en' | 'cs' = 'en';
    const resolver = createLocalizedResolver(registration, { getLocale: () => locale });
    const values = { email: '', password: 'abc1', passwordAgain: 'abc2', address: { zip: '1' } };

    const english = await resolver(values, undefined, options);
    expect(english.errors).toEqual({
      email: { type: 'required', message: 'The email is required', ref: undefined },
      passwordAgain: {
        type: 'confirmed',
        message: 'The passwordAgain confirmation does not match',
        ref: undefined,
      },
      address: {
        zip: {
          type: 'digits',
          message: 'The zip must be numeric and exactly 5 digits long',
          ref: undefined,
        },
      },
    });

    locale = 'cs';
    const czech = await resolver(values, undefined, options);
    expect(czech.errors.email?.message).toBe('Pole email je povinné');
  });

  it('returns the parsed values when the form is valid', async () => {
    const resolver = createLocalizedResolver(registration, { getLocale: () => 'en' });
    const values = {
      email: 'jana@example.cz',
      password: 'abc1',
      passwordAgain: 'abc1',
      address: { zip: '60200' },
    };
    await expect(resolver(values, undefined, options)).resolves.toEqual({ values, errors: {} });
  });
});

describe('validation timing and locale helpers', () => {
  it('validates on blur, never on change, and on model update', () => {
    expect(FORM_VALIDATION_MODE).toEqual({
      mode: 'onBlur',
      reValidateMode: 'onBlur',
      modelUpdate: { shouldValidate: true, shouldDirty: true },
    });
  });

  it('reads the locale from a language tag', () => {
    expect(localeOfLanguage('cs')).toBe('cs');
    expect(localeOfLanguage('cs-CZ')).toBe('cs');
    expect(localeOfLanguage('de')).toBe('en');
    expect(localeOfLanguage(undefined)).toBe('en');
  });
});
