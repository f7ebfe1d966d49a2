import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { S1, S1_HASH, S2 } from './test-vectors.js';
import { FLOATS_PER_ROUND, MAX_FLOATS, bytesToFloats, createFloatSource, floats, newClientSeed, newServerSeed, sha256Hex } from './hmac-floats.js';


/** Independent reference: node:crypto with the hex text as key, big-endian uint32 / 2³². */
const refFloats = (serverSeed: string, clientSeed: string, nonce: number, count: number): number[] => {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const mac = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(mac.readUInt32BE(i) / 2 ** 32);
  }
  return out;
};

describe('floats — known answers', () => {
  it('S1 / lucky-player_7 / nonce 0: HMAC block and the 10 exact floats (as uint32 numerators over 2^32)', async () => {
    expect(createHmac('sha256', S1).update('lucky-player_7:0:0').digest('hex')).toBe('ec98bec57950c9c2e4d5f2bb2aafb16113931667c32f794cd477e46aeeae6c0a');
    const fs = await floats(S1, 'lucky-player_7', 0, 10);
    expect(fs.map((f) => f * 2 ** 32)).toEqual([
      3969433285, 2035337666, 3839226555, 716157281, 328406631, 3274668364, 3564627050, 4004408330,
      // round 1 begins here
      3543522627, 2147503281,
    ]);
    expect(fs[0]).toBe(0.9242057066876441);
    expect(fs[0]).toBe(0xec / 256 + 0x98 / 256 ** 2 + 0xbe / 256 ** 3 + 0xc5 / 256 ** 4);
  });

  it('S1 / lucky-player_7 / nonce 1 and S2 / f00dcafe / nonce 42', async () => {
    expect((await floats(S1, 'lucky-player_7', 1, 4)).map((f) => f * 2 ** 32)).toEqual([850849874, 3498686268, 2731647606, 24374355]);
    expect((await floats(S2, 'f00dcafe', 42, 4)).map((f) => f * 2 ** 32)).toEqual([90449892, 743617986, 310344174, 101305251]);
  });

  it('matches an independent node:crypto implementation across rounds, seeds, client seeds and nonces', async () => {
    const cases: [string, string, number, number][] = [
      [S1, 'lucky-player_7', 0, 25],
      [S2, 'f00dcafe', 42, 17],
      [S1, 'A.b_c-9', 9_007_199_254_740_991, 9],
      [S2, 'x'.repeat(64), 123_456, 64],
    ];
    for (const [s, c, n, count] of cases) expect(await floats(s, c, n, count), `${c}:${n}`).toEqual(refFloats(s, c, n, count));
  });

  it('round r supplies floats 8r … 8r+7, and a shorter list is a prefix of a longer one', async () => {
    const long = await floats(S1, 'lucky-player_7', 7, 24);
    const round2 = bytesToFloats(new Uint8Array(createHmac('sha256', S1).update('lucky-player_7:7:2').digest()));
    expect(long.slice(2 * FLOATS_PER_ROUND, 3 * FLOATS_PER_ROUND)).toEqual(round2);
    expect(await floats(S1, 'lucky-player_7', 7, 3)).toEqual(long.slice(0, 3));
    expect(await floats(S1, 'lucky-player_7', 7, 0)).toEqual([]);
  });

  it('keys with the hex text, not the decoded bytes (the documented convention)', async () => {
    const [f] = await floats(S1, 'lucky-player_7', 0, 1);
    const decodedKey = createHmac('sha256', Buffer.from(S1, 'hex')).update('lucky-player_7:0:0').digest().readUInt32BE(0) / 2 ** 32;
    expect(f).not.toBe(decodedKey);
  });

  it('changes completely with any input: client seed, nonce, server seed', async () => {
    const base = await floats(S1, 'a', 1, 8);
    for (const other of [await floats(S1, 'b', 1, 8), await floats(S1, 'a', 2, 8), await floats(S2, 'a', 1, 8)]) {
      expect(other.filter((x, i) => x === base[i])).toEqual([]);
    }
  });
});

describe('bytesToFloats', () => {
  it('reads big-endian 4-byte groups as b0/256 + b1/256² + b2/256³ + b3/256⁴, always in [0, 1)', () => {
    expect(bytesToFloats(new Uint8Array([0, 0, 0, 0, 255, 255, 255, 255, 128, 0, 0, 1, 9]))).toEqual([0, 1 - 2 ** -32, 0.5 + 2 ** -32]);
  });
});

describe('sha256Hex and seed makers', () => {
  it('sha256Hex hashes UTF-8 text like node:crypto', async () => {
    for (const t of ['', S1, 'abc', 'ស្វាគមន៍ 欢迎']) expect(await sha256Hex(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
    expect(await sha256Hex(S1)).toBe(S1_HASH);
  });

  it('newServerSeed gives 64 lowercase hex characters, never repeating; newClientSeed 16', () => {
    const seeds = Array.from({ length: 200 }, newServerSeed);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seeds).size).toBe(200);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(newClientSeed()).not.toBe(newClientSeed());
  });
});

describe('input checks', () => {
  it('refuses malformed seeds, nonces and counts rather than hashing something ambiguous', async () => {
    const bad: [string, string, number, number][] = [
      [S1.toUpperCase(), 'a', 0, 1],
      [S1.slice(1), 'a', 0, 1],
      [` ${S1}`, 'a', 0, 1],
      [S1, '', 0, 1],
      [S1, 'a:1', 0, 1],
      [S1, 'a b', 0, 1],
      [S1, 'é', 0, 1],
      [S1, 'x'.repeat(65), 0, 1],
      [S1, 'a', -1, 1],
      [S1, 'a', 1.5, 1],
      [S1, 'a', 2 ** 53, 1],
      [S1, 'a', 0, -1],
      [S1, 'a', 0, 2.5],
      [S1, 'a', 0, MAX_FLOATS + 1],
    ];
    for (const [s, c, n, k] of bad) await expect(floats(s, c, n, k), JSON.stringify([s, c, n, k])).rejects.toThrow(RangeError);
  });

  it('a float source reuses one imported key for many bets', async () => {
    const src = await createFloatSource(S2);
    expect(await src('f00dcafe', 42, 4)).toEqual(await floats(S2, 'f00dcafe', 42, 4));
  });
});
