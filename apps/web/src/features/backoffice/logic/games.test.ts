import { describe, expect, it } from 'vitest';
import { OpsGameOfferPatch, type OpsGameOffer, type OpsGameOffersValue } from '@apsara/contracts';
import { categoryCounts, needsConfirm, shownOf, switchPatch, undoOfPatch, withOffer, withOfferPatch } from './games';

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

const offer = (vendor: string, o: Partial<OpsGameOffer> = {}): OpsGameOffer => ({
  gameType: 'LIVE', vendor, displayName: vendor, iconUrl: `/v/${vendor}.svg`, walletType: 'SEAMLESS', origin: 'SIM', games: 4, sort: 10,
  enabled: true, maintenance: false, vendorStatus: 'active', shown: 'live', ...o,
});
const list = (): OpsGameOffersValue => ({
  categories: [
    { gameType: 'RNG', offers: [offer('DG', { gameType: 'RNG' })] },
    { gameType: 'LIVE', offers: [offer('AG'), offer('DG')] },
  ],
});
const dgLive = (l: OpsGameOffersValue) => l.categories[1]!.offers[1]!;

describe('a switch shown before the server answers', () => {
  it('works out what players see as the server does', () => {
    expect(shownOf({ enabled: true, maintenance: false, vendorStatus: 'active' })).toBe('live');
    expect(shownOf({ enabled: true, maintenance: true, vendorStatus: 'active' })).toBe('maintenance');
    expect(shownOf({ enabled: true, maintenance: false, vendorStatus: 'maintenance' })).toBe('maintenance');
    expect(shownOf({ enabled: false, maintenance: true, vendorStatus: 'active' })).toBe('hidden');
    expect(shownOf({ enabled: true, maintenance: false, vendorStatus: 'disabled' })).toBe('hidden');
  });

  it('changes only the offer switched, in its category, with what players now see', () => {
    const before = list();
    const after = withOfferPatch(before, 'LIVE', 'DG', { maintenance: true });
    expect(dgLive(after)).toMatchObject({ maintenance: true, enabled: true, shown: 'maintenance' });
    // The same vendor in another category, and the other vendors, are left alone.
    expect(after.categories[0]).toBe(before.categories[0]);
    expect(after.categories[1]!.offers[0]).toBe(before.categories[1]!.offers[0]);
    // The list the page had is not touched (the cache gets a new one).
    expect(dgLive(before).maintenance).toBe(false);
    expect(dgLive(withOfferPatch(before, 'LIVE', 'DG', { enabled: false })).shown).toBe('hidden');
  });

  it('knows what a refusal puts back: only the switches the change touched, as they were', () => {
    const before = list();
    const undo = undoOfPatch(before, 'LIVE', 'DG', { maintenance: true });
    expect(undo).toEqual({ maintenance: false });
    const back = withOfferPatch(withOfferPatch(before, 'LIVE', 'DG', { maintenance: true }), 'LIVE', 'DG', undo!);
    expect(dgLive(back)).toEqual(dgLive(before));
    expect(undoOfPatch(before, 'LIVE', 'PT', { enabled: false })).toBeNull();
    expect(undoOfPatch(undefined, 'LIVE', 'DG', { enabled: false })).toBeNull();
  });

  it('takes the server\'s answer over its own guess', () => {
    const answered = offer('DG', { maintenance: true, vendorStatus: 'maintenance', shown: 'maintenance', sort: 20 });
    expect(dgLive(withOffer(list(), answered))).toEqual(answered);
  });
});
