import { toMinor } from '@apsara/contracts';

/*
 * The raffle's prize wheel: its segments, and where to turn it so the pointer (at the top) stops on
 * the prize the server drew. The draw is the server's alone; the wheel only shows it.
 */

/** Fewer segments than this look like a pie chart, not a wheel: the prizes repeat until there are enough. */
export const MIN_SEGMENTS = 8;

/**
 * The wheel's segments, each a prize's amount: the prizes in the order given, repeated (whole rounds)
 * until there are at least MIN_SEGMENTS, so each prize shows as often as the others.
 */
export const wheelSegments = (prizes: readonly { amount: string }[]): string[] => {
  if (!prizes.length) return [];
  const rounds = Math.max(1, Math.ceil(MIN_SEGMENTS / prizes.length));
  return Array.from({ length: rounds }, () => prizes.map((p) => p.amount)).flat();
};

/** The segment the wheel stops on for a prize: the first showing that amount (compared as money), else the first. */
export const segmentOf = (segments: readonly string[], prize: string): number => {
  const target = toMinor(prize);
  const at = segments.findIndex((s) => toMinor(s) === target);
  return at < 0 ? 0 : at;
};

/**
 * The wheel's turn (degrees, clockwise) to stop segment `index` under the pointer at the top, at least
 * `spins` full turns past where it stands (`from`), so a second draw keeps turning forward. Segment 0
 * is drawn from 0° clockwise; its middle is half a segment in.
 */
export const stopAngle = (index: number, count: number, from = 0, spins = 5): number => {
  const size = 360 / count;
  const middle = index * size + size / 2;
  // The wheel turned by `a` puts angle (middle + a) under the pointer at 0°: a ≡ -middle (mod 360).
  const rest = (((-middle % 360) + 360) % 360);
  const base = Math.ceil(from / 360) * 360 + spins * 360;
  return base + rest;
};
