// The accounts contract: sign-in constants of decision 0009 and the rules of the registration and company forms.
import { describe, expect, it } from 'vitest';
import {
  ONE_TIME_CODE_ALPHABET,
  companySchema,
  companyProfileUpdateSchema,
  emailConfirmationSchema,
  loginSchema,
  registrationSchema,
} from './accounts';
import { ONE_TIME_CODE_LENGTH } from './constants';
import { OIDC_API_SCOPES, OIDC_CLIENT_ID, OIDC_COMPANY_CODE, OIDC_SCOPES } from './sign-in';
import { validateWithSchema } from './validation/localize';

const company = {
  name: 'Stavby Novák s.r.o.',
  email: 'info@stavby-novak.test',
  phone: '+420 777 123 456',
  country: 'Česká republika',
  city: 'Praha',
  street: 'Na Příkopě',
  streetNumber: '12/3',
  zip: '110 00',
};
const user = {
  email: 'petr@stavby-novak.test',
  password: 'Heslo1234',
  firstName: 'Petr',
  lastName: 'Novák',
};

describe('sign-in constants', () => {
  it('are the fixed client, company code and the spec scopes under the costory: prefix', () => {
    expect(OIDC_CLIENT_ID).toBe('costory-web');
    expect(OIDC_COMPANY_CODE).toBe('COSTORY');
    expect(OIDC_SCOPES).toEqual([
      'openid',
      'profile',
      'email',
      'offline_access',
      'costory:item.read',
      'costory:item.write',
      'costory:catalogue-group.read',
      'costory:catalogue-group.write',
    ]);
    expect(OIDC_API_SCOPES.every((scope) => scope.startsWith('costory:'))).toBe(true);
  });

  it('build one-time codes from an alphabet without look-alike characters', () => {
    expect(ONE_TIME_CODE_LENGTH).toBe(6);
    expect(ONE_TIME_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(ONE_TIME_CODE_ALPHABET).size).toBe(ONE_TIME_CODE_ALPHABET.length);
  });
});

describe('registrationSchema', () => {
  it('accepts a complete registration, with or without a phone', async () => {
    expect(registrationSchema.parse({ company, user })).toEqual({ company, user });
    const { phone: _phone, ...withoutPhone } = company;
    expect(
      (await validateWithSchema(registrationSchema, { company: withoutPhone, user }, 'en')).success,
    ).toBe(true);
  });

  it('names each invalid field once, with the spec password rule', async () => {
    const result = await validateWithSchema(
      registrationSchema,
      {
        company: { ...company, name: ' ', zip: '#', phone: 'call me' },
        user: { ...user, password: 'Heslo 1234', lastName: '' },
      },
      'en',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.map((error) => [error.field, error.rule])).toEqual([
      ['company.name', 'required'],
      ['company.phone', 'regex'],
      ['company.zip', 'regex'],
      ['user.password', 'password_strength'],
      ['user.lastName', 'required'],
    ]);
  });

  it('asks for at least 8 characters and refuses unknown fields', async () => {
    const result = await validateWithSchema(
      registrationSchema,
      { company, user: { ...user, password: 'Ab1' }, role: 'admin' },
      'en',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.map((error) => [error.field, error.rule])).toEqual([
      ['user.password', 'min'],
      ['role', 'unknown_field'],
    ]);
  });
});

describe('company and confirmation schemas', () => {
  it('accepts the zip codes and phones people write', () => {
    for (const zip of ['110 00', '11000', 'SW1A 1AA', '12345-6789']) {
      expect(companySchema.safeParse({ ...company, zip }).success).toBe(true);
    }
    for (const phone of ['', '+420 777 123 456', '(02) 1234-5678', '777123456']) {
      expect(companySchema.safeParse({ ...company, phone }).success).toBe(true);
    }
  });

  it('needs a positive integer version to update a company', () => {
    expect(companyProfileUpdateSchema.safeParse({ ...company, version: 3 }).success).toBe(true);
    for (const version of [0, 1.5, '2', undefined]) {
      expect(companyProfileUpdateSchema.safeParse({ ...company, version }).success).toBe(false);
    }
  });

  it('lets a confirmation carry a code or an e-mail with a one-time code, nothing else', () => {
    expect(emailConfirmationSchema.safeParse({ code: 'abc' }).success).toBe(true);
    expect(
      emailConfirmationSchema.safeParse({ email: 'a@b.cz', oneTimeCode: 'ABC234' }).success,
    ).toBe(true);
    // An empty body is valid here: the server answers CONFIRMATION_CODE_MISSING for it.
    expect(emailConfirmationSchema.safeParse({}).success).toBe(true);
    expect(emailConfirmationSchema.safeParse({ token: 'abc' }).success).toBe(false);
  });

  it('checks the login form without the new-password rules', () => {
    expect(loginSchema.safeParse({ email: 'demo@costory.test', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'demo', password: 'Demo1234' }).success).toBe(false);
  });
});
