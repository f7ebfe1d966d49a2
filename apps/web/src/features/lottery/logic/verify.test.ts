import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lotteryDigits, sha256Hex } from '@apsara/contracts';
import { isResult, resultFacts, returnPercent } from './result';
import { differingTiers, verifyDraw, webHmac } from './verify';

// A seed and the numbers computed for it once with node:crypto (see the independent check below).
const SEED = '7b2f0c1d9e8a4b3c6d5e4f30112233445566778899aabbccddeeff0011223344';
const SEED_HASH = '9bd80436239c64fd8ce0db1fb460f2de347a5d91262d43e53915f1bfc0e841aa';
const DRAW = { gameCode: 'FAST5D' as const, drawNo: '20261128-0097', seed: SEED, seedHash: SEED_HASH, result: [3, 8, 4, 3, 6] };

/** The rule of docs/lottery.md written again with node:crypto, to check the browser path against. */
const nodeDigits = (seed: string, message: string, count = 5) => {
  const digits: number[] = [];
  let block = createHmac('sha256', seed).update(message).digest();
  for (;;) {
    for (const byte of block) {
      if (byte >= 250) continue;
      digits.push(byte % 10);
      if (digits.length === count) return digits;
    }
    block = createHmac('sha256', seed).update(block).digest();
  }
};

describe('verifying a draw in the browser', () => {
  it('computes HMAC-SHA256 with WebCrypto keyed by the seed text', async () => {
    const mac = await webHmac(SEED, 'FAST5D:20261128-0097');
    expect(Buffer.from(mac).toString('hex')).toBe(createHmac('sha256', SEED).update('FAST5D:20261128-0097').digest('hex'));
    // Chained blocks: the message is the previous block's bytes.
    const again = await webHmac(SEED, mac);
    expect(Buffer.from(again).toString('hex')).toBe(createHmac('sha256', SEED).update(Buffer.from(mac)).digest('hex'));
  });

  it("recomputes a known seed's digits with the contract's lotteryDigits", async () => {
    // The first HMAC byte is 0xf3 (243 → 3) and the second 0xfa (250): skipped, so the rule is exercised.
    expect(await lotteryDigits(webHmac, SEED, 'FAST5D', '20261128-0097')).toEqual([3, 8, 4, 3, 6]);
    expect(await lotteryDigits(webHmac, SEED, 'CLASSIC5D', '20261128-0097')).toEqual([7, 1, 6, 6, 4]);
    expect(nodeDigits(SEED, 'FAST5D:20261128-0097')).toEqual([3, 8, 4, 3, 6]);
    expect(await sha256Hex(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('agrees with node:crypto on many seeds', async () => {
    for (let i = 0; i < 40; i++) {
      const seed = createHash('sha256').update(`seed-${i}`).digest('hex');
      const drawNo = `20261128-${String(i).padStart(4, '0')}`;
      expect(await lotteryDigits(webHmac, seed, 'CLASSIC5D', drawNo)).toEqual(nodeDigits(seed, `CLASSIC5D:${drawNo}`));
    }
  });

  it('says both checks pass for an honest draw', async () => {
    expect(await verifyDraw(DRAW)).toEqual({ computedHash: SEED_HASH, hashMatches: true, digits: [3, 8, 4, 3, 6], digitsMatch: true });
  });

  it('catches a seed that does not hash to the commitment, and a result that does not follow from the seed', async () => {
    const badHash = await verifyDraw({ ...DRAW, seedHash: '0'.repeat(64) });
    expect(badHash).toMatchObject({ hashMatches: false, digitsMatch: true, computedHash: SEED_HASH });
    const badResult = await verifyDraw({ ...DRAW, result: [3, 8, 4, 3, 7] });
    expect(badResult).toMatchObject({ hashMatches: true, digitsMatch: false, digits: [3, 8, 4, 3, 6] });
    // The same seed on another draw number gives other digits: the result is bound to the draw.
    expect(await verifyDraw({ ...DRAW, drawNo: '20261128-0098' })).toMatchObject({ digitsMatch: false });
    expect(await verifyDraw({ ...DRAW, result: null })).toMatchObject({ digitsMatch: false });
  });

  it('computes the answers itself: it never trusts anything but the seed, game and draw number', async () => {
    const calls: string[] = [];
    const check = await verifyDraw(DRAW, {
      hmac: async (key, message) => {
        calls.push(`hmac:${key === SEED}:${typeof message === 'string' ? message : 'bytes'}`);
        return webHmac(key, message);
      },
      sha256: async (text) => {
        calls.push(`sha:${text === SEED}`);
        return sha256Hex(text);
      },
    });
    expect(check?.digitsMatch).toBe(true);
    expect(calls).toEqual(['sha:true', 'hmac:true:FAST5D:20261128-0097']);
  });

  it('has nothing to check before the seed is revealed', async () => {
    expect(await verifyDraw({ ...DRAW, seed: null })).toBeNull();
  });
});

describe('a result', () => {
  it('tells the sum, big or small (23–45 is big) and odd or even', () => {
    expect(resultFacts([3, 8, 4, 3, 6])).toEqual({ sum: 24, size: 'big', parity: 'even' });
    expect(resultFacts([9, 9, 2, 1, 1])).toEqual({ sum: 22, size: 'small', parity: 'even' });
    expect(resultFacts([9, 9, 3, 1, 1])).toEqual({ sum: 23, size: 'big', parity: 'odd' });
    expect(resultFacts([0, 0, 0, 0, 0])).toEqual({ sum: 0, size: 'small', parity: 'even' });
  });

  it('is five digits 0–9', () => {
    expect(isResult([1, 2, 3, 4, 5])).toBe(true);
    expect(isResult([1, 2, 3, 4])).toBe(false);
    expect(isResult([1, 2, 3, 4, 10])).toBe(false);
    expect(isResult(null)).toBe(false);
  });

  it('returns 98 % on every kind', () => {
    expect(returnPercent(980n, 'digit')).toBe('98');
    expect(returnPercent(196n, 'bigSmall')).toBe('98');
    expect(returnPercent(196n, 'sumOddEven')).toBe('98');
    expect(returnPercent(195n, 'oddEven')).toBe('97.5');
  });
});

describe('a Vietnam lottery draw', () => {
  it('is checked on all 107 digits (the 27 numbers), past the first HMAC block', async () => {
    const result = nodeDigits(SEED, 'VN2M:20261202-0376', 107);
    const draw = { gameCode: 'VN2M' as const, drawNo: '20261202-0376', seed: SEED, seedHash: SEED_HASH, result };
    const check = await verifyDraw(draw);
    expect(check?.digits).toEqual(result);
    expect(check).toMatchObject({ hashMatches: true, digitsMatch: true });
    // The special prize alone is not the result.
    expect((await verifyDraw({ ...draw, result: result.slice(0, 5) }))?.digitsMatch).toBe(false);
    const changed = [...result];
    changed[106] = (changed[106]! + 1) % 10;
    expect((await verifyDraw({ ...draw, result: changed }))?.digitsMatch).toBe(false);
    // The last digit belongs to the seventh prize: the only tier named as differing.
    expect(differingTiers(changed, result)).toEqual(['seventh']);
    expect(differingTiers(result, result)).toEqual([]);
  });

  it('states what each Vietnam kind returns on average', () => {
    expect(returnPercent(360n, 'lo2')).toBe('97.2');
    expect(returnPercent(9800n, 'de2')).toBe('98');
    expect(returnPercent(98000n, 'cang3')).toBe('98');
    expect(returnPercent(1780n, 'xien2')).toBe('97.7');
    expect(returnPercent(980n, 'digit')).toBe('98');
  });
});

