// The standard rules: what each accepts and rejects, Czech letters included.
import { describe, expect, it } from 'vitest';
import * as standard from './rules/standard';
import type { FileLike } from './types';

const png: FileLike = { name: 'Logo.PNG', type: 'image/png', size: 2048, width: 200, height: 70 };
const pdf: FileLike = { name: 'offer.pdf', type: 'application/pdf', size: 10 * 1024 };

describe('required', () => {
  it.each([['x'], [0], [true], [['a']], [{}]])('accepts %j', (value) => {
    expect(standard.required(value)).toBe(true);
  });
  it.each([[undefined], [null], [''], ['   '], [[]], [false]])('rejects %j', (value) => {
    expect(standard.required(value)).toBe(false);
  });
});

describe('required_if', () => {
  it('applies only while the target holds one of the values', () => {
    expect(standard.requiredIf('', 'SRV', ['SRV'])).toBe(false);
    expect(standard.requiredIf('x', 'SRV', ['SRV'])).toBe(true);
    expect(standard.requiredIf('', 'BDT', ['SRV'])).toBe(true);
  });
  it('applies whenever the target is filled when no values are given', () => {
    expect(standard.requiredIf('', 'anything')).toBe(false);
    expect(standard.requiredIf('', '')).toBe(true);
    expect(standard.requiredIf('', false)).toBe(true);
  });
  it('compares form text with typed values', () => {
    expect(standard.requiredIf('', 'true', [true])).toBe(false);
  });
});

describe('confirmed', () => {
  it('needs the same value as the target', () => {
    expect(standard.confirmed('secret1', 'secret1')).toBe(true);
    expect(standard.confirmed('secret1', 'secret2')).toBe(false);
    expect(standard.confirmed('', 'secret1')).toBe(false);
  });
});

describe('alpha rules', () => {
  it('accept Czech letters, composed or decomposed', () => {
    expect(standard.alpha('ŘeřichačŽůěďťňáíéýúó')).toBe(true);
    expect(standard.alpha('Řehoř'.normalize('NFD'))).toBe(true);
    expect(standard.alphaNum('Příliš2')).toBe(true);
    expect(standard.alphaDash('žluťoučký_kůň-2')).toBe(true);
    expect(standard.alphaSpaces('Řehoř Žďárský')).toBe(true);
  });
  it('alpha rejects digits, spaces and punctuation', () => {
    expect(standard.alpha('abc1')).toBe(false);
    expect(standard.alpha('ab c')).toBe(false);
    expect(standard.alpha('ab.')).toBe(false);
  });
  it('alpha_num rejects spaces and dashes', () => {
    expect(standard.alphaNum('ab 1')).toBe(false);
    expect(standard.alphaNum('ab-1')).toBe(false);
  });
  it('alpha_dash rejects spaces and dots', () => {
    expect(standard.alphaDash('ab c')).toBe(false);
    expect(standard.alphaDash('a.b')).toBe(false);
  });
  it('alpha_spaces rejects digits', () => {
    expect(standard.alphaSpaces('Jan 2')).toBe(false);
  });
  it('let empty values pass (required decides those)', () => {
    expect(standard.alpha('')).toBe(true);
    expect(standard.alphaNum(undefined)).toBe(true);
    expect(standard.alphaDash(null)).toBe(true);
    expect(standard.alphaSpaces([])).toBe(true);
  });
  it('apply to every value of a list', () => {
    expect(standard.alpha(['čau', 'ahoj'])).toBe(true);
    expect(standard.alpha(['čau', 'ahoj1'])).toBe(false);
  });
});

describe('between, min_value, max_value', () => {
  it('between is inclusive and reads dot or comma decimals', () => {
    expect(standard.between(1, 1, 10)).toBe(true);
    expect(standard.between('10', 1, 10)).toBe(true);
    expect(standard.between('5,5', 1, 10)).toBe(true);
    expect(standard.between(0.5, 1, 10)).toBe(false);
    expect(standard.between('11', 1, 10)).toBe(false);
    expect(standard.between('abc', 1, 10)).toBe(false);
    expect(standard.between('', 1, 10)).toBe(true);
  });
  it('min_value and max_value are inclusive', () => {
    expect(standard.minValue('2.5', 2.5)).toBe(true);
    expect(standard.minValue(2.4, 2.5)).toBe(false);
    expect(standard.maxValue('100', 100)).toBe(true);
    expect(standard.maxValue('100,01', 100)).toBe(false);
    expect(standard.maxValue('x', 100)).toBe(false);
  });
});

describe('digits', () => {
  it('needs exactly that many digits', () => {
    expect(standard.digits('123456', 6)).toBe(true);
    expect(standard.digits(123456, 6)).toBe(true);
    expect(standard.digits('12345', 6)).toBe(false);
    expect(standard.digits('12345a', 6)).toBe(false);
    expect(standard.digits('', 6)).toBe(true);
  });
});

describe('email', () => {
  it.each(['jana.novakova@example.cz', 'a+b@firma.co.uk'])('accepts %s', (value) => {
    expect(standard.email(value)).toBe(true);
  });
  it.each(['jana', 'jana@', '@example.cz', 'jana@example', 'ja na@example.cz'])(
    'rejects %s',
    (value) => {
      expect(standard.email(value)).toBe(false);
    },
  );
  it('lets an empty value pass', () => {
    expect(standard.email('')).toBe(true);
  });
});

describe('one_of, excluded and not_one_of', () => {
  it('one_of accepts only listed values, comparing text with numbers', () => {
    expect(standard.oneOf('BDT', ['BDT', 'MNT'])).toBe(true);
    expect(standard.oneOf('2', [1, 2])).toBe(true);
    expect(standard.oneOf('SRV', ['BDT', 'MNT'])).toBe(false);
    expect(standard.oneOf(['BDT', 'SRV'], ['BDT', 'MNT'])).toBe(false);
  });
  it('excluded and its alias reject listed values', () => {
    expect(standard.excluded('admin', ['admin', 'root'])).toBe(false);
    expect(standard.excluded('jana', ['admin', 'root'])).toBe(true);
    expect(standard.notOneOf('root', ['admin', 'root'])).toBe(false);
    expect(standard.notOneOf('', ['admin'])).toBe(true);
  });
});

describe('file rules', () => {
  it('ext compares extensions without case', () => {
    expect(standard.ext(png, ['png', 'jpg'])).toBe(true);
    expect(standard.ext(png, ['.jpg'])).toBe(false);
    expect(standard.ext([png, pdf], ['png'])).toBe(false);
  });
  it('image needs an image MIME type', () => {
    expect(standard.image(png)).toBe(true);
    expect(standard.image(pdf)).toBe(false);
  });
  it('mimes accepts exact types and wildcards', () => {
    expect(standard.mimes(pdf, ['application/pdf'])).toBe(true);
    expect(standard.mimes(png, ['image/*'])).toBe(true);
    expect(standard.mimes(pdf, ['image/*'])).toBe(false);
  });
  it('size is in kilobytes per file', () => {
    expect(standard.size(pdf, 10)).toBe(true);
    expect(standard.size(pdf, 9)).toBe(false);
  });
  it('dimensions needs the exact pixel size and fails when it is unknown', () => {
    expect(standard.dimensions(png, 200, 70)).toBe(true);
    expect(standard.dimensions(png, 100, 70)).toBe(false);
    expect(standard.dimensions(pdf, 200, 70)).toBe(false);
  });
  it('reject values that are not files and let no file pass', () => {
    expect(standard.image('logo.png')).toBe(false);
    expect(standard.size(null, 1)).toBe(true);
  });
});

describe('integer and numeric', () => {
  it('integer accepts a sign but no decimals', () => {
    expect(standard.integer('-12')).toBe(true);
    expect(standard.integer(12)).toBe(true);
    expect(standard.integer('1.5')).toBe(false);
    expect(standard.integer(1.5)).toBe(false);
    expect(standard.integer('1e3')).toBe(false);
  });
  it('numeric accepts digits only', () => {
    expect(standard.numeric('0123')).toBe(true);
    expect(standard.numeric('-1')).toBe(false);
    expect(standard.numeric('1,5')).toBe(false);
  });
});

describe('length, min and max', () => {
  it('count characters as people do', () => {
    expect(standard.length('čaj', 3)).toBe(true);
    expect(standard.length('čaj'.normalize('NFD'), 3)).toBe(true);
    expect(standard.length('ča', 3)).toBe(false);
    expect(standard.length(['a', 'b'], 2)).toBe(true);
  });
  it('min and max are inclusive', () => {
    expect(standard.min('abc', 3)).toBe(true);
    expect(standard.min('ab', 3)).toBe(false);
    expect(standard.max('abc', 3)).toBe(true);
    expect(standard.max('abcd', 3)).toBe(false);
    expect(standard.min('', 3)).toBe(true);
  });
});

describe('regex', () => {
  it('matches the whole pattern and is not fooled by a global flag', () => {
    const code = /^[A-Z]{3}$/g;
    expect(standard.regex('ABC', code)).toBe(true);
    expect(standard.regex('ABC', code)).toBe(true);
    expect(standard.regex('ABCD', code)).toBe(false);
    expect(standard.regex('AB1', '^[A-Z]+$')).toBe(false);
  });
});

describe('url', () => {
  it.each(['https://example.com', 'http://localhost:5173/x?y=1#z', 'https://příklad.cz/a'])(
    'accepts %s',
    (value) => {
      expect(standard.url(value)).toBe(true);
    },
  );
  it.each(['example.com', 'ftp://example.com', 'https://exa mple.com', 'http://a'])(
    'rejects %s',
    (value) => {
      expect(standard.url(value)).toBe(false);
    },
  );
});
