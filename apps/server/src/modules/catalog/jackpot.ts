import { JACKPOT } from '@apsara/contracts';
import { hash32 } from './catalog-data.js';

/**
 * The site's jackpot figure as a function of the merchant and the clock, so every node and every
 * browser agree without storing anything. Time is cut into 7-day cycles from a fixed epoch; each cycle
 * starts at a figure drawn (by hashing merchant and cycle number) between 45,000,000.00 and
 * 53,600,000.00 and grows by 75.00 a second (the mean of spec §9's ticker: 100–500 every 3–5 s), so
 * it stays within the spec's 45,000,000–99,000,000 band; then the pool "drops" and a new cycle starts.
 * The ticker animates from this figure with the client rule of spec §9 and re-reads it now and then.
 */
export const JACKPOT_EPOCH_MS = Date.UTC(2024, 0, 1);
export const JACKPOT_CYCLE_MS = 7 * 24 * 3_600_000;
/** Cents per second: 75.00 a second. */
export const JACKPOT_CENTS_PER_SECOND = 7500;
/** Starting figures span 8,600,000.00 so that start + a week of growth (45,360,000.00) stays below the max. */
const START_SPAN_CENTS = 8_600_000 * 100;

export type JackpotFigure = { cents: bigint; cycleStartedAt: Date; cycleEndsAt: Date };

export const jackpotAt = (merchantCode: string, nowMs: number): JackpotFigure => {
  const cycle = Math.floor((nowMs - JACKPOT_EPOCH_MS) / JACKPOT_CYCLE_MS);
  const startedMs = JACKPOT_EPOCH_MS + cycle * JACKPOT_CYCLE_MS;
  const start = BigInt(JACKPOT.min) * 100n + BigInt(hash32(`${merchantCode}:jackpot:${cycle}`) % START_SPAN_CENTS);
  // Whole cents, no float: elapsed milliseconds × cents per second ÷ 1000.
  const grown = (BigInt(nowMs - startedMs) * BigInt(JACKPOT_CENTS_PER_SECOND)) / 1000n;
  return { cents: start + grown, cycleStartedAt: new Date(startedMs), cycleEndsAt: new Date(startedMs + JACKPOT_CYCLE_MS) };
};
