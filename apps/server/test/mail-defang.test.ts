// Names users chose, as mails show them: address-like words are defanged so no mail client links them, other text stays as typed.
import { describe, expect, it } from 'vitest';
import { defangLinks } from '../src/modules/mail/defang';

describe('defangLinks', () => {
  it.each([
    ['https://evil.example/win', 'https[:]//evil[.]example/win'],
    ['HTTP://EVIL.EXAMPLE', 'HTTP[:]//EVIL[.]EXAMPLE'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['evil.example', 'evil[.]example'],
    ['mail me: boss@evil.example', 'mail me: boss@evil[.]example'],
    ['ftp://1.2.3.4/x', 'ftp[:]//1[.]2[.]3[.]4/x'],
    // Full-width and ideographic full stops, which some clients read as dots.
    ['evil．example and evil。example', 'evil[.]example and evil[.]example'],
    ['(see evil.example)', '(see evil[.]example)'],
  ])('defangs %s', (input, expected) => {
    expect(defangLinks(input)).toBe(expected);
  });

  it.each([
    'Stavby Novák s.r.o.',
    'Acme a.s.',
    'Version 1.5 of 2.0',
    'Petr Novák',
    'Mosty & tunely, spol. s r. o.',
    '',
  ])('leaves %j as typed', (input) => {
    expect(defangLinks(input)).toBe(input);
  });

  it('keeps line breaks and spacing', () => {
    expect(defangLinks('a  evil.example\nb')).toBe('a  evil[.]example\nb');
  });
});
