// How the grid's cells look: plain inputs (light enough for hundreds of rows) captioned like the editor's fields, ringed when focused, red with the reason when wrong.
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '@/lib/visually-hidden';

export const gridCellStyles: SxProps<Theme> = (theme) => ({
  '& .grid-cells': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(1, 1.5),
    alignItems: 'flex-start',
  },
  '& .grid-cell, & .grid-cell label': {
    display: 'inline-flex',
    flexDirection: 'column',
    gap: '2px',
    maxWidth: 200,
    ...theme.typography.body2,
  },
  '& .grid-cell .caption': {
    color: theme.palette.text.secondary,
    fontSize: '0.75rem',
    lineHeight: 1.3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // Read with the caption as the control's name ("Length (Main trench)"); not shown.
  '& .grid-cell .row-name': visuallyHidden,
  '& .grid-cell input:not([type=checkbox]), & .grid-cell select': {
    font: 'inherit',
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    border: `1px solid ${theme.palette.grey[500]}`,
    // A string: a number would be multiplied by the theme's shape.
    borderRadius: '4px',
    padding: '4px 6px',
    height: 32,
    boxSizing: 'border-box',
  },
  '& .grid-cell input.number': { width: 96, textAlign: 'right' },
  '& .grid-cell input.text': { width: 168 },
  '& .grid-cell input[type=checkbox]': { width: 20, height: 20, margin: '6px 0' },
  '& .grid-cell input:focus-visible, & .grid-cell select:focus-visible, & .grid-cell input:focus': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 1,
  },
  '& .grid-cell.invalid input, & .grid-cell.invalid select': {
    borderColor: theme.palette.error.main,
    borderWidth: 2,
  },
  // A row's figures change on every keystroke: boxes of a fixed size keep that from laying out the
  // whole table again (a text change inside a table cell otherwise reflows every row).
  '& .figure': {
    display: 'block',
    contain: 'strict',
    height: '1.5em',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .figure.incomplete': { color: theme.palette.error.main, fontWeight: 400 },
  '& .grid-cell .error': {
    color: theme.palette.error.main,
    fontSize: '0.75rem',
    lineHeight: 1.3,
  },
});
