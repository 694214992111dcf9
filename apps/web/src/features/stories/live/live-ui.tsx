// What the live stream shows: the avatars of who else has the story open, the notice of others' changes (aria-live), the end of access, and a row's marks (a brief flash, who is editing it).
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { keyframes } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORY_EVENT_TYPES } from '@costory/shared';
import { isOneOf } from '@/lib/event-text';
import { paths } from '@/lib/routing/paths';
import { useLiveStore, useLiveValue, type LiveNotice } from './live-store';

/** How long a notice stays unless dismissed. */
export const LIVE_NOTICE_MS = 8_000;

/** "Jana Nováková" -> "JN". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => (word ? Array.from(word)[0]?.toUpperCase() : '')).join('') || '?';
}

/** Who else has the story open, in the frame's header (the user's own entry is left out). */
export function LivePresenceAvatars() {
  const { t } = useTranslation('stories');
  const people = useLiveValue((store) => store.people);
  const me = useLiveValue((store) => store.me);
  const others = (people ?? []).filter((person) => person.userId !== me);
  if (others.length === 0) return null;
  return (
    <Box role="group" aria-label={t('live.others')} sx={{ display: 'flex', alignItems: 'center' }}>
      <AvatarGroup
        max={5}
        sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: '0.8rem' } }}
      >
        {others.map((person) => (
          <Tooltip key={person.userId} title={person.name}>
            <Avatar tabIndex={0} aria-label={person.name} sx={{ bgcolor: 'primary.main' }}>
              {initials(person.name)}
            </Avatar>
          </Tooltip>
        ))}
      </AvatarGroup>
    </Box>
  );
}

function useNoticeText(notice: LiveNotice | null): string[] {
  const { t } = useTranslation('stories');
  if (!notice) return [];
  return notice.people.map((person) => {
    const name = person.name ?? t('events.someone');
    const [type] = person.types;
    if (person.types.length === 1 && type !== undefined) {
      const action = isOneOf(STORY_EVENT_TYPES, type)
        ? t(`events.type.${type}`)
        : t('events.type.other');
      return t('live.one', { name, action });
    }
    return t('live.many', { name, count: person.types.length });
  });
}

/** Others' changes, said briefly and politely (the region exists before its text, so it is read). */
export function LiveNoticeRegion() {
  const { t } = useTranslation('stories');
  const store = useLiveStore();
  const notice = useLiveValue((live) => live.notice);
  const lines = useNoticeText(notice);
  useEffect(() => {
    if (!notice || !store) return;
    const timer = setTimeout(() => {
      if (store.notice === notice) store.dismissNotice();
    }, LIVE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, store]);
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('live.noticeTitle')}
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: 'snackbar', maxWidth: 420 }}
    >
      {lines.length > 0 ? (
        <Paper
          elevation={4}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, pl: 2, pr: 1 }}
        >
          <Box sx={{ flexGrow: 1, py: 0.5 }}>
            {lines.map((line, index) => (
              <Box key={index}>{line}</Box>
            ))}
          </Box>
          <IconButton
            size="small"
            aria-label={t('live.dismiss')}
            onClick={() => store?.dismissNotice()}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      ) : null}
    </Box>
  );
}

/** The stream ended for good: no access any more, or the story is gone. */
export function LiveEnded() {
  const { t } = useTranslation('stories');
  const ended = useLiveValue((store) => store.ended);
  if (!ended) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={paths.home()}>
          {t('live.toList')}
        </Button>
      }
    >
      {t(`live.ended.${ended}`)}
    </Alert>
  );
}

/** Who else is editing a row's instance: a small avatar chip with their name. */
export function LiveRowEditors({ editors }: { editors: readonly string[] }) {
  const { t } = useTranslation('stories');
  if (editors.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {editors.map((name) => (
        <Chip
          key={name}
          size="small"
          color="warning"
          variant="outlined"
          avatar={<Avatar>{initials(name)}</Avatar>}
          label={t('live.editing', { name })}
        />
      ))}
    </Box>
  );
}

const flash = keyframes`
  from { background-color: rgba(255, 193, 7, 0.35); }
  to { background-color: transparent; }
`;

/** A row changed by someone else: its background fades from amber (a still outline when motion is reduced). */
export const liveRowSx = {
  '&[data-live-marked]': {
    animation: `${flash} 3s ease-out`,
    '@media (prefers-reduced-motion: reduce)': {
      animation: 'none',
      outline: '2px solid rgba(255, 193, 7, 0.9)',
      outlineOffset: '-2px',
    },
  },
} as const;
