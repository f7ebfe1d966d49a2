import { z } from 'zod';
import { CLIENT_SEED_RE, SERVER_SEED_RE, SHA256_HEX_RE, assertClientSeed, assertServerSeed, newClientSeed, newServerSeed, sha256Hex } from './hmac-floats.js';

/**
 * The seed-pair lifecycle as plain data. The server persists these records; nothing here keeps state.
 *
 * A player always holds one active pair (server seed shown only as its hash, their client seed, the
 * next nonce) and also sees the hash of the *next* server seed, so both seeds of the pair they will
 * rotate to are committed before they pick the client seed that goes with it. Rotating reveals the
 * active server seed, promotes the committed next one with a nonce of 0, and commits a fresh next one.
 */

/** One server seed + client seed pair. `nonce` is the nonce the next bet will use (bets so far used 0 … nonce − 1). */
export type SeedPair = { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
/** What the server stores per player. Secret: only `seedStateView` of it may leave the server. */
export type SeedState = { active: SeedPair; nextServerSeed: string; nextServerSeedHash: string };
/** What a player may see while the pair is in play: hashes, never a live server seed. */
export type SeedStateView = { serverSeedHash: string; clientSeed: string; nonce: number; nextServerSeedHash: string };
/** A retired pair, published on rotation: every bet made with it (nonces 0 … nonce − 1) can now be recomputed. */
export type RevealedSeedPair = SeedPair;

/** The commitment published before play: SHA-256 of the server seed's hex text. */
export const commitServerSeed = async (serverSeed: string): Promise<string> => {
  assertServerSeed(serverSeed);
  return sha256Hex(serverSeed);
};

/** True when the revealed seed is well formed and hashes to the commitment shown before play. */
export const verifyCommitment = async (serverSeed: string, serverSeedHash: string): Promise<boolean> => {
  if (!SERVER_SEED_RE.test(serverSeed)) return false;
  return (await sha256Hex(serverSeed)) === serverSeedHash.trim().toLowerCase();
};

/** A new player's seeds. Pass the seeds explicitly for deterministic tests; by default they are random. */
export const createSeedState = async (
  opts: { clientSeed?: string; serverSeed?: string; nextServerSeed?: string } = {},
): Promise<SeedState> => {
  const clientSeed = opts.clientSeed ?? newClientSeed();
  assertClientSeed(clientSeed);
  const serverSeed = opts.serverSeed ?? newServerSeed();
  const nextServerSeed = opts.nextServerSeed ?? newServerSeed();
  if (serverSeed === nextServerSeed) throw new RangeError('the next server seed must differ from the active one');
  return {
    active: { serverSeed, serverSeedHash: await commitServerSeed(serverSeed), clientSeed, nonce: 0 },
    nextServerSeed,
    nextServerSeedHash: await commitServerSeed(nextServerSeed),
  };
};

export const seedStateView = (state: SeedState): SeedStateView => ({
  serverSeedHash: state.active.serverSeedHash,
  clientSeed: state.active.clientSeed,
  nonce: state.active.nonce,
  nextServerSeedHash: state.nextServerSeedHash,
});

/** The nonce for the next bet and the state after it. The server does the same with one atomic UPDATE … RETURNING. */
export const takeNonce = (state: SeedState): { nonce: number; state: SeedState } => ({
  nonce: state.active.nonce,
  state: { ...state, active: { ...state.active, nonce: state.active.nonce + 1 } },
});

/**
 * Rotation: reveals the active pair, makes the committed next server seed active with the player's
 * (new or unchanged) client seed and nonce 0, and commits `freshServerSeed` as the next one.
 * A client-seed change is always a rotation, so every (server seed, client seed) pair starts at nonce 0.
 */
export const rotateSeeds = async (
  state: SeedState,
  opts: { clientSeed?: string; freshServerSeed?: string } = {},
): Promise<{ revealed: RevealedSeedPair; state: SeedState }> => {
  const clientSeed = opts.clientSeed ?? state.active.clientSeed;
  assertClientSeed(clientSeed);
  const fresh = opts.freshServerSeed ?? newServerSeed();
  if (fresh === state.nextServerSeed || fresh === state.active.serverSeed) throw new RangeError('a server seed must never be reused');
  return {
    revealed: { ...state.active },
    state: {
      active: { serverSeed: state.nextServerSeed, serverSeedHash: state.nextServerSeedHash, clientSeed, nonce: 0 },
      nextServerSeed: fresh,
      nextServerSeedHash: await commitServerSeed(fresh),
    },
  };
};

// ---- wire schemas -------------------------------------------------------------------------------

export const FairServerSeed = z.string().regex(SERVER_SEED_RE, { message: 'must be 64 lowercase hex characters' });
export const FairServerSeedHash = z.string().regex(SHA256_HEX_RE, { message: 'must be a SHA-256 hash: 64 lowercase hex characters' });
export const FairClientSeed = z
  .string()
  .regex(CLIENT_SEED_RE, { message: 'must be 1-64 characters: letters, digits, _ . -' });
export const FairNonce = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The player's seeds while in play (GET of the fairness panel). */
export const FairSeedsValue = z.object({
  serverSeedHash: FairServerSeedHash,
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  nextServerSeedHash: FairServerSeedHash,
});
/** Rotation request: the client seed to use with the next server seed (omit to keep the current one). */
export const FairRotateSeedsBody = z.strictObject({ clientSeed: FairClientSeed.optional() });
export type FairRotateSeedsBody = z.infer<typeof FairRotateSeedsBody>;
/** A retired pair as published: `nonce` bets were made with it, using nonces 0 … nonce − 1. */
export const FairRevealedSeedPair = z.object({
  serverSeed: FairServerSeed,
  serverSeedHash: FairServerSeedHash,
  clientSeed: FairClientSeed,
  nonce: FairNonce,
});
