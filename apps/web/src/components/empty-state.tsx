// What an empty list shows: what is missing and what to do next, optionally with the button that does it.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          display: 'inline-grid',
          placeItems: 'center',
          width: 56,
          height: 56,
          borderRadius: '50%',
          color: 'primary.main',
          bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
          mb: 1.5,
          '& svg': { fontSize: 30 },
        })}
      >
        {icon}
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto' }}>{text}</Typography>
      {action ? <Box sx={{ mt: 2.5 }}>{action}</Box> : null}
    </Box>
  );
}
