// What the live stream shows on a story page: the frame's slots (who else has the story open, the notice of others' changes in a polite live region, the end of access; their views load on first use) and a row's marks (a brief flash, who is editing it).
import { Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/lib/lazy-component';
import { useLiveStore, useLiveValue } from './live-store';

/** How long a notice stays unless dismissed. */
export const LIVE_NOTICE_MS = 8_000;

const presenceView = lazyComponent(async () => (await import('./live-views')).LivePresenceAvatars);
const noticeView = lazyComponent(async () => (await import('./live-views')).LiveNoticeView);
const endedView = lazyComponent(async () => (await import('./live-views')).LiveEnded);

/** Who else has the story open, in the frame's header (the user's own entry is left out). */
export function LivePresence() {
  const people = useLiveValue((store) => store.people);
  const me = useLiveValue((store) => store.me);
  const others = (people ?? []).filter((person) => person.userId !== me);
  if (others.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <presenceView.Component others={others} />
    </Suspense>
  );
}

/** Others' changes, said briefly and politely (the region exists before its text, so it is read). */
export function LiveNoticeRegion() {
  // The `live` texts arrive with the connection (before any notice): no name until then.
  const { t, i18n } = useTranslation('live');
  const store = useLiveStore();
  const notice = useLiveValue((live) => live.notice);
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
      aria-label={i18n.exists('live:noticeTitle') ? t('noticeTitle') : undefined}
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: 'snackbar', maxWidth: 420 }}
    >
      {notice && store ? (
        <Suspense fallback={null}>
          <noticeView.Component notice={notice} onDismiss={() => store.dismissNotice()} />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** The stream ended for good: no access any more, or the story is gone. */
export function LiveEndedSlot() {
  const ended = useLiveValue((store) => store.ended);
  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <endedView.Component reason={ended} />
    </Suspense>
  );
}

/** Who else is editing a row's instance. */
export function LiveRowEditors({ editors }: { editors: readonly string[] }) {
  const { t } = useTranslation('live');
  if (editors.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {editors.map((name) => (
        <Chip
          key={name}
          size="small"
          color="warning"
          variant="outlined"
          label={t('editing', { name })}
          // The sentence wraps in the narrow instance column instead of ending in an ellipsis.
          sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
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
