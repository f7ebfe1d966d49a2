import { fromMinor } from '@apsara/contracts';
import { randomBytes } from 'node:crypto';
import { verify } from './signing.js';

/**
 * The bet log of the transfer-wallet vendors (AG, BBIN, PT): every round played at the vendor with
 * the vendor-held wallet, and the signed pull call the portal reads it with
 * (docs/vendor-protocol.md "Bet log"). Real transfer vendors offer the same: the portal never sees
 * these rounds otherwise, because no money call reaches it while the player plays.
 *
 * The cursor is opaque to the caller; here it is `<log>.<seq>`: which log this is (drawn when the
 * simulator starts) and the per-vendor sequence number of the last round handed out. The log is kept
 * in memory, like the balances, so a restarted simulator starts a new one; a cursor of another log (or
 * "") reads this one from its beginning, so nothing played since the restart is passed over.
 */
export type LoggedRound = {
  seq: number;
  vendor: string;
  playerId: string;
  gameCode: string;
  roundId: string;
  stake: bigint;
  payout: bigint;
  currency: string;
  status: 'open' | 'closed';
  openedAt: Date;
  closedAt: Date | null;
};

export type BetLogAnswer = { http: number; body: Record<string, unknown> };

export const BET_LOG_MAX_LIMIT = 1000;
export const BET_LOG_DEFAULT_LIMIT = 500;
// A bare number is the form of cursors before logs were named: another log's, so the beginning.
const CURSOR = /^(?:[a-z0-9]{1,16}\.\d{1,15}|\d{1,15})?$/;

export const betLog = (logId: string = randomBytes(6).toString('hex')) => {
  const byVendor = new Map<string, LoggedRound[]>();
  const cursorOf = (seq: number) => `${logId}.${seq}`;
  /** The sequence number a cursor names in this log: 0 (the beginning) for "" or another log's. */
  const seqOf = (cursor: string) => {
    const [log, seq] = cursor.split('.');
    return log === logId ? Number(seq) : 0;
  };

  /** One round played in transfer mode; its sequence number is the cursor that follows it. */
  const record = (r: Omit<LoggedRound, 'seq'>) => {
    const list = byVendor.get(r.vendor) ?? [];
    byVendor.set(r.vendor, list);
    const row = { ...r, seq: list.length + 1 };
    list.push(row);
    return row;
  };

  /** Rounds after the cursor `since`, oldest first, at most `limit`; `next` is the cursor to ask from next time. */
  const pull = (vendor: string, since: string, limit: number) => {
    const list = byVendor.get(vendor) ?? [];
    const after = seqOf(since);
    // seq is the index + 1, so the rounds after `after` start at index `after`.
    const page = list.slice(after, after + limit);
    return { bets: page, next: cursorOf(page.length ? page[page.length - 1].seq : Math.min(after, list.length)) };
  };

  const all = (vendor: string) => [...(byVendor.get(vendor) ?? [])];

  return { record, pull, all, cursorOf };
};
export type BetLog = ReturnType<typeof betLog>;

const error = (http: number, code: string, message: string): BetLogAnswer => ({ http, body: { status: 'ERROR', code, message } });

const wire = (r: LoggedRound) => ({
  roundId: r.roundId,
  playerId: r.playerId,
  gameCode: r.gameCode,
  stake: fromMinor(r.stake),
  payout: fromMinor(r.payout),
  currency: r.currency,
  status: r.status,
  openedAt: r.openedAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

/**
 * POST /transfer/<vendor>/bets {since, limit}: checked like the other transfer calls — a transfer
 * vendor, then the signature over the raw body, then the body — and answered with the page of rounds.
 */
export const betLogCall = (
  log: BetLog,
  opts: { transferVendors: ReadonlySet<string>; secretOf: (vendor: string) => string },
  vendor: string,
  raw: string,
  signature: string | undefined,
): BetLogAnswer => {
  if (!opts.transferVendors.has(vendor)) return error(404, 'VENDOR_UNKNOWN', 'Not a transfer-wallet vendor');
  if (!verify(opts.secretOf(vendor), raw, signature)) return error(401, 'SIGNATURE_INVALID', 'X-Signature is not the HMAC of the body');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return error(400, 'BAD_REQUEST', 'The body must be a JSON object');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return error(400, 'BAD_REQUEST', 'The body must be a JSON object');
  const { since = '', limit = BET_LOG_DEFAULT_LIMIT } = body as Record<string, unknown>;
  if (typeof since !== 'string' || !CURSOR.test(since)) return error(400, 'BAD_REQUEST', 'since: a cursor from a previous answer, or "" for the beginning');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > BET_LOG_MAX_LIMIT) return error(400, 'BAD_REQUEST', `limit: an integer 1–${BET_LOG_MAX_LIMIT}`);
  const page = log.pull(vendor, since, limit);
  return { http: 200, body: { status: 'OK', bets: page.bets.map(wire), next: page.next } };
};
