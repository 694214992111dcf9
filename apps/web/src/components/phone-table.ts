// How a wide table reads on a phone: columns that give way to a line in the row's first cell, and totals pinned in sight.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CSSObject, Theme } from '@mui/material/styles';

/**
 * A wide table scrolls sideways inside its own frame (the theme's TableContainer); its totals
 * must not scroll out of sight with it. Give the total column's cells (header, rows and the total
 * row) this sx: while the frame is scrolled to the start, the column sits at the frame's right
 * edge over the columns after it; scrolled to the end, it stands in its own place. Where the
 * table fits, it changes nothing.
 */
export function pinnedCell(theme: Theme): CSSObject {
  const paper = theme.palette.background.paper;
  const tint = (color: string) => `linear-gradient(${color}, ${color})`;
  return {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    // Opaque, so the columns passing beneath do not show through.
    backgroundColor: paper,
    // On a phone, where the frames do scroll, a line marks the edge the other columns pass under.
    [theme.breakpoints.down('sm')]: { boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
    // The row's hover and selection tints are translucent: painted over the paper, as the other cells show them.
    '.MuiTableRow-hover:hover > &': { backgroundImage: tint(theme.palette.action.hover) },
    '.Mui-selected > &': {
      backgroundImage: tint(
        theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
      ),
    },
  };
}

/**
 * Whether the screen is a phone's (below the small-tablet width). A wide list then shows each row
 * as a card: the figures of its columns on lines under the row's name, so nothing is out of sight.
 * The cards are rendered only on a phone (not hidden by CSS), so the page holds each figure once.
 */
export function usePhoneLayout(): boolean {
  // Read at the first render: a phone never paints the columns first.
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
