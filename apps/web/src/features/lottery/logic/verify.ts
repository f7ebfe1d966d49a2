import { LOTTERY_GAME_CODES, LOTTERY_RESULT_DIGITS, lotteryDigits, lotteryFamilyOf, sha256Hex, vnPrizes, type LotteryDraw, type VnPrizeTier } from '@apsara/contracts';

const encoder = new TextEncoder();

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  // Browsers offer WebCrypto on secure origins only (https, localhost).
  if (!s) throw new Error('WebCrypto is not available');
  return s;
};

/**
 * HMAC-SHA256 with WebCrypto, as lotteryDigits wants it injected: the key is the UTF-8 bytes of the
 * revealed seed as shown (its hex text, not the bytes it encodes), the message a text or the previous block.
 */
export const webHmac = async (key: string, message: Uint8Array | string): Promise<Uint8Array> => {
  const k = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const bytes = typeof message === 'string' ? encoder.encode(message) : new Uint8Array(message);
  return new Uint8Array(await subtle().sign('HMAC', k, bytes));
};

export type DrawCheck = {
  /** SHA-256 of the revealed seed, computed here. */
  computedHash: string;
  /** Whether it equals the seedHash published before betting opened. */
  hashMatches: boolean;
  /** The digits recomputed here from the seed, the game and the draw number (5, or 107 for a Vietnam lottery). */
  digits: number[];
  /** Whether they equal the result the server published. */
  digitsMatch: boolean;
};

type Hashers = {
  hmac: (key: string, message: Uint8Array | string) => Promise<Uint8Array>;
  sha256: (text: string) => Promise<string>;
};

/**
 * Checks a drawn result in the browser from its revealed seed alone: both answers are computed here
 * (WebCrypto), never read from the server. Null when the draw has no seed yet (not drawn).
 */
export const verifyDraw = async (
  draw: Pick<LotteryDraw, 'gameCode' | 'drawNo' | 'seed' | 'seedHash' | 'result'>,
  hashers: Hashers = { hmac: webHmac, sha256: sha256Hex },
): Promise<DrawCheck | null> => {
  if (!draw.seed) return null;
  const computedHash = await hashers.sha256(draw.seed);
  const count = LOTTERY_GAME_CODES.includes(draw.gameCode) ? LOTTERY_RESULT_DIGITS[lotteryFamilyOf(draw.gameCode)] : 5;
  const digits = await lotteryDigits(hashers.hmac, draw.seed, draw.gameCode, draw.drawNo, count);
  const published = draw.result ?? [];
  return {
    computedHash,
    hashMatches: computedHash === draw.seedHash.trim().toLowerCase(),
    digits,
    digitsMatch: published.length === count && digits.every((d, i) => d === published[i]),
  };
};

/**
 * The prize tiers of a Vietnam result in which two sets of digits differ (the balls show only the
 * special prize, so a mismatch further down is named). A published result of the wrong length differs everywhere.
 */
export const differingTiers = (published: readonly number[], computed: readonly number[]): VnPrizeTier[] => {
  const a = vnPrizes(published);
  const b = vnPrizes(computed);
  return b.filter((tier, i) => published.length !== computed.length || tier.numbers.join() !== a[i]!.numbers.join()).map((tier) => tier.tier);
};
