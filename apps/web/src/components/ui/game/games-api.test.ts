import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';

vi.stubGlobal('sessionStorage', new MemoryStorage());
const { fetchRecentGames } = await import('./games-api');

describe('GCS_recentGame', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the page wanted, 20 a page, RNG games (spec §7 "recent games")', async () => {
    const page = { content: [], pageNo: 3, pageSize: 20, total: 41, totalPages: 3 };
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, value: page }), { status: 200 }));
    expect(await fetchRecentGames(3)).toEqual(page);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://portal.test');
    expect(url.pathname).toBe('/wps/relay/GCS_recentGame');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '3', pageSize: '20', gameType: 'RNG' });
  });
});
