import { JACKPOT } from '@apsara/contracts';

/** A source of numbers in [0, 1); injected so the maths is testable. */
export type Random = () => number;

const clampUnit = (r: number) => Math.min(Math.max(r, 0), 1);
const between = (min: number, max: number, r: number) => min + clampUnit(r) * (max - min);

export type JackpotStep = { incrementCents: number; delayMs: number };

/** One tick: the pool rises by 100–500 after a pause of 3–5 s (spec §9). */
export const nextJackpotStep = (random: Random = Math.random): JackpotStep => ({
  incrementCents: Math.round(between(JACKPOT.stepMin, JACKPOT.stepMax, random()) * 100),
  delayMs: Math.round(between(JACKPOT.tickMinMs, JACKPOT.tickMaxMs, random())),
});

/** Eased value between two amounts for the counting animation; t runs from 0 to 1. */
export const tweenCents = (from: number, to: number, t: number): number => {
  const p = clampUnit(t);
  const eased = 1 - (1 - p) ** 3;
  return Math.round(from + (to - from) * eased);
};

/**
 * The served figure ("45123456.78") in whole cents, by string arithmetic: no float touches it.
 * Null when the answer is not a two-place decimal.
 */
export const servedJackpotCents = (amount: string): number | null => {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

/** A fresh reading never moves the ticker backwards: it jumps ahead only when the server is ahead. */
export const reconcileJackpot = (shownCents: number, servedCents: number | null): number =>
  servedCents === null ? shownCents : Math.max(shownCents, servedCents);
