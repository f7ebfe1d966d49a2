import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playDice } from './dice.js';
import { generateMines } from './mines.js';
import {
  FairRevealedSeedPair,
  FairRotateSeedsBody,
  FairSeedsValue,
  commitServerSeed,
  createSeedState,
  rotateSeeds,
  seedStateView,
  takeNonce,
  verifyCommitment,
} from './seeds.js';
import { S1, S1_HASH, S2, S2_HASH } from './test-vectors.js';

const S3 = createHash('sha256').update('apsara provably fair vector 3').digest('hex');

describe('commitment', () => {
  it('is SHA-256 of the server seed text, as any sha256 tool computes it', async () => {
    expect(await commitServerSeed(S1)).toBe(S1_HASH);
    expect(await commitServerSeed(S2)).toBe(createHash('sha256').update(S2).digest('hex'));
    await expect(commitServerSeed('xyz')).rejects.toThrow(RangeError);
  });

  it('verifyCommitment accepts the right seed (hash in any case, trimmed) and nothing else', async () => {
    expect(await verifyCommitment(S1, S1_HASH)).toBe(true);
    expect(await verifyCommitment(S1, ` ${S1_HASH.toUpperCase()} `)).toBe(true);
    expect(await verifyCommitment(S2, S1_HASH)).toBe(false);
    expect(await verifyCommitment(S1.toUpperCase(), S1_HASH)).toBe(false);
    expect(await verifyCommitment('', S1_HASH)).toBe(false);
  });
});

describe('seed lifecycle', () => {
  it('a new state commits both the active and the next server seed, nonce 0', async () => {
    const st = await createSeedState({ clientSeed: 'mine', serverSeed: S1, nextServerSeed: S2 });
    expect(st).toEqual({
      active: { serverSeed: S1, serverSeedHash: S1_HASH, clientSeed: 'mine', nonce: 0 },
      nextServerSeed: S2,
      nextServerSeedHash: S2_HASH,
    });
    expect(seedStateView(st)).toEqual({ serverSeedHash: S1_HASH, clientSeed: 'mine', nonce: 0, nextServerSeedHash: S2_HASH });
    expect(JSON.stringify(seedStateView(st))).not.toContain(S1);
    expect(JSON.stringify(seedStateView(st))).not.toContain(S2);
  });

  it('defaults are random and well formed', async () => {
    const a = await createSeedState();
    const b = await createSeedState();
    expect(FairSeedsValue.safeParse(seedStateView(a)).success).toBe(true);
    expect(a.active.serverSeed).not.toBe(b.active.serverSeed);
    expect(a.active.serverSeed).not.toBe(a.nextServerSeed);
    expect(await verifyCommitment(a.nextServerSeed, a.nextServerSeedHash)).toBe(true);
  });

  it('refuses a bad client seed or the same seed twice', async () => {
    await expect(createSeedState({ clientSeed: 'no spaces' })).rejects.toThrow(RangeError);
    await expect(createSeedState({ serverSeed: S1, nextServerSeed: S1 })).rejects.toThrow(RangeError);
  });

  it('takeNonce hands out 0, 1, 2 … without mutating the state it was given', async () => {
    let st = await createSeedState({ clientSeed: 'c', serverSeed: S1, nextServerSeed: S2 });
    const first = st;
    const got: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = takeNonce(st);
      got.push(t.nonce);
      st = t.state;
    }
    expect(got).toEqual([0, 1, 2]);
    expect(st.active.nonce).toBe(3);
    expect(first.active.nonce).toBe(0);
  });

  it('rotation reveals the old pair, promotes the pre-committed next seed with nonce 0, commits a fresh one', async () => {
    let st = await createSeedState({ clientSeed: 'lucky-player_7', serverSeed: S1, nextServerSeed: S2 });
    const shownBefore = seedStateView(st);
    // two bets while S1 is secret
    const bets: { nonce: number; roll: number; mines: number[] }[] = [];
    for (let i = 0; i < 2; i++) {
      const t = takeNonce(st);
      st = t.state;
      const seeds = { serverSeed: st.active.serverSeed, clientSeed: st.active.clientSeed, nonce: t.nonce };
      bets.push({ nonce: t.nonce, roll: (await playDice(seeds, { target: 5000, direction: 'under' }, 100n)).roll, mines: await generateMines(seeds, 3) });
    }
    const { revealed, state } = await rotateSeeds(st, { clientSeed: 'new-luck', freshServerSeed: S3 });

    expect(revealed).toEqual({ serverSeed: S1, serverSeedHash: S1_HASH, clientSeed: 'lucky-player_7', nonce: 2 });
    expect(FairRevealedSeedPair.safeParse(revealed).success).toBe(true);
    expect(await verifyCommitment(revealed.serverSeed, shownBefore.serverSeedHash)).toBe(true);
    // the player can now recompute every bet of the retired pair
    expect(bets).toEqual([
      { nonce: 0, roll: 9242, mines: [11, 21, 23] },
      { nonce: 1, roll: 1981, mines: [4, 15, 20] },
    ]);
    for (const b of bets) {
      const seeds = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: b.nonce };
      expect((await playDice(seeds, { target: 5000, direction: 'under' }, 0n)).roll).toBe(b.roll);
    }
    // the new active seed is the one whose hash was shown as "next" before the client seed was chosen
    expect(state.active).toEqual({ serverSeed: S2, serverSeedHash: shownBefore.nextServerSeedHash, clientSeed: 'new-luck', nonce: 0 });
    expect(state.nextServerSeed).toBe(S3);
    expect(state.nextServerSeedHash).toBe(createHash('sha256').update(S3).digest('hex'));
  });

  it('rotation keeps the client seed when none is given, and never reuses a server seed', async () => {
    const st = await createSeedState({ clientSeed: 'keep', serverSeed: S1, nextServerSeed: S2 });
    const { state } = await rotateSeeds(st);
    expect(state.active.clientSeed).toBe('keep');
    expect(state.nextServerSeed).toMatch(/^[0-9a-f]{64}$/);
    await expect(rotateSeeds(st, { freshServerSeed: S1 })).rejects.toThrow(/reused/);
    await expect(rotateSeeds(st, { freshServerSeed: S2 })).rejects.toThrow(/reused/);
    await expect(rotateSeeds(st, { clientSeed: 'a:b' })).rejects.toThrow(RangeError);
  });
});

describe('schemas', () => {
  it('FairRotateSeedsBody takes an optional client seed of the allowed alphabet', () => {
    expect(FairRotateSeedsBody.safeParse({}).success).toBe(true);
    expect(FairRotateSeedsBody.safeParse({ clientSeed: 'My_Seed.2024-x' }).success).toBe(true);
    for (const clientSeed of ['', 'a b', 'a:b', 'ü', 'x'.repeat(65), 5]) expect(FairRotateSeedsBody.safeParse({ clientSeed }).success).toBe(false);
    expect(FairRotateSeedsBody.safeParse({ clientSeed: 'a', serverSeed: S1 }).success).toBe(false);
  });
});
