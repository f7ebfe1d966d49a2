/** A rate in basis points as the member reads it: 50 → "0.50%". */
export const rateText = (bps: number) => `${(bps / 100).toFixed(2)}%`;
