// The live stream's views that load only when there is something to show (their MUI parts stay out of the story pages' first load): who else has the story open, the notice's text, the end of access.
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORY_EVENT_TYPES, type LivePresenceEntry } from '@costory/shared';
import { isOneOf } from '@/lib/event-text';
import { paths } from '@/lib/routing/paths';
import type { LiveNotice } from './live-store';
import type { LiveEndReason } from './live-stream';

/** "Jana Nováková" -> "JN". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => (word ? Array.from(word)[0]?.toUpperCase() : '')).join('') || '?';
}

/** The avatars of the others (the user's own entry is left out by the caller). */
export function LivePresenceAvatars({ others }: { others: readonly LivePresenceEntry[] }) {
  const { t } = useTranslation('live');
  return (
    <Box role="group" aria-label={t('others')} sx={{ display: 'flex', alignItems: 'center' }}>
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

function useNoticeText(notice: LiveNotice): string[] {
  const { t } = useTranslation('live');
  const { t: tStories } = useTranslation('stories');
  return notice.people.map((person) => {
    const name = person.name ?? tStories('events.someone');
    const [type] = person.types;
    if (person.types.length === 1 && type !== undefined) {
      const action = isOneOf(STORY_EVENT_TYPES, type)
        ? tStories(`events.type.${type}`)
        : tStories('events.type.other');
      return t('one', { name, action });
    }
    return t('many', { name, count: person.types.length });
  });
}

/** The notice's text inside the frame's live region, with a way to dismiss it. */
export function LiveNoticeView({
  notice,
  onDismiss,
}: {
  notice: LiveNotice;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('live');
  const lines = useNoticeText(notice);
  return (
    <Paper
      elevation={4}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, pl: 2, pr: 1 }}
    >
      <Box sx={{ flexGrow: 1, py: 0.5 }}>
        {lines.map((line, index) => (
          <Box key={index}>{line}</Box>
        ))}
      </Box>
      <IconButton size="small" aria-label={t('dismiss')} onClick={onDismiss}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** The stream ended for good: no access any more, or the story is gone. */
export function LiveEnded({ reason }: { reason: Exclude<LiveEndReason, 'TOKEN_EXPIRED'> }) {
  const { t } = useTranslation('live');
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={paths.home()}>
          {t('toList')}
        </Button>
      }
    >
      {t(`ended.${reason}`)}
    </Alert>
  );
}
