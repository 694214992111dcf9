// The message sets: same keys in both languages, the spec's wording, plurals and the fallback.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locale';
import { formatFileSize, formatValidationMessage } from './format';
import { validationMessages } from './messages';
import { CUSTOM_RULE_NAMES, MESSAGE_KEYS, SCHEMA_RULE_NAMES, STANDARD_RULE_NAMES } from './names';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).toSorted();

describe('validationMessages', () => {
  it('has exactly the same keys in English and Czech', () => {
    expect(Object.keys(validationMessages.cs).toSorted()).toEqual(
      Object.keys(validationMessages.en).toSorted(),
    );
  });

  it('uses the same parameters in both languages', () => {
    for (const [key, text] of Object.entries(validationMessages.en)) {
      const czech = validationMessages.cs[key as keyof typeof validationMessages.cs];
      expect(placeholders(czech), key).toEqual(placeholders(text));
    }
  });

  it('has a non-empty message for every rule and message key', () => {
    const keys = [
      ...STANDARD_RULE_NAMES,
      ...CUSTOM_RULE_NAMES,
      ...SCHEMA_RULE_NAMES,
      ...Object.values(MESSAGE_KEYS),
    ];
    for (const locale of LOCALES) {
      for (const key of keys) {
        expect(validationMessages[locale][key].trim(), `${locale}.${key}`).not.toBe('');
      }
    }
    expect(Object.keys(validationMessages.en).toSorted()).toEqual(
      [...new Set(Object.values(MESSAGE_KEYS))].toSorted(),
    );
  });
});

describe('formatValidationMessage', () => {
  it('words the standard rules as the spec shows', () => {
    expect(formatValidationMessage('en', 'required', { field: 'name' })).toBe(
      'The name is required',
    );
    expect(formatValidationMessage('en', 'email', { field: 'email' })).toBe(
      'The email must be a valid email',
    );
    expect(formatValidationMessage('en', 'min', { field: 'code', length: 3 })).toBe(
      'The code must be at least 3 characters',
    );
  });

  it('translates them to Czech', () => {
    expect(formatValidationMessage('cs', 'required', { field: 'název' })).toBe(
      'Pole název je povinné',
    );
    expect(formatValidationMessage('cs', 'email', { field: 'e-mail' })).toBe(
      'Pole e-mail musí být platná e-mailová adresa',
    );
  });

  it('picks the Czech plural form for the number', () => {
    const min = (length: number) => formatValidationMessage('cs', 'min', { field: 'kód', length });
    expect(min(1)).toBe('Pole kód musí mít alespoň 1 znak');
    expect(min(3)).toBe('Pole kód musí mít alespoň 3 znaky');
    expect(min(5)).toBe('Pole kód musí mít alespoň 5 znaků');
    expect(formatValidationMessage('en', 'max', { field: 'code', length: 1 })).toBe(
      'The code may not be greater than 1 character',
    );
  });

  it('formats numbers and lists for the locale', () => {
    expect(formatValidationMessage('cs', 'between', { field: 'cena', min: 0.5, max: 10 })).toBe(
      'Pole cena musí být mezi 0,5 a 10',
    );
    expect(
      formatValidationMessage('en', 'ext', { field: 'logo', extensions: ['png', 'svg'] }),
    ).toBe('The logo must be a file of type: png, svg');
  });

  it('falls back to "{field} is not valid" for an unknown rule', () => {
    expect(formatValidationMessage('en', 'no_such_rule', { field: 'code' })).toBe(
      'code is not valid',
    );
    expect(formatValidationMessage('cs', 'no_such_rule', { field: 'kód' })).toBe(
      'Pole kód není platné',
    );
    expect(formatValidationMessage('en', 'default', { field: 'Phone' })).toBe('Phone is not valid');
  });

  it('names an unnamed field generically', () => {
    expect(formatValidationMessage('en', 'required')).toBe('The value is required');
  });

  it('leaves a parameter nobody supplied visible', () => {
    expect(formatValidationMessage('en', 'between', { field: 'price', min: 1 })).toBe(
      'The price must be between 1 and {max}',
    );
  });
});

describe('formatFileSize', () => {
  it('prints bytes with the largest fitting unit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'cs')).toBe('1,5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
