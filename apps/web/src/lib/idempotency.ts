/**
 * Idempotency keys for money calls (design §3.6): one key per submission. A retry of the same
 * submission after an answer that never came (or came garbled) must reuse the key, so the server
 * replays the first result instead of moving money twice. A different submission gets a new key, and
 * so does any submission after a definite answer — success, or a refusal that says nothing moved:
 * the server keeps a key bound to its first answer, so resending it would only replay that refusal.
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
  /** The submission got a definite answer: the next one, even with equal fields, is a new operation. */
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
 * Failures that leave it open whether the server acted: no answer (network down, timeout), an answer
 * that could not be read, or a server error that hides its details (a 5xx without a code of its own).
 * The codes are lib/api's CLIENT_ERROR values and the catalogue's catch-all SYSTEM_ERROR.
 */
const AMBIGUOUS_CODES = new Set(['NETWORK_ERROR', 'BAD_RESPONSE', 'SYSTEM_ERROR']);

/** Whether a failed call may have done something, so its retry must carry the same key. */
export const isAmbiguousFailure = (e: unknown): boolean => {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code !== 'string' || AMBIGUOUS_CODES.has(code);
};

/**
 * Sends one money call with the keeper's key for these fields. After a success, or a refusal with a
 * code of its own (VENDOR_UNAVAILABLE, VENDOR_TRANSFER_REFUSED, VENDOR_TRANSFER_FAILED,
 * INSUFFICIENT_FUNDS, a wrong payment password …: nothing moved), the next submission gets a fresh key;
 * after an ambiguous failure the same fields keep their key.
 */
export const sendWithKey = async <T>(keeper: KeyKeeper, fields: Record<string, unknown>, send: (idempotencyKey: string) => Promise<T>): Promise<T> => {
  try {
    const result = await send(keeper.keyFor(fields));
    keeper.succeeded();
    return result;
  } catch (e) {
    if (!isAmbiguousFailure(e)) keeper.succeeded();
    throw e;
  }
};
