// The two brand themes (spec section 9): ict (green, the default) and ctl (purple-blue), and which path uses which.
import { createTheme, type Theme } from '@mui/material/styles';
import { TOOLTIP_OFFSET } from '@costory/shared/constants';
import type { ThemeName } from '@costory/shared/enums';

const FONT_FAMILY = [
  'Inter',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Liberation Sans"',
  'system-ui',
  'sans-serif',
].join(',');

interface Brand {
  primary: { main: string; light: string; dark: string };
  background: string;
}

const BRANDS: Record<ThemeName, Brand> = {
  ict: {
    primary: { main: '#17784a', light: '#4a9e72', dark: '#0f5634' },
    background: '#f4f7f5',
  },
  ctl: {
    primary: { main: '#4a45c4', light: '#7470d9', dark: '#322d97' },
    background: '#f5f5fb',
  },
};

const tooltipGap = `${TOOLTIP_OFFSET}px`;

function createBrandTheme(name: ThemeName): Theme {
  const brand = BRANDS[name];
  return createTheme({
    palette: {
      mode: 'light',
      primary: { ...brand.primary, contrastText: '#ffffff' },
      secondary: { main: '#425466', contrastText: '#ffffff' },
      error: { main: '#c62828' },
      background: { default: brand.background, paper: '#ffffff' },
      text: { primary: '#1c2430', secondary: '#5a6572' },
      divider: 'rgba(28, 36, 48, 0.12)',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: {
        fontSize: '2rem',
        fontWeight: 700,
        letterSpacing: '-0.01em',
        '@media (max-width:599.95px)': { fontSize: '1.6rem' },
      },
      h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.35rem', fontWeight: 600 },
      h4: { fontSize: '1.2rem', fontWeight: 600 },
      h5: { fontSize: '1.05rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    mixins: {
      // Tall enough for the 200x70 logo from the small-tablet breakpoint up.
      toolbar: { minHeight: 56, '@media (min-width:600px)': { minHeight: 72 } },
    },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'primary' },
        styleOverrides: {
          root: { borderBottom: '1px solid rgba(0, 0, 0, 0.12)' },
        },
      },
      MuiButtonBase: {
        styleOverrides: {
          // A keyboard user sees where focus is on every control, filled buttons and switches too
          // (a ripple alone is too faint): a white ring inside a dark one reads on any background.
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: 'none',
              boxShadow: `0 0 0 2px #ffffff, 0 0 0 4px ${theme.palette.text.primary}`,
            },
          }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      // MUI's default grey under white initials is below WCAG's contrast (1.9:1); the brand's slate reads.
      MuiAvatar: {
        styleOverrides: {
          colorDefault: ({ theme }) => ({
            backgroundColor: theme.palette.secondary.main,
            color: theme.palette.secondary.contrastText,
          }),
        },
      },
      MuiTooltip: {
        styleOverrides: {
          tooltip: {
            fontSize: '0.75rem',
            '.MuiTooltip-popper[data-popper-placement*="left"] &': { marginInlineEnd: tooltipGap },
            '.MuiTooltip-popper[data-popper-placement*="right"] &': {
              marginInlineStart: tooltipGap,
            },
            '.MuiTooltip-popper[data-popper-placement*="top"] &': { marginBottom: tooltipGap },
            '.MuiTooltip-popper[data-popper-placement*="bottom"] &': { marginTop: tooltipGap },
          },
        },
      },
      MuiDialog: { defaultProps: { fullWidth: true } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiMenuItem: { styleOverrides: { root: { minHeight: 40 } } },
      // A wide table scrolls sideways inside its own frame, never the page (a phone is 390 px wide).
      // The frame is also the containing block of the visually hidden header texts (absolutely
      // positioned), which otherwise sit at the table's far right and widen the whole page.
      MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&.Mui-selected': {
              backgroundColor: theme.alpha(theme.palette.primary.main, 0.12),
              color: theme.palette.primary.dark,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  });
}

const built = new Map<ThemeName, Theme>();

/** A brand's theme, built on first use: most visits need one of the two, and building one is work a slow phone feels. */
export function themeFor(name: ThemeName): Theme {
  let theme = built.get(name);
  if (!theme) {
    theme = createBrandTheme(name);
    built.set(name, theme);
  }
  return theme;
}

/** The catalogue context is /ctl and everything below it, matched case-sensitively like its routes. */
export function themeNameForPath(pathname: string): ThemeName {
  return pathname === '/ctl' || pathname.startsWith('/ctl/') ? 'ctl' : 'ict';
}
