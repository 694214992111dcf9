// What the live stream knows of a story, as a small external store: who has it open, which rows to mark, the notice of others' changes and why the stream ended. Components read only their slice (useSyncExternalStore), so a presence update does not re-render the page.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LiveChange, LivePresenceEntry } from '@costory/shared';
import type { LiveEndReason } from './live-stream';

/** How long a row changed by someone else stays marked. */
export const LIVE_MARK_MS = 3_000;

/** Changes by others gathered into one notice: per person, the event types in order. */
export interface LiveNotice {
  key: number;
  people: readonly { name: string | null; types: readonly string[] }[];
}

type Listener = () => void;
type ChangeListener = (change: LiveChange) => void;

const NO_PEOPLE: readonly LivePresenceEntry[] = [];

export class LiveStore {
  private listeners = new Set<Listener>();
  private changeListeners = new Set<ChangeListener>();
  private marks = new Map<number, ReturnType<typeof setTimeout>>();
  private noticeKey = 0;
  people: readonly LivePresenceEntry[] = NO_PEOPLE;
  /** The user's own id, from the stream's `hello` (not the token's `sub`, which an external issuer sets). */
  me: number | null = null;
  /** The instance this tab's editor has open (the last one reported), kept for a connection set up later. */
  editing: number | null = null;
  notice: LiveNotice | null = null;
  ended: Exclude<LiveEndReason, 'TOKEN_EXPIRED'> | null = null;
  private reporter: (instanceId: number | null) => void = () => undefined;

  /** Set by the live hook: how to tell the server which instance this tab edits. */
  setReporter(reporter: (instanceId: number | null) => void) {
    this.reporter = reporter;
  }

  /** The instance editor opened (an id) or closed (null); remembered, so that a connection set up later sends it. */
  reportEditing(instanceId: number | null) {
    if (instanceId === this.editing) return;
    this.editing = instanceId;
    this.reporter(instanceId);
  }

  /** The user's own id, as the stream's `hello` says it. */
  setMe(me: number) {
    if (me === this.me) return;
    this.me = me;
    this.emit();
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }

  setPeople(people: readonly LivePresenceEntry[]) {
    this.people = people;
    this.emit();
  }

  setEnded(reason: Exclude<LiveEndReason, 'TOKEN_EXPIRED'>) {
    this.ended = reason;
    this.emit();
  }

  /** Marks rows for LIVE_MARK_MS (a later change restarts the mark). */
  mark(instanceIds: readonly number[]) {
    for (const id of instanceIds) {
      clearTimeout(this.marks.get(id));
      this.marks.set(
        id,
        setTimeout(() => {
          this.marks.delete(id);
          this.emit();
        }, LIVE_MARK_MS),
      );
    }
    if (instanceIds.length > 0) this.emit();
  }

  announce(people: LiveNotice['people']) {
    if (people.length === 0) return;
    this.noticeKey += 1;
    this.notice = { key: this.noticeKey, people };
    this.emit();
  }

  dismissNotice() {
    this.notice = null;
    this.emit();
  }

  /** A string per row, so that only rows whose mark or editors changed re-render. */
  rowKey(instanceId: number): string {
    const editors = this.people
      .filter(
        (person) => person.userId !== this.me && person.editingInstanceIds.includes(instanceId),
      )
      .map((person) => person.name);
    return `${this.marks.has(instanceId) ? '1' : '0'}${editors.map((name) => `\u0000${name}`).join('')}`;
  }

  onChange(listener: ChangeListener) {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  changed(change: LiveChange) {
    for (const listener of this.changeListeners) listener(change);
  }

  /** Ends the marks' timers (the stream closed); subscribers stay, as React re-runs effects. */
  dispose() {
    for (const timer of this.marks.values()) clearTimeout(timer);
    this.marks.clear();
  }
}

export const StoryLiveContext = createContext<LiveStore | null>(null);

/** The story's live store, or null outside a story frame (a component rendered on its own). */
export function useLiveStore(): LiveStore | null {
  return useContext(StoryLiveContext);
}

const noSubscribe = () => () => undefined;

/** A slice of the live store; null outside a story frame. */
export function useLiveValue<T>(read: (store: LiveStore) => T): T | null {
  const store = useLiveStore();
  return useSyncExternalStore(
    store ? store.subscribe : noSubscribe,
    () => (store ? read(store) : null),
    () => null,
  );
}

/** A row's live state: marked (changed by someone else just now) and who else is editing it. */
export function useLiveRow(instanceId: number): { marked: boolean; editors: readonly string[] } {
  const key = useLiveValue((store) => store.rowKey(instanceId)) ?? '0';
  const [flag = '0', ...editors] = key.split('\u0000');
  return { marked: flag === '1', editors };
}
