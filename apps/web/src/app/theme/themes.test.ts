// The two brand themes and which addresses use which.
import { describe, expect, it } from 'vitest';
import { themeFor, themeNameForPath } from './themes';

const ictTheme = themeFor('ict');
const ctlTheme = themeFor('ctl');

describe('themes', () => {
  it('are light, green for ict and purple-blue for ctl, both with a red error colour', () => {
    expect(ictTheme.palette.mode).toBe('light');
    expect(ctlTheme.palette.mode).toBe('light');
    expect(ictTheme.palette.primary.main).toBe('#17784a');
    expect(ctlTheme.palette.primary.main).toBe('#4a45c4');
    expect(ictTheme.palette.error.main).toBe(ctlTheme.palette.error.main);
  });

  it('are built once: the same theme object every time, so the app does not restyle on each render', () => {
    expect(themeFor('ict')).toBe(ictTheme);
    expect(themeFor('ctl')).toBe(ctlTheme);
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

describe('keyboard focus', () => {
  it.each([
    ['ict', ictTheme],
    ['ctl', ctlTheme],
  ])('rings every focused control in the %s theme, not only with a ripple', (_name, theme) => {
    const override = theme.components?.MuiButtonBase?.styleOverrides?.root;
    expect(typeof override).toBe('function');
    const styles = (override as (props: { theme: typeof theme }) => Record<string, unknown>)({
      theme,
    });
    expect(styles['&.Mui-focusVisible']).toEqual({
      outline: 'none',
      boxShadow: '0 0 0 2px #ffffff, 0 0 0 4px #1c2430',
    });
  });
});
