// A catalog code (item, role, group) as one unbroken word: a code split across two lines reads as two codes.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Keeps the code on one line even in a narrow cell (a phone): the code's table scrolls inside its
 * own frame instead (the theme's TableContainer), and the text around the code still wraps.
 */
export function CodeText({
  children,
  monospace = false,
}: {
  children: ReactNode;
  monospace?: boolean;
}) {
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'nowrap', ...(monospace ? { fontFamily: 'monospace' } : {}) }}
    >
      {children}
    </Box>
  );
}
