// The two brand themes and which addresses use which.
import { describe, expect, it } from 'vitest';
import { ctlTheme, ictTheme, themeNameForPath } from './themes';

describe('themes', () => {
  it('are light, green for ict and purple-blue for ctl, both with a red error colour', () => {
    expect(ictTheme.palette.mode).toBe('light');
    expect(ctlTheme.palette.mode).toBe('light');
    expect(ictTheme.palette.primary.main).toBe('#17784a');
    expect(ctlTheme.palette.primary.main).toBe('#4a45c4');
    expect(ictTheme.palette.error.main).toBe(ctlTheme.palette.error.main);
  });

  it.each([
    ['/ctl', 'ctl'],
    ['/ctl/catalog-detail/3/role-list', 'ctl'],
    ['/', 'ict'],
    ['/story-detail/1', 'ict'],
    ['/CTL', 'ict'],
    ['/ctlx', 'ict'],
    ['/company-profile/2', 'ict'],
  ])('%s uses the %s theme', (path, theme) => {
    expect(themeNameForPath(path)).toBe(theme);
  });
});
