// The live stream of a story (decision 0046): what the server sends to everyone who has the story open, and what a client says of itself.
import { z } from 'zod';

/** The stream's path under /api/v1 (server-sent events, authenticated like every API call). */
export const storyLivePath = (storyId: number) => `/stories/${String(storyId)}/live`;

/** The path a client tells its presence through (which instance it is editing). */
export const storyLivePresencePath = (storyId: number, connectionId: string) =>
  `/stories/${String(storyId)}/live/${encodeURIComponent(connectionId)}`;

/** How often the server sends a comment line, so that proxies and clients see the stream alive. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** A client that heard nothing (not even a heartbeat) for this long reconnects. */
export const LIVE_SILENCE_MS = 40_000;
/** More events than this after a client's last event id: the server says `reset` instead. */
export const LIVE_CATCH_UP_LIMIT = 500;

/** The SSE event names (`event:` field); a client ignores names it does not know. */
export const LIVE_EVENT_NAMES = [
  'hello',
  'change',
  'figures',
  'presence',
  'reset',
  'gone',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** `hello`: the stream is open; its `id:` field is the story's newest event id (the resume point). */
export const liveHelloSchema = z.object({
  /** Names this stream in presence calls; only its own user may use it. */
  connectionId: z.string().min(1).max(100),
  /** The receiver's own user id: whose changes are "mine" (an external issuer's `sub` is not it). */
  userId: z.number().int(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;

/**
 * `change`: a story event was recorded (its `id:` field is the event id). Ids and types only, never
 * the event's values: the client re-reads what it shows through the normal API.
 */
export const liveChangeSchema = z.object({
  id: z.number().int(),
  /** A story event type (STORY_EVENT_TYPES); a string, so that newer types do not break a client. */
  type: z.string(),
  instanceId: z.number().int().nullable(),
  /** Who made the change; null when the user no longer exists. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/**
 * `figures`: the story's row changed without an event a member sees (a recalculation after a
 * catalog publish or a price change, the cached totals): re-read the story and its figures.
 */
export const liveFiguresSchema = z.object({});

/** One person with the story open (several tabs of one person are one entry). */
export const livePresenceEntrySchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** The instances this person is editing now, in any of their tabs. */
  editingInstanceIds: z.array(z.number().int()),
});
export type LivePresenceEntry = z.infer<typeof livePresenceEntrySchema>;

/** `presence`: everyone who has the story open now, the receiver included. */
export const livePresenceSchema = z.object({ people: z.array(livePresenceEntrySchema) });
export type LivePresence = z.infer<typeof livePresenceSchema>;

/** `reset`: too much was missed to list (LIVE_CATCH_UP_LIMIT): re-read everything of the story. */
export const liveResetSchema = z.object({});

/** Why the server ended a stream for good; the client does not reconnect (except TOKEN_EXPIRED, with a new token). */
export const LIVE_GONE_REASONS = ['ACCESS_LOST', 'STORY_DELETED', 'TOKEN_EXPIRED'] as const;
export const liveGoneSchema = z.object({ reason: z.enum(LIVE_GONE_REASONS) });
export type LiveGone = z.infer<typeof liveGoneSchema>;

/** Body of PUT …/live/{connectionId}: the instance this tab is editing, or null. */
export const livePresenceUpdateSchema = z.object({
  editingInstanceId: z.number().int().positive().nullable(),
});
export type LivePresenceUpdate = z.infer<typeof livePresenceUpdateSchema>;
