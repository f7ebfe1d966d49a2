/**
 * Idempotency keys for money calls (design §3.6): one key per submission. A retry of the same
 * submission — same fields, after a failure or a lost answer — must reuse the key, so the server
 * replays the first result instead of moving money twice. A different submission gets a new key.
 */

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A fresh key matching the contract's IdempotencyKey (8–100 of [A-Za-z0-9_.:-]). getRandomValues
 * works on plain-http origins too, where crypto.randomUUID is missing.
 */
export const newIdempotencyKey = (prefix: string): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}-${hex(bytes)}`;
};

/** What makes two submissions "the same": their fields, in a stable order. */
export const fingerprintOf = (fields: Record<string, unknown>): string =>
  JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]]),
  );

export type KeyKeeper = {
  /** The key for this submission: the pending one when the fields are unchanged, else a new one. */
  keyFor: (fields: Record<string, unknown>) => string;
  /** The submission went through: the next one, even with equal fields, is a new operation. */
  succeeded: () => void;
};

export const createKeyKeeper = (prefix: string, generate: (prefix: string) => string = newIdempotencyKey): KeyKeeper => {
  let pending: { fingerprint: string; key: string } | null = null;
  return {
    keyFor: (fields) => {
      const fingerprint = fingerprintOf(fields);
      if (pending?.fingerprint !== fingerprint) pending = { fingerprint, key: generate(prefix) };
      return pending.key;
    },
    succeeded: () => {
      pending = null;
    },
  };
};

/**
 * Sends one money call with the keeper's key for these fields; on success the next submission gets
 * a fresh key, on failure (refused, network down, answer lost) the same fields keep their key.
 */
export const sendWithKey = async <T>(keeper: KeyKeeper, fields: Record<string, unknown>, send: (idempotencyKey: string) => Promise<T>): Promise<T> => {
  const result = await send(keeper.keyFor(fields));
  keeper.succeeded();
  return result;
};
