import { describe, expect, it } from 'vitest';
import type { PopupExecution } from '@apsara/contracts';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';
import { POPUPS_SEEN_KEY, SEEN_MAX, duePopups, isDue, markSeen, parseSeen, readSeen, writeSeen, type SeenState } from './popup-schedule';

const popup = (id: string, execution: PopupExecution, version = 'v1', pinned = false) => ({ id, execution, version, pinned });
const nothing: SeenState = { local: {}, session: {} };
const DAY = '2026-11-28';
const NEXT_DAY = '2026-11-29';

describe('notice popup schedule', () => {
  it('shows a popup nobody has seen here, whatever its execution', () => {
    for (const execution of ['once', 'session', 'daily'] as const) expect(isDue(popup('1', execution), nothing, DAY)).toBe(true);
  });

  it('shows a once popup once, and again only when it is edited', () => {
    const p = popup('1', 'once');
    const seen = markSeen(p, nothing, DAY);
    expect(seen.local['1']).toEqual({ v: 'v1' });
    expect(isDue(p, seen, DAY)).toBe(false);
    expect(isDue(p, seen, NEXT_DAY)).toBe(false);
    expect(isDue({ ...p, version: 'v2' }, seen, DAY)).toBe(true);
  });

  it('remembers session popups in the session memory only', () => {
    const p = popup('2', 'session');
    const seen = markSeen(p, nothing, DAY);
    expect(seen.session['2']).toEqual({ v: 'v1' });
    expect(seen.local).toEqual({});
    expect(isDue(p, seen, NEXT_DAY)).toBe(false);
    // A new browser session starts with an empty sessionStorage.
    expect(isDue(p, { ...seen, session: {} }, DAY)).toBe(true);
  });

  it("shows a daily popup again on the site's next day", () => {
    const p = popup('3', 'daily');
    const seen = markSeen(p, nothing, DAY);
    expect(seen.local['3']).toEqual({ v: 'v1', d: DAY });
    expect(isDue(p, seen, DAY)).toBe(false);
    expect(isDue(p, seen, NEXT_DAY)).toBe(true);
    expect(isDue({ ...p, version: 'v2' }, seen, DAY)).toBe(true);
  });

  it('takes a popup switched from once to daily as seen today only', () => {
    const seen = markSeen(popup('4', 'once'), nothing, DAY);
    expect(isDue(popup('4', 'daily'), seen, DAY)).toBe(true);
  });

  it('lists the due popups pinned first, one after another', () => {
    const list = [popup('a', 'once'), popup('b', 'daily', 'v1', true), popup('c', 'session')];
    expect(duePopups(list, nothing, DAY).map((p) => p.id)).toEqual(['b', 'a', 'c']);
    let seen = nothing;
    const shown: string[] = [];
    for (let next = duePopups(list, seen, DAY)[0]; next; next = duePopups(list, seen, DAY)[0]) {
      shown.push(next.id);
      seen = markSeen(next, seen, DAY);
    }
    expect(shown).toEqual(['b', 'a', 'c']);
    expect(duePopups(list, seen, NEXT_DAY).map((p) => p.id)).toEqual(['b']);
  });

  it('keeps at most SEEN_MAX entries, dropping those shown longest ago', () => {
    let seen = nothing;
    for (let i = 0; i < SEEN_MAX + 5; i += 1) seen = markSeen(popup(`p${i}`, 'once'), seen, DAY);
    const ids = Object.keys(seen.local);
    expect(ids).toHaveLength(SEEN_MAX);
    expect(ids[0]).toBe('p5');
    // Showing an old one again moves it to the newest place.
    seen = markSeen(popup('p5', 'once', 'v2'), seen, DAY);
    expect(Object.keys(seen.local).at(-1)).toBe('p5');
  });

  it('reads what it wrote, and takes anything unreadable as nothing seen', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    const seen = markSeen(popup('s', 'session'), markSeen(popup('d', 'daily'), nothing, DAY), DAY);
    writeSeen(storages, seen);
    expect(readSeen(storages)).toEqual(seen);
    expect(readSeen({ local: undefined, session: undefined })).toEqual(nothing);
    expect(parseSeen('not json')).toEqual({});
    expect(parseSeen('[1,2]')).toEqual({});
    expect(parseSeen(JSON.stringify({ ok: { v: 'x' }, bad: { v: 1 }, worse: 'x', day: { v: 'y', d: 5 } }))).toEqual({ ok: { v: 'x' } });
    storages.local.setItem(POPUPS_SEEN_KEY, '{');
    expect(readSeen(storages).local).toEqual({});
  });

  it('keeps working when the browser refuses storage', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => writeSeen({ local: refusing, session: refusing }, markSeen(popup('x', 'once'), nothing, DAY))).not.toThrow();
    expect(readSeen({ local: refusing, session: refusing })).toEqual(nothing);
  });
});
