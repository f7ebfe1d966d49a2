import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { OpsGameOffer, OpsGameOffersValue } from '@apsara/contracts';
import { GAME_OFFERS_KEY, gameOfferChangeOptions } from './games';

const offer = (vendor: string, o: Partial<OpsGameOffer> = {}): OpsGameOffer => ({
  gameType: 'LIVE', vendor, displayName: vendor, iconUrl: `/v/${vendor}.svg`, walletType: 'SEAMLESS', origin: 'SIM', games: 4, sort: 10,
  enabled: true, maintenance: false, vendorStatus: 'active', shown: 'live', ...o,
});
const LIST: OpsGameOffersValue = { categories: [{ gameType: 'LIVE', offers: [offer('AG'), offer('DG')] }] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A call that answers when the test says so. */
const held = () => {
  let answer: (r: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
};

describe('switching a game offer', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let client: QueryClient;
  const dg = () => client.getQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY)!.categories[0]!.offers[1]!;
  const change = () => new MutationObserver(client, gameOfferChangeOptions(client));

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false }, mutations: { retry: false } } });
    client.setQueryData(GAME_OFFERS_KEY, LIST);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    client.clear();
  });

  it('shows the new state at once, before the server answers, then the server\'s own', async () => {
    const call = held();
    fetchMock.mockReturnValueOnce(call.response);
    const done = change().mutate({ gameType: 'LIVE', vendor: 'DG', patch: { maintenance: true } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(dg()).toMatchObject({ maintenance: true, shown: 'maintenance' });
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('PATCH');
    call.answer(json(200, { success: true, value: offer('DG', { maintenance: true, shown: 'maintenance', sort: 30 }) }));
    await done;
    expect(dg()).toMatchObject({ maintenance: true, shown: 'maintenance', sort: 30 });
  });

  it('puts the switch back when the server refuses, and passes the refusal on for the page to show', async () => {
    const call = held();
    fetchMock.mockReturnValueOnce(call.response);
    const done = change().mutate({ gameType: 'LIVE', vendor: 'DG', patch: { enabled: false } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(dg()).toMatchObject({ enabled: false, shown: 'hidden' });
    call.answer(json(403, { success: false, code: 'FORBIDDEN', message: 'You are not allowed to do this' }));
    await expect(done).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(dg()).toEqual(offer('DG'));
    // The other vendor never moved.
    expect(client.getQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY)!.categories[0]!.offers[0]).toEqual(offer('AG'));
  });
});
