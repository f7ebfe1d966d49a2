import { describe, expect, it } from 'vitest';
import { OpsGameOfferPatch } from '@apsara/contracts';
import { categoryCounts, needsConfirm, switchPatch } from './games';

describe('games page logic', () => {
  it('asks before a change that takes games away from players, and only then', () => {
    expect(needsConfirm({ maintenance: true })).toBe(true);
    expect(needsConfirm({ enabled: false })).toBe(true);
    expect(needsConfirm({ maintenance: false })).toBe(false);
    expect(needsConfirm({ enabled: true })).toBe(false);
    expect(needsConfirm({})).toBe(false);
  });

  it('flips the switch it is asked for, as a body the server accepts', () => {
    const offer = { enabled: true, maintenance: false };
    expect(switchPatch(offer, 'maintenance')).toEqual({ maintenance: true });
    expect(switchPatch(offer, 'enabled')).toEqual({ enabled: false });
    expect(switchPatch({ enabled: false, maintenance: true }, 'maintenance')).toEqual({ maintenance: false });
    for (const which of ['enabled', 'maintenance'] as const) expect(OpsGameOfferPatch.safeParse(switchPatch(offer, which)).success).toBe(true);
  });

  it('counts what players see of a category', () => {
    expect(categoryCounts([{ shown: 'live' }, { shown: 'maintenance' }, { shown: 'hidden' }, { shown: 'live' }])).toEqual({ live: 2, maintenance: 1, hidden: 1 });
  });
});
