/**
 * Multipliers are exact integers scaled by 10 000 (four decimal places), floored from the exact
 * rational, so money is computed with bigint only: payout = floor(stake × multiplier / 10 000).
 * Both floors round toward the house, so a paid amount never exceeds the exact fair-minus-edge value.
 */
export const MULTIPLIER_SCALE = 10_000n;
/** House edges are declared in basis points: 100 bp = 1.00 %. */
export const BP_SCALE = 10_000;

export const assertHouseEdgeBp = (edgeBp: number): void => {
  if (!Number.isInteger(edgeBp) || edgeBp < 0 || edgeBp >= BP_SCALE) throw new RangeError('house edge must be an integer 0..9999 basis points');
};

/** 19801n → "1.9801" — the wire and display form of a multiplier. */
export const formatMultiplier = (scaled: bigint): string =>
  `${scaled / MULTIPLIER_SCALE}.${(scaled % MULTIPLIER_SCALE).toString().padStart(4, '0')}`;

/** Payout in minor units of a winning stake: floor(stakeMinor × multiplier / 10 000). */
export const payoutMinor = (stakeMinor: bigint, multiplierScaled: bigint): bigint => {
  if (stakeMinor < 0n) throw new RangeError('stake must not be negative');
  return (stakeMinor * multiplierScaled) / MULTIPLIER_SCALE;
};
