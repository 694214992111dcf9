// The frame of the sign-in, registration and confirmation pages: a centred card with an icon, a heading and the page's content.
import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const WIDTHS = { narrow: 480, medium: 600, wide: 880 } as const;

export type AuthCardTone = 'primary' | 'success' | 'error' | 'warning';

export interface AuthCardProps {
  title: string;
  /** The browser tab's title; the heading when not given. */
  documentTitle?: string;
  subtitle?: ReactNode;
  icon: ReactNode;
  tone?: AuthCardTone;
  /** Narrow for one short form, medium for a page of small forms, wide for registration. */
  width?: keyof typeof WIDTHS;
  /** Moves focus to the heading when shown: the page's content changed in place (e.g. after sending). */
  focusTitle?: boolean;
  children?: ReactNode;
}

export function AuthCard({
  title,
  documentTitle,
  subtitle,
  icon,
  tone = 'primary',
  width = 'narrow',
  focusTitle = false,
  children,
}: AuthCardProps) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <Box sx={{ maxWidth: WIDTHS[width], mx: 'auto', py: { xs: 3, md: 6 } }}>
      <title>{`${documentTitle ?? title} · ${t('appName')}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4, md: 5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: subtitle ? 1.5 : 3 }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 48,
              height: 48,
              borderRadius: 3,
              color: `${tone}.main`,
              bgcolor: theme.alpha(theme.palette[tone].main, 0.1),
              '& svg': { fontSize: 28 },
            })}
          >
            {icon}
          </Box>
          <Typography
            ref={titleRef}
            variant="h1"
            tabIndex={focusTitle ? -1 : undefined}
            sx={{ fontSize: { xs: '1.45rem', sm: '1.75rem' }, outline: 'none' }}
          >
            {title}
          </Typography>
        </Box>
        {subtitle ? (
          <Typography component="div" sx={{ color: 'text.secondary', mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}
