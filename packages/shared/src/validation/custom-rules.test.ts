// The product's own rules: pass and fail cases, and the spec's exact texts.
import { describe, expect, it } from 'vitest';
import * as custom from './rules/custom';
import { formatValidationMessage } from './format';

describe('password strength', () => {
  it.each(['abc123', 'Heslo1', 'ř1', '1!a'])('accepts %s', (value) => {
    expect(custom.passwordStrength(value)).toBe(true);
  });
  it.each(['abcdef', '123456', 'abc 123', 'abc\t123', ' abc123'])('rejects %j', (value) => {
    expect(custom.passwordStrength(value)).toBe(false);
  });
  it('lets an empty password pass (required decides)', () => {
    expect(custom.passwordStrength('')).toBe(true);
    expect(custom.passwordStrength(undefined)).toBe(true);
  });
  it('says so in the corrected spec text', () => {
    expect(formatValidationMessage('en', 'password_strength')).toBe(
      'Password must contain at least 1 digit and 1 letter without a space',
    );
    expect(formatValidationMessage('cs', 'password_strength')).toBe(
      'Heslo musí obsahovat alespoň 1 číslici a 1 písmeno a nesmí obsahovat mezeru',
    );
  });
});

describe('description minimum length', () => {
  it('accepts every language with at least 3 characters', () => {
    expect(custom.descriptionMinLength({ en: 'Cab', cs: 'Kůň' })).toBe(true);
  });
  it('rejects a short, blank or empty text, and an empty map', () => {
    expect(custom.descriptionMinLength({ en: 'Cable', cs: 'Ka' })).toBe(false);
    expect(custom.descriptionMinLength({ en: 'Cable', cs: '   ' })).toBe(false);
    expect(custom.descriptionMinLength({ en: '' })).toBe(false);
    expect(custom.descriptionMinLength({})).toBe(false);
    expect(custom.descriptionMinLength(undefined)).toBe(false);
    expect(custom.descriptionMinLength('Cable')).toBe(false);
  });
  it('needs every listed language', () => {
    expect(custom.descriptionMinLength({ en: 'Cable' }, ['en', 'cs'])).toBe(false);
    expect(custom.descriptionMinLength({ en: 'Cable', cs: 'Kabel' }, ['en', 'cs'])).toBe(true);
  });
  it('says so in the spec texts, tooltip included', () => {
    expect(formatValidationMessage('en', 'description_min_length')).toBe(
      'Each key in the description must have at least 3 characters',
    );
    expect(formatValidationMessage('en', 'description_tooltip')).toBe(
      'Description is invalid (minimal 3 chars)',
    );
    expect(formatValidationMessage('cs', 'description_min_length')).toBe(
      'Popis musí mít v každém jazyce alespoň 3 znaky',
    );
    expect(formatValidationMessage('cs', 'description_tooltip')).toBe(
      'Popis je neplatný (alespoň 3 znaky)',
    );
  });
});

describe('greater than zero', () => {
  it.each([1, 0.01, '2', '0.5', '0,5', '+3'])('accepts %j', (value) => {
    expect(custom.greaterThanZero(value)).toBe(true);
  });
  it.each([0, -1, '0', '0,0', '-0.5', 'abc', '', undefined, Number.NaN])('rejects %j', (value) => {
    expect(custom.greaterThanZero(value)).toBe(false);
  });
  it('has a message in both languages', () => {
    expect(formatValidationMessage('en', 'greater_than_zero', { field: 'price' })).toBe(
      'The price must be greater than zero',
    );
    expect(formatValidationMessage('cs', 'greater_than_zero', { field: 'cena' })).toBe(
      'Pole cena musí být větší než nula',
    );
  });
});

describe('decimal', () => {
  it('accepts an optional sign and a dot or comma', () => {
    for (const value of ['12', '-12', '+12', '12.5', '12,5', 12.5, -3]) {
      expect(custom.decimal(value, 2)).toBe(true);
    }
  });
  it('limits the decimal places, 0 meaning any', () => {
    expect(custom.decimal('1.234', 2)).toBe(false);
    expect(custom.decimal('1,23', 2)).toBe(true);
    expect(custom.decimal('1.23456789', 0)).toBe(true);
    expect(custom.decimal('1.23456789')).toBe(true);
  });
  it('rejects other text', () => {
    for (const value of ['abc', '1.2.3', '1,2,3', '1.', '.5', '--1', '1 000', '1e5']) {
      expect(custom.decimal(value)).toBe(false);
    }
  });
  it('allows an empty value', () => {
    expect(custom.decimal('')).toBe(true);
    expect(custom.decimal(undefined, 2)).toBe(true);
    expect(custom.decimal(null, 2)).toBe(true);
  });
  it('names the limit in its message only when there is one', () => {
    expect(formatValidationMessage('en', 'decimal', { field: 'price', decimals: 0 })).toBe(
      'The price must be a decimal number',
    );
    expect(formatValidationMessage('en', 'decimal', { field: 'price', decimals: 2 })).toBe(
      'The price must be a number with at most 2 decimal places',
    );
    expect(formatValidationMessage('cs', 'decimal', { field: 'cena', decimals: 1 })).toBe(
      'Pole cena musí být číslo s nejvýše 1 desetinným místem',
    );
  });
});

describe('story name', () => {
  it('must not be empty', () => {
    expect(custom.storyNameNotEmpty('Office move')).toBe(true);
    expect(custom.storyNameNotEmpty('')).toBe(false);
    expect(custom.storyNameNotEmpty('   ')).toBe(false);
    expect(custom.storyNameNotEmpty(undefined)).toBe(false);
  });
  it('is taken regardless of case, accents encoding and surrounding spaces', () => {
    const existing = ['Rozpočet 2025', 'Office move'];
    expect(custom.isStoryNameTaken(' rozpočet 2025 ', existing)).toBe(true);
    expect(custom.isStoryNameTaken('Rozpočet 2025'.normalize('NFD'), existing)).toBe(true);
    expect(custom.isStoryNameTaken('OFFICE MOVE', existing)).toBe(true);
    expect(custom.isStoryNameTaken('Office move 2', existing)).toBe(false);
    expect(custom.isStoryNameTaken('', [''])).toBe(false);
  });
  it('normalizes names the same way for the server', () => {
    expect(custom.normalizeStoryName('  Řízení ')).toBe('řízení');
  });
  it('says so in the spec texts', () => {
    expect(formatValidationMessage('en', 'story_name_empty')).toBe('Story name cannot be empty');
    expect(formatValidationMessage('en', 'story_name_duplicate')).toBe(
      'Some story is already using this name',
    );
    expect(formatValidationMessage('cs', 'story_name_empty')).toBe(
      'Název příběhu nesmí být prázdný',
    );
    expect(formatValidationMessage('cs', 'story_name_duplicate')).toBe(
      'Tento název už používá jiný příběh',
    );
  });
});

describe('file over limit', () => {
  const limit = 5 * 1024 * 1024;
  it('accepts files up to the limit and no file', () => {
    expect(
      custom.fileWithinLimit({ name: 'a.pdf', type: 'application/pdf', size: limit }, limit),
    ).toBe(true);
    expect(custom.fileWithinLimit(undefined, limit)).toBe(true);
  });
  it('rejects a larger file', () => {
    const file = { name: 'a.pdf', type: 'application/pdf', size: limit + 1 };
    expect(custom.fileWithinLimit(file, limit)).toBe(false);
    expect(custom.fileWithinLimit([file], limit)).toBe(false);
  });
  it('shows the limit human-readably', () => {
    expect(formatValidationMessage('en', 'file_over_limit', { maxSize: limit })).toBe(
      'The file is too large. Maximum file size: 5 MB',
    );
    expect(formatValidationMessage('cs', 'file_over_limit', { maxSize: 1.5 * 1024 * 1024 })).toBe(
      'Soubor je příliš velký. Maximální velikost souboru: 1,5 MB',
    );
  });
});

describe('company registration number (IČO)', () => {
  it.each(['25596641', '27082440', '45274649', '00000019'])('accepts %s', (value) => {
    expect(custom.companyIdNumber(value)).toBe(true);
  });
  it.each([
    ['25596642', 'a wrong check digit'],
    ['2559664', 'seven digits'],
    ['255966411', 'nine digits'],
    ['2559664A', 'a letter'],
    ['CZ255966', 'letters'],
    ['2559 6641', 'a space'],
  ])('rejects %s (%s)', (value) => {
    expect(custom.companyIdNumber(value)).toBe(false);
  });
  it('lets an empty value pass (the field is optional)', () => {
    expect(custom.companyIdNumber('')).toBe(true);
    expect(custom.companyIdNumber(undefined)).toBe(true);
  });
  it('says what is wrong in English and Czech', () => {
    expect(formatValidationMessage('en', 'company_id_number', { field: 'IČO' })).toContain(
      '8 digits with a valid check digit',
    );
    expect(formatValidationMessage('cs', 'company_id_number', { field: 'IČO' })).toBe(
      'Pole IČO musí mít 8 číslic s platnou kontrolní číslicí (poslední číslice nesouhlasí)',
    );
  });
});

describe('VAT number (DIČ)', () => {
  it.each(['CZ25596641', 'CZ1234567890', 'SK2020202020', 'DE123456789', 'NL12', 'ATU12345678'])(
    'accepts %s',
    (value) => {
      expect(custom.vatIdNumber(value)).toBe(true);
    },
  );
  it.each([
    ['CZ1234567', 'a Czech one with 7 digits'],
    ['CZ12345678901', 'a Czech one with 11 digits'],
    ['CZ1234567A', 'a Czech one with a letter'],
    ['25596641', 'no country code'],
    ['C25596641', 'a one-letter code'],
    ['DE1', 'one character after the code'],
    ['DE1234567890123', '13 characters after the code'],
    ['cz25596641', 'a lower-case code'],
    ['CZ 25596641', 'a space'],
  ])('rejects %s (%s)', (value) => {
    expect(custom.vatIdNumber(value)).toBe(false);
  });
  it('lets an empty value pass (the field is optional)', () => {
    expect(custom.vatIdNumber('')).toBe(true);
  });
  it('has a Czech message', () => {
    expect(formatValidationMessage('cs', 'vat_id_number', { field: 'DIČ' })).toContain(
      'Pole DIČ musí začínat dvoupísmenným kódem země',
    );
  });
});
