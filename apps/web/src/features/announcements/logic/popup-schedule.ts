import type { PopupExecution, PopupItem } from '@apsara/contracts';
import { pinnedFirst } from './notices';

/**
 * When the notice popups (PU) show to this browser, by their `execution`:
 * - once: once ever (localStorage), by id and version, so an edited popup shows again;
 * - session: once a browser session (sessionStorage);
 * - daily: once a day of the site's calendar (localStorage, with the day it was shown).
 * A popup counts as seen when it is put on screen: a reload while it is open does not show it twice.
 */

/** What a browser remembers of one popup: the version it showed, and the site's day for daily ones. */
export type SeenEntry = { v: string; d?: string };
export type SeenRecord = Record<string, SeenEntry>;
/** The two memories: `local` for once and daily, `session` for session popups. */
export type SeenState = { local: SeenRecord; session: SeenRecord };

export const POPUPS_SEEN_KEY = 'apsara.popupsSeen';
/** Entries kept per storage; the oldest go first. Popups are few, so this only bounds a years-old browser. */
export const SEEN_MAX = 200;

type Popup = Pick<PopupItem, 'id' | 'version' | 'execution' | 'pinned'>;

const memoryOf = (execution: PopupExecution): keyof SeenState => (execution === 'session' ? 'session' : 'local');

export const isDue = (popup: Popup, seen: SeenState, today: string): boolean => {
  const entry = seen[memoryOf(popup.execution)][popup.id];
  if (!entry || entry.v !== popup.version) return true;
  return popup.execution === 'daily' && entry.d !== today;
};

/** The popups to show now, in order: pinned first, then as the server listed them. */
export const duePopups = <P extends Popup>(popups: readonly P[], seen: SeenState, today: string): P[] => pinnedFirst(popups).filter((p) => isDue(p, seen, today));

/** The memory after showing `popup` on `today` (the site's calendar day, "yyyy-MM-dd"). */
export const markSeen = (popup: Popup, seen: SeenState, today: string): SeenState => {
  const memory = memoryOf(popup.execution);
  const { [popup.id]: _previous, ...rest } = seen[memory];
  // Re-inserted last, so trimming drops the popups shown longest ago.
  const next: SeenRecord = { ...rest, [popup.id]: popup.execution === 'daily' ? { v: popup.version, d: today } : { v: popup.version } };
  const ids = Object.keys(next);
  const kept = ids.length > SEEN_MAX ? Object.fromEntries(ids.slice(ids.length - SEEN_MAX).map((id) => [id, next[id]])) : next;
  return { ...seen, [memory]: kept };
};

const isEntry = (value: unknown): value is SeenEntry =>
  typeof value === 'object' && value !== null && typeof (value as SeenEntry).v === 'string' && ((value as SeenEntry).d === undefined || typeof (value as SeenEntry).d === 'string');

/** A stored memory; anything unreadable (another version's format, a hand edit) counts as nothing seen. */
export const parseSeen = (raw: string | null): SeenRecord => {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, entry]) => isEntry(entry))) as SeenRecord;
  } catch {
    return {};
  }
};

export type SeenStorages = { local: Storage | undefined; session: Storage | undefined };

export const readSeen = (storages: SeenStorages): SeenState => ({
  local: parseSeen(safeGet(storages.local)),
  session: parseSeen(safeGet(storages.session)),
});

export const writeSeen = (storages: SeenStorages, seen: SeenState) => {
  safeSet(storages.local, JSON.stringify(seen.local));
  safeSet(storages.session, JSON.stringify(seen.session));
};

const safeGet = (storage: Storage | undefined) => {
  try {
    return storage?.getItem(POPUPS_SEEN_KEY) ?? null;
  } catch {
    return null;
  }
};

const safeSet = (storage: Storage | undefined, value: string) => {
  try {
    storage?.setItem(POPUPS_SEEN_KEY, value);
  } catch {
    // Private mode or a full storage: the popup may show again, which is better than not at all.
  }
};

/** The browser's storages, where it lets the page use them (sandboxed frames throw on access). */
export const browserStorages = (): SeenStorages => {
  const get = (which: 'localStorage' | 'sessionStorage') => {
    try {
      return typeof window === 'undefined' ? undefined : window[which];
    } catch {
      return undefined;
    }
  };
  return { local: get('localStorage'), session: get('sessionStorage') };
};
