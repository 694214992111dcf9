// The heading row of a page section: its title, a line of explanation and the section's main button.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface SectionHeaderProps {
  title: string;
  text?: string;
  action?: ReactNode;
  id?: string;
}

export function SectionHeader({ title, text, action, id }: SectionHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        mb: 2,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h2" id={id} sx={{ fontSize: '1.3rem' }}>
          {title}
        </Typography>
        {text ? <Typography sx={{ color: 'text.secondary', mt: 0.25 }}>{text}</Typography> : null}
      </Box>
      {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
    </Box>
  );
}
