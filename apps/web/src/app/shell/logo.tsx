// The Costory logo (200x70, spec section 9): a mark of stacked estimate bars and the word "Costory".
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LOGO_HEIGHT, LOGO_WIDTH } from '@costory/shared/constants';

export function Logo() {
  const theme = useTheme();
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}`}
      aria-hidden
      focusable="false"
      sx={{
        display: 'block',
        width: { xs: 126, sm: LOGO_WIDTH },
        height: { xs: 44, sm: LOGO_HEIGHT },
        color: 'inherit',
      }}
    >
      <rect x="4" y="15" width="40" height="40" rx="10" fill="currentColor" />
      <g fill={theme.palette.primary.main}>
        <rect x="12" y="24" width="19" height="5.5" rx="2.75" />
        <rect x="12" y="32.25" width="24" height="5.5" rx="2.75" opacity="0.8" />
        <rect x="12" y="40.5" width="13" height="5.5" rx="2.75" opacity="0.6" />
      </g>
      <text
        x="54"
        y="45"
        fill="currentColor"
        fontFamily={theme.typography.fontFamily}
        fontSize="29"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        Costory
      </text>
    </Box>
  );
}
