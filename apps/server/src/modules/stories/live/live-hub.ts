// The open live streams of this process (decision 0046): per story its subscribers and the last event id delivered; what the database's notices and the other processes' presence announcements mean for them.
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  LINEUP_EVENT_TYPES,
  LIVE_CATCH_UP_LIMIT,
  LIVE_HEARTBEAT_MS,
  storyRoleAllows,
  type LiveChange,
  type LiveGone,
  type StoryMemberRole,
} from '@costory/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import { storyMembers } from '../../../db/schema';
import { personName } from '../../../lib/person-name';
import { loadStoryAccess, type StoryAccess } from '../common/access';
import type { Actor } from '../common/deps';
import { readsMargins } from '../common/margins';
import { NotFoundError, RateLimitedError } from '../../../errors';
import { eventsAfter, newestEventIds, storyExists, type LiveEventRecord } from './live.repository';
import {
  announcementPayloads,
  editPayload,
  leavePayloads,
  parseEdit,
  peopleOf,
  PRESENCE_REANNOUNCE_MS,
  RemotePresence,
  STORY_PRESENCE_CHANNEL,
  type PresenceConnection,
} from './presence';
import { SSE_PING, sseEvent } from './sse';

/** The channel migration 0028's triggers notify. */
export const STORY_LIVE_CHANNEL = 'costory_story_live';

/** Tests shorten these; production keeps the shared contract's values. */
export interface LiveLimits {
  catchUpLimit: number;
  heartbeatMs: number;
  /** Streams one user may hold open in one process (tabs, devices, scripts); more are 429. */
  streamsPerUser: number;
}

/** A stream whose client reads slower than this many bytes behind is ended (it resumes by id). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * The longest a stream lives: then it ends as TOKEN_EXPIRED and the client reconnects with a
 * credential checked again, so that a revoked personal token or a signed-out session stops
 * hearing the story within this time (a web sign-in's token expires sooner).
 */
export const MAX_STREAM_MS = 15 * 60 * 1000;
/** When a user over the stream limit may try again (a closed tab frees its stream at once). */
const STREAMS_RETRY_AFTER_S = 10;
/** How long streams ended at the app's close may take to flush before their sockets are cut. */
const CLOSE_GRACE_MS = 500;
/** How long the people of a story settle before `presence` is sent (tabs opening together). */
const PRESENCE_DEBOUNCE_MS = 100;
/** Events after which a member's access is read again: their role may have changed or ended. */
const ACCESS_EVENTS = new Set(['MEMBER_REMOVED', 'MEMBER_UPDATED']);

interface Subscriber {
  readonly connectionId: string;
  readonly user: Actor;
  readonly name: string;
  readonly storyId: number;
  readonly stream: PassThrough;
  /** The member's role, read again when memberships change. */
  role: StoryMemberRole;
  /** When the caller's credential expires (ms); null when it does not. */
  readonly expiresAtMs: number | null;
  /** Reads lineup events (READ_MARGINS); a customer does not. */
  seesLineups: boolean;
  /** The newest event id this stream has had or was told of (whatever its type). */
  lastId: number;
  editingInstanceId: number | null;
  /** Has had a `presence` event. */
  presenceSent: boolean;
  open: boolean;
}

interface Work {
  events: boolean;
  figures: boolean;
  access: boolean;
}

interface StoryState {
  readonly storyId: number;
  readonly subscribers: Set<Subscriber>;
  /** The last event id this process read for the story; -1 until the first subscriber joined. */
  deliveredId: number;
  /** Every read of the story, one after another. */
  queue: Promise<void>;
  /** Notices heard and not yet read for (merged while they wait). */
  pending: Work | null;
  presenceTimer: NodeJS.Timeout | undefined;
  lastPresence: string;
}

export interface OpenRequest {
  user: Actor;
  storyId: number;
  lastEventId: number | undefined;
  expiresAtMs: number | null;
}

const EVERYTHING: Work = { events: true, figures: true, access: true };

export class LiveHub {
  readonly limits: LiveLimits = {
    catchUpLimit: LIVE_CATCH_UP_LIMIT,
    heartbeatMs: LIVE_HEARTBEAT_MS,
    streamsPerUser: 50,
  };
  /** Names this process in presence announcements. */
  readonly processId = randomUUID();
  private readonly stories = new Map<number, StoryState>();
  private readonly connections = new Map<string, Subscriber>();
  private readonly remote = new RemotePresence(this.processId);
  private lastPingMs = Date.now();
  private lastAnnounceMs = Date.now();
  private wasListening = false;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Sends a NOTIFY (presence announcements); failures are logged by the caller. */
    private readonly notify: (channel: string, payload: string) => Promise<void>,
  ) {}

  get size(): number {
    return this.connections.size;
  }

  /**
   * Opens a stream on the story for a member: 404 (NotFoundError) before any byte otherwise.
   * `hello` and the catch-up follow on the story's queue, so that no notice read meanwhile is
   * lost or sent twice.
   */
  async open(request: OpenRequest): Promise<{ stream: PassThrough; connectionId: string }> {
    const access = await loadStoryAccess(this.db, request.user, request.storyId);
    // Each stream holds a socket and memory for as long as it is open: one user cannot take all.
    let open = 0;
    for (const one of this.connections.values()) if (one.user.id === request.user.id) open += 1;
    if (open >= this.limits.streamsPerUser) {
      throw new RateLimitedError({ retryAfterSeconds: STREAMS_RETRY_AFTER_S });
    }
    const lifetimeEnd = Date.now() + MAX_STREAM_MS;
    const subscriber: Subscriber = {
      // The process's id first: a presence call reaching another process is forwarded here.
      connectionId: `${this.processId}.${randomUUID()}`,
      user: request.user,
      name: personName(request.user),
      storyId: request.storyId,
      stream: new PassThrough(),
      role: access.role,
      expiresAtMs: Math.min(request.expiresAtMs ?? lifetimeEnd, lifetimeEnd),
      seesLineups: readsMargins(access),
      lastId: 0,
      editingInstanceId: null,
      presenceSent: false,
      open: true,
    };
    this.connections.set(subscriber.connectionId, subscriber);
    const story = this.storyState(request.storyId);
    this.enqueue(story, () => this.join(story, subscriber, request.lastEventId));
    return { stream: subscriber.stream, connectionId: subscriber.connectionId };
  }

  /** The client went away (or the stream was ended): forget the subscriber. */
  closed(connectionId: string): void {
    const subscriber = this.connections.get(connectionId);
    if (subscriber) this.drop(subscriber);
  }

  /**
   * Sets the instance a connection's tab edits: false (404) unless it is the user's open stream
   * on the story and the user may edit instances. A connection of another process (the balancer
   * may send the call anywhere) is told through the presence channel and checked there.
   */
  setEditing(
    userId: number,
    storyId: number,
    connectionId: string,
    editingInstanceId: number | null,
  ): boolean {
    const owner = connectionId.split('.')[0];
    if (owner !== this.processId && this.connections.get(connectionId) === undefined) {
      if (owner === undefined || !/^[0-9a-f-]{36}$/.test(owner)) return false;
      void this.send(
        editPayload(this.processId, storyId, { connectionId, userId, editingInstanceId }),
      );
      return true;
    }
    return this.applyEditing(userId, storyId, connectionId, editingInstanceId);
  }

  private applyEditing(
    userId: number,
    storyId: number,
    connectionId: string,
    editingInstanceId: number | null,
  ): boolean {
    const subscriber = this.connections.get(connectionId);
    if (!subscriber?.open || subscriber.user.id !== userId || subscriber.storyId !== storyId) {
      return false;
    }
    if (editingInstanceId !== null && !storyRoleAllows(subscriber.role, 'EDIT_INSTANCES')) {
      return false;
    }
    if (subscriber.editingInstanceId !== editingInstanceId) {
      subscriber.editingInstanceId = editingInstanceId;
      const story = this.stories.get(storyId);
      if (story) this.peopleChanged(story, [subscriber]);
    }
    return true;
  }

  // ---- notices ---------------------------------------------------------------------------------

  /** A notice of migration 0028's triggers: `<id>`, `<id>:m`, `<id>:s` joined by ',', or `*`. */
  heardLive(payload: string): void {
    for (const token of payload.split(',')) {
      if (token === '*') {
        for (const story of this.stories.values()) this.schedule(story, EVERYTHING);
        return;
      }
      const [id, kind] = token.split(':');
      const story = this.stories.get(Number(id));
      if (!story) continue;
      this.schedule(story, {
        events: kind === undefined,
        access: kind === 'm',
        figures: kind === 's',
      });
    }
  }

  /** Notices may have been missed while not listening: every story is read again once they are heard. */
  listeningLive(listening: boolean): void {
    if (listening && this.wasListening === false) {
      for (const story of this.stories.values()) this.schedule(story, EVERYTHING);
    }
    this.wasListening = listening;
  }

  heardPresence(payload: string): void {
    const edit = parseEdit(payload, this.processId);
    if (edit) {
      this.applyEditing(edit.userId, edit.storyId, edit.connectionId, edit.editingInstanceId);
      return;
    }
    const storyId = this.remote.heard(payload, Date.now());
    const story = storyId === undefined ? undefined : this.stories.get(storyId);
    if (story) this.peopleChanged(story, []);
  }

  /** Others may have forgotten this process's connections while it could not announce: tell them again. */
  listeningPresence(listening: boolean): void {
    if (listening) this.announceAll();
  }

  // ---- the shared clock ------------------------------------------------------------------------

  /** Run about every second by the plugin: expiries, heartbeats, re-announcements. */
  tick(nowMs = Date.now()): void {
    for (const subscriber of this.connections.values()) {
      if (subscriber.expiresAtMs !== null && subscriber.expiresAtMs <= nowMs) {
        this.end(subscriber, { reason: 'TOKEN_EXPIRED' });
      }
    }
    if (nowMs - this.lastPingMs >= this.limits.heartbeatMs) {
      this.lastPingMs = nowMs;
      for (const subscriber of this.connections.values()) this.write(subscriber, SSE_PING);
    }
    if (nowMs - this.lastAnnounceMs >= PRESENCE_REANNOUNCE_MS) {
      this.lastAnnounceMs = nowMs;
      this.announceAll();
    }
    for (const storyId of this.remote.expire(nowMs)) {
      const story = this.stories.get(storyId);
      if (story) this.peopleChanged(story, []);
    }
  }

  /** Ends every stream (the app closes); the others hear that these connections left. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const leaving = [...this.stories.values()].map((story) => ({
      storyId: story.storyId,
      ids: [...story.subscribers].map((one) => one.connectionId),
    }));
    const ending = [...this.connections.values()];
    for (const subscriber of ending) this.end(subscriber);
    for (const story of this.stories.values()) clearTimeout(story.presenceTimer);
    this.stories.clear();
    await Promise.all(
      leaving.flatMap(({ storyId, ids }) =>
        leavePayloads(this.processId, storyId, ids).map((payload) => this.send(payload)),
      ),
    );
    // A client that does not read would keep its socket, and the server's close, waiting.
    await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    for (const subscriber of ending) subscriber.stream.destroy();
  }

  // ---- a story's reads -------------------------------------------------------------------------

  private storyState(storyId: number): StoryState {
    let story = this.stories.get(storyId);
    if (!story) {
      story = {
        storyId,
        subscribers: new Set(),
        deliveredId: -1,
        queue: Promise.resolve(),
        pending: null,
        presenceTimer: undefined,
        lastPresence: '',
      };
      this.stories.set(storyId, story);
    }
    return story;
  }

  private enqueue(story: StoryState, task: () => Promise<void>): void {
    story.queue = story.queue.then(task).catch((error: unknown) => {
      this.log.error({ err: error, storyId: story.storyId }, 'live story read failed');
    });
  }

  private schedule(story: StoryState, work: Work): void {
    if (story.pending) {
      story.pending.events ||= work.events;
      story.pending.figures ||= work.figures;
      story.pending.access ||= work.access;
      return;
    }
    story.pending = { ...work };
    this.enqueue(story, async () => {
      const pending = story.pending;
      story.pending = null;
      if (pending && story.subscribers.size > 0) await this.process(story, pending);
    });
  }

  private async join(story: StoryState, subscriber: Subscriber, lastEventId?: number) {
    if (!subscriber.open) return;
    // Read again on the story's queue: a removal heard between the opening and now found no
    // subscriber to end.
    const access = await this.accessOf(subscriber);
    if (!access) return;
    subscriber.role = access.role;
    subscriber.seesLineups = readsMargins(access);
    const excluded = subscriber.seesLineups ? [] : LINEUP_EVENT_TYPES;
    const newest = await newestEventIds(this.db, story.storyId, excluded);
    if (!subscriber.open) return;
    this.write(
      subscriber,
      sseEvent(
        'hello',
        { connectionId: subscriber.connectionId, userId: subscriber.user.id },
        newest.visible,
      ),
    );
    if (lastEventId !== undefined && lastEventId < newest.all) {
      const missed = await eventsAfter(this.db, {
        storyId: story.storyId,
        afterId: lastEventId,
        excludedTypes: excluded,
        limit: this.limits.catchUpLimit + 1,
      });
      const upToHello = missed.filter((event) => event.id <= newest.all);
      if (upToHello.length > this.limits.catchUpLimit) {
        this.write(subscriber, sseEvent('reset', {}, newest.visible));
      } else {
        for (const event of upToHello) this.write(subscriber, changeEvent(event));
      }
    }
    if (!subscriber.open) return;
    subscriber.lastId = newest.all;
    if (story.deliveredId < 0) story.deliveredId = newest.all;
    story.subscribers.add(subscriber);
    this.peopleChanged(story, [subscriber]);
  }

  private async process(story: StoryState, work: Work): Promise<void> {
    if (work.figures) {
      if (!(await storyExists(this.db, story.storyId))) {
        for (const subscriber of [...story.subscribers]) {
          this.end(subscriber, { reason: 'STORY_DELETED' });
        }
        return;
      }
      for (const subscriber of story.subscribers) this.write(subscriber, sseEvent('figures', {}));
    }
    if (work.access) await this.recheckAccess(story);
    if (work.events && story.deliveredId >= 0) await this.deliverEvents(story, work.access);
  }

  /** ONE read for every subscriber of the story: the events after the last one delivered. */
  private async deliverEvents(story: StoryState, accessChecked: boolean): Promise<void> {
    const limit = this.limits.catchUpLimit;
    const events = await eventsAfter(this.db, {
      storyId: story.storyId,
      afterId: story.deliveredId,
      excludedTypes: [],
      limit: limit + 1,
    });
    if (events.length === 0) return;
    if (events.length > limit) {
      // Too many to list (an import): everyone re-reads the story.
      const newest = await newestEventIds(this.db, story.storyId, LINEUP_EVENT_TYPES);
      story.deliveredId = newest.all;
      for (const subscriber of story.subscribers) {
        if (subscriber.lastId >= newest.all) continue;
        subscriber.lastId = newest.all;
        const id = subscriber.seesLineups ? newest.all : newest.visible;
        this.write(subscriber, sseEvent('reset', {}, id));
      }
      return;
    }
    // A removed member must not hear what happens after the removal.
    if (!accessChecked && events.some((event) => ACCESS_EVENTS.has(event.type))) {
      await this.recheckAccess(story);
    }
    const last = events[events.length - 1]?.id ?? story.deliveredId;
    story.deliveredId = Math.max(story.deliveredId, last);
    const texts = new Map<number, string>();
    for (const subscriber of story.subscribers) {
      for (const event of events) {
        if (event.id <= subscriber.lastId) continue;
        if (!subscriber.seesLineups && LINEUP_EVENT_TYPES.includes(event.type as never)) continue;
        let text = texts.get(event.id);
        if (text === undefined) {
          text = changeEvent(event);
          texts.set(event.id, text);
        }
        this.write(subscriber, text);
      }
      subscriber.lastId = Math.max(subscriber.lastId, last);
    }
  }

  /** The subscriber's access now; ended (gone) when it has none. */
  private async accessOf(subscriber: Subscriber): Promise<StoryAccess | undefined> {
    try {
      return await loadStoryAccess(this.db, subscriber.user, subscriber.storyId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      const exists = await storyExists(this.db, subscriber.storyId);
      this.end(subscriber, { reason: exists ? 'ACCESS_LOST' : 'STORY_DELETED' });
      return undefined;
    }
  }

  /** The memberships of the story in one read: who lost it is told and ended, a new role applies. */
  private async recheckAccess(story: StoryState): Promise<void> {
    if (story.subscribers.size === 0) return;
    const members = await this.db
      .select({ userId: storyMembers.userId, role: storyMembers.role })
      .from(storyMembers)
      .where(eq(storyMembers.storyId, story.storyId));
    const roles = new Map(members.map((member) => [member.userId, member.role]));
    const lost = [...story.subscribers].filter((subscriber) => !roles.has(subscriber.user.id));
    for (const subscriber of story.subscribers) {
      const role = roles.get(subscriber.user.id);
      if (role !== undefined) {
        subscriber.role = role;
        subscriber.seesLineups = readsMargins({ role });
      }
    }
    if (lost.length === 0) return;
    // Memberships go with a deleted story: its members are told that, not that they were removed.
    const reason = (await storyExists(this.db, story.storyId)) ? 'ACCESS_LOST' : 'STORY_DELETED';
    for (const subscriber of lost) this.end(subscriber, { reason });
  }

  // ---- streams ---------------------------------------------------------------------------------

  private write(subscriber: Subscriber, text: string): void {
    if (!subscriber.open) return;
    const { stream } = subscriber;
    if (stream.writableLength + stream.readableLength > MAX_BUFFERED_BYTES) {
      // A client this far behind resumes by its last event id when it reconnects; what is
      // buffered for it is dropped with the socket.
      this.drop(subscriber);
      stream.destroy();
      return;
    }
    stream.write(text);
  }

  /** Ends the stream, with `gone` when the reason is for good. */
  private end(subscriber: Subscriber, gone?: LiveGone): void {
    if (!subscriber.open) return;
    if (gone) subscriber.stream.write(sseEvent('gone', gone));
    this.drop(subscriber);
    subscriber.stream.end();
  }

  private drop(subscriber: Subscriber): void {
    if (!subscriber.open) return;
    subscriber.open = false;
    this.connections.delete(subscriber.connectionId);
    const story = this.stories.get(subscriber.storyId);
    if (!story) return;
    const joined = story.subscribers.delete(subscriber);
    if (this.closing) return;
    if (joined) {
      for (const payload of leavePayloads(this.processId, story.storyId, [
        subscriber.connectionId,
      ])) {
        void this.send(payload);
      }
    }
    if (story.subscribers.size === 0 && !this.hasJoining(story.storyId)) {
      clearTimeout(story.presenceTimer);
      this.stories.delete(story.storyId);
    } else {
      this.peopleChanged(story, []);
    }
  }

  /** A stream of the story still waits for its `hello`. */
  private hasJoining(storyId: number): boolean {
    for (const subscriber of this.connections.values()) {
      if (subscriber.storyId === storyId) return true;
    }
    return false;
  }

  // ---- presence --------------------------------------------------------------------------------

  private localConnections(story: StoryState): PresenceConnection[] {
    return [...story.subscribers].map(presenceOf);
  }

  /**
   * The story's people may differ: tell the other processes of `changed` (only these: announcing
   * every connection at each join would cost the n-th join n), then the story's streams.
   */
  private peopleChanged(story: StoryState, changed: readonly Subscriber[]): void {
    if (changed.length > 0) {
      for (const payload of announcementPayloads(
        this.processId,
        story.storyId,
        changed.filter((one) => one.open).map(presenceOf),
      )) {
        void this.send(payload);
      }
    }
    if (story.presenceTimer) return;
    story.presenceTimer = setTimeout(() => {
      story.presenceTimer = undefined;
      const people = peopleOf([...this.localConnections(story), ...this.remote.of(story.storyId)]);
      const text = sseEvent('presence', { people });
      const changed = text !== story.lastPresence;
      story.lastPresence = text;
      for (const subscriber of story.subscribers) {
        if (!changed && subscriber.presenceSent) continue;
        subscriber.presenceSent = true;
        this.write(subscriber, text);
      }
    }, PRESENCE_DEBOUNCE_MS);
    story.presenceTimer.unref();
  }

  private announceAll(): void {
    for (const story of this.stories.values()) {
      if (story.subscribers.size === 0) continue;
      for (const payload of announcementPayloads(
        this.processId,
        story.storyId,
        this.localConnections(story),
      )) {
        void this.send(payload);
      }
    }
  }

  private async send(payload: string): Promise<void> {
    try {
      await this.notify(STORY_PRESENCE_CHANNEL, payload);
    } catch (error) {
      // Presence is a courtesy: the next re-announcement tells the others again.
      this.log.warn({ err: error }, 'announcing live presence failed');
    }
  }
}

function presenceOf(subscriber: Subscriber): PresenceConnection {
  return {
    connectionId: subscriber.connectionId,
    userId: subscriber.user.id,
    name: subscriber.name,
    editingInstanceId: subscriber.editingInstanceId,
  };
}

/** A `change` event: ids and the author, never the event's values. */
function changeEvent(event: LiveEventRecord): string {
  const change: LiveChange = {
    id: event.id,
    type: event.type,
    instanceId: event.instanceId,
    actor: event.userId === null ? null : { id: event.userId, name: personName(event) },
    at: event.occurredAt.toISOString(),
  };
  return sseEvent('change', change, event.id);
}
