// Flag icons of the interface languages, drawn inline so they need no image requests.
import { useId } from 'react';
import Box from '@mui/material/Box';
import type { Locale } from '@costory/shared';

// The 2:1 Union Jack is centred and cropped to the 3:2 box both flags share.
function UnitedKingdomFlag() {
  const flagId = useId();
  const diagonalsId = useId();
  return (
    <svg viewBox="0 0 60 30" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
      <clipPath id={flagId}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={diagonalsId}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${flagId})`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path
          d="M0,0 L60,30 M60,0 L0,30"
          clipPath={`url(#${diagonalsId})`}
          stroke="#C8102E"
          strokeWidth="4"
        />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}

function CzechFlag() {
  return (
    <svg viewBox="0 0 60 40" width="100%" height="100%">
      <rect width="60" height="20" fill="#fff" />
      <rect y="20" width="60" height="20" fill="#D7141A" />
      <path d="M0,0 L30,20 L0,40 z" fill="#11457E" />
    </svg>
  );
}

export function FlagIcon({ locale, width = 24 }: { locale: Locale; width?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-flex',
        width,
        height: (width * 2) / 3,
        borderRadius: '3px',
        overflow: 'hidden',
        flexShrink: 0,
        boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.18)',
      }}
    >
      {locale === 'cs' ? <CzechFlag /> : <UnitedKingdomFlag />}
    </Box>
  );
}
