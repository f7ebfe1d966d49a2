import { GAME_CARD_COUNTER, type GameItem } from '@apsara/contracts';

/** 165.11 in cents: the counter works in whole cents so no float ever accumulates (spec §9). */
export const COUNTER_STEP_CENTS = Math.round(GAME_CARD_COUNTER.step * 100);
export const COUNTER_EVERY_MS = GAME_CARD_COUNTER.everyMs;

/**
 * A card's running number starts from a figure derived from the game's node id, so the same card shows
 * the same figure on every visit and neighbouring cards differ: 100,000.00–9,999,999.99.
 */
export const counterStartCents = (nodeId: number): number => {
  // Knuth's multiplicative hash, kept inside 32 bits.
  const mixed = Math.imul(nodeId >>> 0, 2654435761) >>> 0;
  return 10_000_000 + (mixed % 990_000_000);
};

/** The figure after `elapsedMs`: one step of 165.11 for every full 3000 ms. */
export const counterCentsAt = (startCents: number, elapsedMs: number): number =>
  startCents + Math.max(0, Math.floor(elapsedMs / COUNTER_EVERY_MS)) * COUNTER_STEP_CENTS;

/**
 * A leading-edge throttle: the first call in a window runs, the rest inside `ms` are refused
 * (spec §9 favorite throttle, 1000 ms). `now` is injected for tests.
 */
export const createThrottle = (ms: number, now: () => number = Date.now) => {
  let last = -Infinity;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
};

/** In-app launch URLs (in-house games: /seamless?…) stay in the router; vendor URLs open in the tab. */
export const isInAppUrl = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Games named in one language, named again in another: each looked up with `search` (which answers
 * the catalogue's games in the language on screen) and matched by node id; a game not found, or
 * whose search failed, stays as it was rather than disappear.
 */
export const renameGames = async (games: readonly GameItem[], search: (game: GameItem) => Promise<readonly GameItem[]>): Promise<GameItem[]> => {
  const answers = await Promise.all(games.map((g) => search(g).catch(() => [] as readonly GameItem[])));
  return games.map((g, i) => answers[i]?.find((found) => found.nodeId === g.nodeId) ?? g);
};
