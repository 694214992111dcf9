// The styles' cache writes the -webkit- variants today's browsers still need, and none of the others.
import { describe, expect, it } from 'vitest';
import { createStyleCache } from './emotion-cache';

function insertedCss(styles: string): string {
  const cache = createStyleCache();
  cache.insert('.probe', { name: 'probe', styles, next: undefined }, cache.sheet, true);
  const css = cache.sheet.tags.map((tag) => tag.textContent ?? '').join('');
  cache.sheet.flush();
  return css;
}

describe('the styles’ cache', () => {
  it('keeps -webkit- for user-select and backdrop-filter', () => {
    const css = insertedCss('user-select:none;backdrop-filter:blur(4px);');
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
  });

  it('writes no prefixes that no supported browser reads', () => {
    const css = insertedCss(
      'display:flex;appearance:none;transition:opacity 1s;align-items:center;&::placeholder{opacity:0.5;}',
    );
    expect(css).not.toMatch(/-(webkit|moz|ms)-/);
    expect(css).toContain(
      '.probe{display:flex;appearance:none;transition:opacity 1s;align-items:center;}',
    );
    expect(css).toContain('.probe::placeholder{opacity:0.5;}');
  });
});
