/**
 * The random source of our in-house games: HMAC-SHA256 keyed by the server seed, read as 4-byte floats.
 *
 * Isomorphic on purpose — the server deals with it and the browser verifier page recomputes with the
 * same file — so it uses only WebCrypto (globalThis.crypto), Uint8Array and TextEncoder.
 *
 * Key convention: the HMAC key is the UTF-8 (= ASCII) bytes of the server seed's 64-character
 * lowercase hex string, not the 32 bytes it encodes. The commitment hashes the same string, so a
 * player can paste the revealed seed, as shown, into any HMAC or SHA-256 tool and get our numbers.
 */

/** A server seed: 32 random bytes written as 64 lowercase hex characters. */
export const SERVER_SEED_RE = /^[0-9a-f]{64}$/;
/** A SHA-256 digest as 64 lowercase hex characters (the commitment). */
export const SHA256_HEX_RE = /^[0-9a-f]{64}$/;
/**
 * A client seed. Kept to ASCII letters, digits and `_ . -` so that what a player sees is exactly the
 * bytes we hash: no Unicode normalisation, invisible whitespace or ':' (the message separator).
 */
export const CLIENT_SEED_RE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Floats one HMAC block yields: 32 bytes / 4 bytes per float. */
export const FLOATS_PER_ROUND = 8;
/** More floats than any of our games needs; a cap so a bad argument cannot spin the CPU. */
export const MAX_FLOATS = 1024;

const encoder = new TextEncoder();
const TWO_32 = 2 ** 32;

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available; a secure context is required in browsers');
  return s;
};

export const toHex = (bytes: Uint8Array): string => {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
};

/** SHA-256 of the UTF-8 bytes of `text`, lowercase hex. The commitment is sha256Hex(serverSeed). */
export const sha256Hex = async (text: string): Promise<string> =>
  toHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text))));

const randomHex = (byteCount: number): string => {
  const bytes = new Uint8Array(byteCount);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
};

/** A fresh server seed: 32 bytes from the platform CSPRNG, as 64 lowercase hex characters. */
export const newServerSeed = (): string => randomHex(32);

/** A default client seed for players who never choose one: 8 random bytes, 16 hex characters. */
export const newClientSeed = (): string => randomHex(8);

export const assertServerSeed = (serverSeed: string): void => {
  if (!SERVER_SEED_RE.test(serverSeed)) throw new RangeError('serverSeed must be 64 lowercase hex characters');
};

export const assertClientSeed = (clientSeed: string): void => {
  if (!CLIENT_SEED_RE.test(clientSeed)) throw new RangeError('clientSeed must be 1-64 characters of A-Z a-z 0-9 _ . -');
};

export const assertNonce = (nonce: number): void => {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative safe integer');
};

/** The HMAC message of one round: `${clientSeed}:${nonce}:${round}`, decimal integers, no padding. */
export const hmacMessage = (clientSeed: string, nonce: number, round: number): string => `${clientSeed}:${nonce}:${round}`;

/**
 * Bytes → floats: each 4-byte group b0 b1 b2 b3 becomes b0/256 + b1/256² + b2/256³ + b3/256⁴, i.e. the
 * big-endian uint32 divided by 2³². Every such value is exact in a double, and lies in [0, 1).
 */
export const bytesToFloats = (bytes: Uint8Array): number[] => {
  const out: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    out.push((bytes[i] * 2 ** 24 + bytes[i + 1] * 2 ** 16 + bytes[i + 2] * 2 ** 8 + bytes[i + 3]) / TWO_32);
  }
  return out;
};

/** Generates floats for many (clientSeed, nonce) pairs under one server seed, importing the key once. */
export type FloatSource = (clientSeed: string, nonce: number, count: number) => Promise<number[]>;

export const createFloatSource = async (serverSeedHex: string): Promise<FloatSource> => {
  assertServerSeed(serverSeedHex);
  const key = await subtle().importKey('raw', encoder.encode(serverSeedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (clientSeed, nonce, count) => {
    assertClientSeed(clientSeed);
    assertNonce(nonce);
    if (!Number.isInteger(count) || count < 0 || count > MAX_FLOATS) throw new RangeError(`count must be an integer in 0..${MAX_FLOATS}`);
    const rounds = Math.ceil(count / FLOATS_PER_ROUND);
    const blocks = await Promise.all(
      Array.from({ length: rounds }, (_, round) => subtle().sign('HMAC', key, encoder.encode(hmacMessage(clientSeed, nonce, round)))),
    );
    return blocks.flatMap((block) => bytesToFloats(new Uint8Array(block))).slice(0, count);
  };
};

/**
 * `count` floats in [0, 1) for one bet: round 0 gives floats 0–7, round 1 gives 8–15, and so on,
 * each round being HMAC-SHA256(key = serverSeed hex text, message = `${clientSeed}:${nonce}:${round}`).
 * A shorter list is always a prefix of a longer one.
 */
export const floats = async (serverSeedHex: string, clientSeed: string, nonce: number, count: number): Promise<number[]> =>
  (await createFloatSource(serverSeedHex))(clientSeed, nonce, count);
