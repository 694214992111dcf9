// /registration as a visitor meets it: validation on blur in both languages, the request, server errors on the fields, the success view.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMeta, jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const REGISTER = 'POST /api/v1/registrations';

const COMPANY = {
  'Company name': 'Stavby Novák s.r.o.',
  'Company e-mail': 'info@stavby-novak.cz',
  'Phone (optional)': '+420 601 234 567',
  Street: 'Údolní',
  'Street number': '12a',
  City: 'Brno',
  'ZIP code': '602 00',
  Country: 'Česko',
};

const LABELS = {
  en: {
    company: Object.keys(COMPANY),
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    password: 'Password',
    passwordConfirmation: 'Confirm password',
  },
  cs: {
    company: [
      'Název společnosti',
      'E-mail společnosti',
      'Telefon (nepovinné)',
      'Ulice',
      'Číslo popisné',
      'Město',
      'PSČ',
      'Země',
    ],
    firstName: 'Jméno',
    lastName: 'Příjmení',
    email: 'E-mail',
    password: 'Heslo',
    passwordConfirmation: 'Heslo znovu',
  },
};

async function fillIn(user: UserEvent, locale: 'en' | 'cs' = 'en') {
  const labels = LABELS[locale];
  for (const [index, value] of Object.values(COMPANY).entries()) {
    await user.type(screen.getByLabelText(labels.company[index] ?? ''), value);
  }
  await user.type(screen.getByLabelText(labels.firstName), 'Jana');
  await user.type(screen.getByLabelText(labels.lastName), 'Nováková');
  await user.type(screen.getByLabelText(labels.email), 'jana@stavby-novak.cz');
  await user.type(screen.getByLabelText(labels.password), 'Heslo123');
  await user.type(screen.getByLabelText(labels.passwordConfirmation), 'Heslo123');
}

async function openPage(locale: 'en' | 'cs' = 'en') {
  window.localStorage.setItem('locale', locale);
  const view = renderApp('/registration', { signedIn: false });
  await screen.findByRole('heading', {
    level: 1,
    name: locale === 'en' ? 'Register a company' : 'Registrace společnosti',
  });
  return view;
}

describe('/registration', () => {
  it('groups the fields into Company and First user', async () => {
    await openPage();
    const company = screen.getByRole('region', { name: 'Company' });
    const user = screen.getByRole('region', { name: 'First user' });
    expect(within(company).getAllByRole('textbox')).toHaveLength(8);
    expect(within(user).getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('validates on blur, in English', async () => {
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Company name'));
    await user.tab();
    expect(await screen.findByText('The company name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'heslo heslo');
    await user.tab();
    expect(
      await screen.findByText(
        'Password must contain at least 1 digit and 1 letter without a space',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Heslo123');
    await user.type(screen.getByLabelText('Confirm password'), 'Heslo124');
    await user.tab();
    expect(await screen.findByText('The password confirmation does not match')).toBeInTheDocument();
  });

  it('validates on blur, in Czech', async () => {
    const { user } = await openPage('cs');
    await user.click(screen.getByLabelText('Název společnosti'));
    await user.tab();
    expect(await screen.findByText('Pole název společnosti je povinné')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail společnosti'), 'info@');
    await user.tab();
    expect(
      await screen.findByText('Pole e-mail společnosti musí být platná e-mailová adresa'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Heslo'), 'ab1');
    await user.tab();
    expect(await screen.findByText('Pole heslo musí mít alespoň 8 znaků')).toBeInTheDocument();
  });

  it('sends the shared registration body and shows where the e-mail went', async () => {
    const { callsTo } = stubFetch({
      [REGISTER]: () => jsonResponse({ email: 'jana@stavby-novak.cz' }, 201),
      'GET /api/v1/meta': () =>
        jsonResponse(createMeta({ demo: true, demoUser: { email: 'd@x.cz', password: 'D1' } })),
    });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your inbox' }),
    ).toBeInTheDocument();
    expect(screen.getByText('jana@stavby-novak.cz')).toBeInTheDocument();
    expect(screen.getByText('The link is valid for 24 hours.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(
      await screen.findByRole('link', { name: 'Open the development mailbox' }),
    ).toHaveAttribute('href', '/dev/mailbox');
    expect(callsTo(REGISTER)[0]?.json()).toEqual({
      company: {
        name: 'Stavby Novák s.r.o.',
        email: 'info@stavby-novak.cz',
        phone: '+420 601 234 567',
        country: 'Česko',
        city: 'Brno',
        street: 'Údolní',
        streetNumber: '12a',
        zip: '602 00',
      },
      user: {
        email: 'jana@stavby-novak.cz',
        password: 'Heslo123',
        firstName: 'Jana',
        lastName: 'Nováková',
      },
    });
  });

  it.each([
    ['en', 'Register', 'Too many requests. Wait a moment and try again.'],
    ['cs', 'Zaregistrovat', 'Příliš mnoho požadavků. Chvíli počkejte a zkuste to znovu.'],
  ] as const)(
    'says when registrations are limited (429, %s), keeping the input',
    async (locale, submit, text) => {
      stubFetch({ [REGISTER]: () => problemResponse(429, 'RATE_LIMITED') });
      const { user } = await openPage(locale);
      await fillIn(user, locale);
      await user.click(screen.getByRole('button', { name: submit }));

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByLabelText('E-mail')).toHaveValue('jana@stavby-novak.cz');
    },
  );

  it('puts the server field errors on their fields', async () => {
    stubFetch({
      [REGISTER]: () =>
        problemResponse(400, 'VALIDATION_FAILED', [
          { field: 'company.zip', rule: 'regex', message: 'The zip code format is invalid' },
        ]),
    });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The zip code format is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some values are not valid. Check the highlighted fields.',
    );
  });
});
