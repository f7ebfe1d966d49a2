import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money.js';
import {
  DICE_HOUSE_EDGE_BP,
  DICE_OUTCOMES,
  DICE_TARGET_MAX,
  DICE_TARGET_MIN,
  type DiceBet,
  DiceBetInput,
  type DiceDirection,
  DiceVerifyInput,
  diceMultiplierScaled,
  diceRoll,
  diceWinChancePercent,
  diceWinningOutcomes,
  diceWins,
  formatHundredths,
  parseHundredths,
  playDice,
  settleDice,
  verifyDiceRound,
} from './dice.js';
import { createFloatSource } from './hmac-floats.js';
import { formatMultiplier } from './multiplier.js';
import { S1, S2, S2_HASH } from './test-vectors.js';

const EDGE_NUM = BigInt(10_000 - DICE_HOUSE_EDGE_BP); // 9900: (1 − edge) × 10 000
const N = BigInt(DICE_OUTCOMES);

const everyBet = (): DiceBet[] =>
  (['under', 'over'] as DiceDirection[]).flatMap((direction) =>
    Array.from({ length: DICE_TARGET_MAX - DICE_TARGET_MIN + 1 }, (_, i) => ({ target: DICE_TARGET_MIN + i, direction })),
  );

describe('dice — known answers', () => {
  it('rolls of the fixed vectors: float 0 → floor(float × 10001) / 100', async () => {
    const vectors: [string, string, number, string][] = [
      [S1, 'lucky-player_7', 0, '92.42'],
      [S1, 'lucky-player_7', 1, '19.81'],
      [S2, 'f00dcafe', 42, '2.10'],
    ];
    for (const [serverSeed, clientSeed, nonce, roll] of vectors) {
      const r = await playDice({ serverSeed, clientSeed, nonce }, { target: 5000, direction: 'under' }, 0n);
      expect(formatHundredths(r.roll)).toBe(roll);
      // independently: first 4 HMAC bytes, big-endian, × 10001 / 2³², floored, with integers only
      const k = BigInt(createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest().readUInt32BE(0));
      expect(r.roll).toBe(Number((k * N) >> 32n));
    }
  });

  it('a full settled bet: S1 / lucky-player_7 / nonce 1 rolls 19.81; 10.00 under 50.00 pays 19.80', async () => {
    const r = await playDice({ serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 1 }, { target: parseHundredths('50.00'), direction: 'under' }, toMinor('10.00'));
    expect(r).toMatchObject({ roll: 1981, win: true, multiplierScaled: 19801n, payoutMinor: 1980n });
    const lost = await playDice({ serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 1 }, { target: 5000, direction: 'over' }, 1000n);
    expect(lost).toMatchObject({ roll: 1981, win: false, payoutMinor: 0n });
  });

  it('multipliers and chances at the limits and the middle', () => {
    expect(formatMultiplier(diceMultiplierScaled({ target: 5000, direction: 'under' }))).toBe('1.9801');
    expect(formatMultiplier(diceMultiplierScaled({ target: 5000, direction: 'over' }))).toBe('1.9801');
    expect(formatMultiplier(diceMultiplierScaled({ target: 100, direction: 'under' }))).toBe('99.0099');
    expect(formatMultiplier(diceMultiplierScaled({ target: 9900, direction: 'over' }))).toBe('99.0099');
    expect(formatMultiplier(diceMultiplierScaled({ target: 9900, direction: 'under' }))).toBe('1.0001');
    expect(formatMultiplier(diceMultiplierScaled({ target: 100, direction: 'over' }))).toBe('1.0001');
    expect(formatMultiplier(diceMultiplierScaled({ target: 5000, direction: 'under' }, 0))).toBe('2.0002');
    expect(diceWinChancePercent({ target: 5000, direction: 'under' })).toBe('49.9950');
    expect(diceWinChancePercent({ target: 100, direction: 'under' })).toBe('0.9999');
    expect(diceWinChancePercent({ target: 100, direction: 'over' })).toBe('98.9901');
  });
});

describe('dice — rules', () => {
  it('maps [0, 1) onto 0 … 10000 hundredths', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(1 - 2 ** -32)).toBe(10_000);
    expect(diceRoll(0.5)).toBe(5000);
    for (const f of [-0.1, 1, Number.NaN]) expect(() => diceRoll(f)).toThrow(RangeError);
  });

  it('under wins strictly below the target, over strictly above; the target itself loses both', () => {
    const u: DiceBet = { target: 5000, direction: 'under' };
    const o: DiceBet = { target: 5000, direction: 'over' };
    expect([diceWins(4999, u), diceWins(5000, u), diceWins(5001, u)]).toEqual([true, false, false]);
    expect([diceWins(4999, o), diceWins(5000, o), diceWins(5001, o)]).toEqual([false, false, true]);
  });

  it('the winning-outcome count equals a brute-force count over all 10001 rolls', () => {
    for (const bet of [{ target: 100, direction: 'under' }, { target: 4321, direction: 'over' }, { target: 9900, direction: 'over' }] as DiceBet[]) {
      const brute = Array.from({ length: DICE_OUTCOMES }, (_, r) => r).filter((r) => diceWins(r, bet)).length;
      expect(diceWinningOutcomes(bet)).toBe(brute);
    }
  });

  it('refuses targets outside 1.00 … 99.00 or not in hundredths, and bad edges', () => {
    for (const target of [99, 9901, 50.5, Number.NaN]) expect(() => diceMultiplierScaled({ target, direction: 'under' })).toThrow(RangeError);
    for (const edge of [-1, 10_000, 0.5]) expect(() => diceMultiplierScaled({ target: 5000, direction: 'under' }, edge)).toThrow(RangeError);
  });

  it('hundredths parse and format round-trip', () => {
    expect(parseHundredths('49.5')).toBe(4950);
    expect(parseHundredths('1')).toBe(100);
    expect(parseHundredths('2.05')).toBe(205);
    expect(formatHundredths(205)).toBe('2.05');
    expect(formatHundredths(10_000)).toBe('100.00');
    for (const bad of ['1.005', '-1', '1e1', '', '.5', ' 1']) expect(() => parseHundredths(bad)).toThrow(RangeError);
  });
});

describe('dice — house edge and rounding', () => {
  it('every target, both directions: return to player is 1 − edge, less under 0.0001 from the 4-decimal floor', () => {
    const bad = everyBet().filter((bet) => {
      const wins = BigInt(diceWinningOutcomes(bet));
      const m = diceMultiplierScaled(bet);
      // RTP = wins / 10001 × m / 10000 and the exact target is 9900 / 10000, so in integers:
      // floor ⇒ wins·m ≤ 9900·10001 < wins·(m + 1); and a win always returns more than the stake (m > 1.0000)
      const rtp = (Number(wins) / DICE_OUTCOMES) * (Number(m) / 10_000);
      return !(wins * m <= EDGE_NUM * N && wins * (m + 1n) > EDGE_NUM * N && rtp > 0.99 - 1e-4 && rtp <= 0.99 + 1e-12 && m > 10_000n);
    });
    expect(bad).toEqual([]);
    expect(everyBet().length).toBe(2 * 9801);
  });

  it('the same holds with the exact 2^32-value probabilities of the float (quantisation is below 1e-7)', () => {
    const T = 2n ** 32n;
    const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
    const rtps = everyBet().map((bet) => {
      const t = BigInt(bet.target);
      // k wins "under" iff floor(k × 10001 / 2³²) < t iff k < t × 2³² / 10001; "over" iff k ≥ (t + 1) × 2³² / 10001
      const ks = bet.direction === 'under' ? ceilDiv(t * T, N) : T - ceilDiv((t + 1n) * T, N);
      return Number(ks * diceMultiplierScaled(bet)) / 2 ** 32 / 10_000;
    });
    expect(Math.min(...rtps)).toBeGreaterThan(0.99 - 1e-4);
    expect(Math.max(...rtps)).toBeLessThan(0.99 + 1e-7);
  });

  it('a payout never exceeds stake × exact multiplier, and falls short of it by less than stake / 10000 + 1 minor unit', () => {
    let x = 0x2545f491n; // LCG: deterministic stakes from 0.01 up to 10^12
    const stakes = [1n, 99n, 101n, 9_999n, 10_000n, 100_000_000_000_000n];
    for (let i = 0; i < 100; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      stakes.push((x % 100_000_000_000_000n) + 1n);
    }
    const bets = everyBet().filter((_, i) => i % 97 === 0);
    const winningFloat = { under: 0, over: 1 - 2 ** -32 }; // rolls 0.00 and 100.00
    const bad: string[] = [];
    for (const stake of stakes) {
      for (const bet of bets) {
        const w = BigInt(diceWinningOutcomes(bet));
        const r = settleDice(winningFloat[bet.direction], bet, stake);
        // exact payout = stake × 9900 × 10001 / (w × 10000)
        const exact10k = stake * EDGE_NUM * N;
        const ok = r.win && r.payoutMinor * w * 10_000n <= exact10k && (r.payoutMinor + 1n) * w * 10_000n + stake * w > exact10k;
        if (!ok) bad.push(`${stake} ${JSON.stringify(bet)}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('dice — distribution', () => {
  it('rolls over 30 000 nonces are uniform: chi-square over 100 bins within the 99.9 % bound', async () => {
    const src = await createFloatSource(S1);
    const n = 30_000;
    const fs = (await Promise.all(Array.from({ length: n }, (_, nonce) => src('distribution', nonce, 1)))).flat();
    const bins = new Array<number>(100).fill(0);
    for (const f of fs) bins[Math.min(99, Math.floor(diceRoll(f) / 100))]++;
    // bins 0 … 98 hold 100 rolls each (x.00 … x.99); bin 99 holds 99.00 … 100.00, 101 rolls
    const chi = bins.reduce((sum, o, i) => {
      const e = (n * (i === 99 ? 101 : 100)) / DICE_OUTCOMES;
      return sum + (o - e) ** 2 / e;
    }, 0);
    expect(chi).toBeLessThan(148.2); // χ²(99 df), p = 0.001
    expect(chi).toBeGreaterThan(61.1); // and not suspiciously flat: lower tail, p = 0.001
    const mean = fs.reduce((a, b) => a + b, 0) / n;
    expect(Math.abs(mean - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
  }, 30_000);

  it('empirical win rate over those rolls matches the declared chance (under 25.00)', async () => {
    const src = await createFloatSource(S2);
    const n = 10_000;
    const fs = (await Promise.all(Array.from({ length: n }, (_, nonce) => src('winrate', nonce, 1)))).flat();
    const bet: DiceBet = { target: 2500, direction: 'under' };
    const wins = fs.filter((f) => diceWins(diceRoll(f), bet)).length;
    const p = 2500 / DICE_OUTCOMES;
    expect(Math.abs(wins - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
  }, 30_000);
});

describe('dice — verifier and schemas', () => {
  it('verifyDiceRound recomputes the round and checks the commitment', async () => {
    const base = { serverSeed: S2, clientSeed: 'f00dcafe', nonce: 42, bet: { target: 300, direction: 'under' } as DiceBet, stakeMinor: 500n };
    const good = await verifyDiceRound({ ...base, serverSeedHash: S2_HASH });
    expect(good).toMatchObject({ roll: 210, win: true, multiplierScaled: 330033n, payoutMinor: 16501n, commitmentOk: true });
    expect((await verifyDiceRound({ ...base, serverSeedHash: '0'.repeat(64) })).commitmentOk).toBe(false);
    expect((await verifyDiceRound(base)).commitmentOk).toBeNull();
  });

  it('DiceBetInput accepts two-place targets in range and refuses the rest', () => {
    for (const target of ['1', '1.00', '49.5', '50.00', '99', '99.00']) {
      expect(DiceBetInput.safeParse({ amount: '10.00', target, direction: 'under' }).success, target).toBe(true);
    }
    for (const target of ['0.99', '99.01', '100', '50.001', '1e1', ' 50', '-5', '', 50]) {
      expect(DiceBetInput.safeParse({ amount: '10.00', target, direction: 'over' }).success, String(target)).toBe(false);
    }
    expect(DiceBetInput.safeParse({ amount: '0.00', target: '50', direction: 'under' }).success).toBe(false);
    expect(DiceBetInput.safeParse({ amount: '10.00', target: '50', direction: 'sideways' }).success).toBe(false);
    expect(DiceBetInput.safeParse({ amount: '10.00', target: '50', direction: 'under', extra: 1 }).success).toBe(false);
  });

  it('DiceVerifyInput takes the revealed seeds as shown', () => {
    const ok = { serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 0, target: '50.00', direction: 'over' };
    expect(DiceVerifyInput.safeParse(ok).success).toBe(true);
    expect(DiceVerifyInput.safeParse({ ...ok, serverSeed: S1.toUpperCase() }).success).toBe(false);
    expect(DiceVerifyInput.safeParse({ ...ok, nonce: -1 }).success).toBe(false);
    expect(DiceVerifyInput.safeParse({ ...ok, clientSeed: 'has space' }).success).toBe(false);
  });
});
