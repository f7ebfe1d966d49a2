import { fromMinor, toMinor } from '@apsara/contracts';

/**
 * The vendor side of the transfer wallet (AG, BBIN, PT): the sim keeps each player's balance at the
 * vendor, in memory. A restart empties it: `balance` then answers 404 PLAYER_UNKNOWN for every player,
 * and the portal leaves a game wallet that still holds money as it is (reported VENDOR_PLAYER_UNKNOWN,
 * for an operator) instead of booking it as a loss. Every deposit and withdrawal is keyed by the
 * portal's transactionId: a repeat returns the first answer.
 */
export type TransferCall = 'deposit' | 'withdraw' | 'balance' | 'status' | 'session';
export type FaultMode = 'timeout' | 'lost' | 'fail';
export type Answer = { http: number; body: Record<string, unknown> } | { http: 'hang' };

type Applied = { kind: 'deposit' | 'withdraw'; playerId: string; amount: bigint; fingerprint: string; answer: { http: number; body: Record<string, unknown> }; state: 'applied' | 'refused' };
type Record_ = Applied | { state: 'closed' };

const ID = /^[A-Za-z0-9:_.-]{1,64}$/;
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

const error = (http: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({ http, body: { status: 'ERROR', code, message, ...extra } });

export const transferStore = () => {
  const balances = new Map<string, bigint>();
  const currencies = new Map<string, string>();
  const txns = new Map<string, Record_>();
  const tokens = new Map<string, { vendor: string; playerId: string }>();
  let fault: { mode: FaultMode; remaining: number } | undefined;

  const key = (vendor: string, id: string) => `${vendor}:${id}`;
  const balanceOf = (vendor: string, playerId: string) => balances.get(key(vendor, playerId)) ?? 0n;

  /** The next `count` deposits/withdrawals time out (not applied), are lost (applied, no answer) or fail (500, not applied). */
  const setFault = (mode: FaultMode, count: number) => {
    fault = count > 0 ? { mode, remaining: count } : undefined;
  };

  const takeFault = (): FaultMode | undefined => {
    if (!fault) return undefined;
    const mode = fault.mode;
    if (--fault.remaining <= 0) fault = undefined;
    return mode;
  };

  const move = (vendor: string, kind: 'deposit' | 'withdraw', body: Record<string, unknown>): Answer => {
    const { playerId, transactionId, amount, currency } = body;
    if (typeof playerId !== 'string' || !ID.test(playerId)) return error(400, 'BAD_REQUEST', 'playerId');
    if (typeof transactionId !== 'string' || !ID.test(transactionId)) return error(400, 'BAD_REQUEST', 'transactionId');
    if (typeof amount !== 'string' || !AMOUNT.test(amount) || toMinor(amount) <= 0n) return error(400, 'AMOUNT_INVALID', 'amount');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return error(400, 'BAD_REQUEST', 'currency');
    const minor = toMinor(amount);
    const fingerprint = `${kind}|${playerId}|${minor}|${currency}`;
    const existing = txns.get(key(vendor, transactionId));
    if (existing) {
      if (existing.state === 'closed') return error(409, 'TRANSACTION_CLOSED', 'This transactionId was closed by a status call and can never be applied');
      if (existing.fingerprint !== fingerprint) return error(409, 'TRANSACTION_CONFLICT', 'This transactionId was used for a different request');
      return existing.answer;
    }
    const f = takeFault();
    if (f === 'timeout') return { http: 'hang' };
    if (f === 'fail') return error(500, 'INTERNAL_ERROR', 'Simulated failure: nothing was applied');
    const pk = key(vendor, playerId);
    const before = balances.get(pk) ?? 0n;
    const known = currencies.get(pk);
    let answer: { http: number; body: Record<string, unknown> };
    let state: Applied['state'] = 'applied';
    if (known && known !== currency) {
      answer = error(400, 'CURRENCY_MISMATCH', 'Not the player currency');
      state = 'refused';
    } else if (kind === 'withdraw' && before < minor) {
      answer = error(402, 'INSUFFICIENT_FUNDS', 'The player wallet at the vendor cannot cover this withdrawal', { balance: fromMinor(before) });
      state = 'refused';
    } else {
      const after = kind === 'deposit' ? before + minor : before - minor;
      balances.set(pk, after);
      currencies.set(pk, currency);
      answer = { http: 200, body: { status: 'OK', transactionId, playerId, amount: fromMinor(minor), currency, balance: fromMinor(after) } };
    }
    txns.set(key(vendor, transactionId), { kind, playerId, amount: minor, fingerprint, answer, state });
    return f === 'lost' ? { http: 'hang' } : answer;
  };

  const handle = (vendor: string, call: TransferCall, body: Record<string, unknown>): Answer => {
    switch (call) {
      case 'deposit':
      case 'withdraw':
        return move(vendor, call, body);
      case 'balance': {
        const { playerId } = body;
        if (typeof playerId !== 'string' || !ID.test(playerId)) return error(400, 'BAD_REQUEST', 'playerId');
        const pk = key(vendor, playerId);
        // A player the vendor holds no wallet for (never credited, or lost in a restart) is not "0.00".
        if (!balances.has(pk)) return error(404, 'PLAYER_UNKNOWN', 'This vendor holds no wallet for this player');
        return { http: 200, body: { status: 'OK', playerId, balance: fromMinor(balances.get(pk)!), currency: currencies.get(pk) ?? null } };
      }
      case 'status': {
        const { transactionId, close } = body;
        if (typeof transactionId !== 'string' || !ID.test(transactionId)) return error(400, 'BAD_REQUEST', 'transactionId');
        const t = txns.get(key(vendor, transactionId));
        if (!t && close === true) txns.set(key(vendor, transactionId), { state: 'closed' });
        if (!t) return { http: 200, body: { status: 'OK', transactionId, state: close === true ? 'closed' : 'unknown' } };
        if (t.state === 'closed') return { http: 200, body: { status: 'OK', transactionId, state: 'closed' } };
        return { http: 200, body: { status: 'OK', transactionId, state: t.state, kind: t.kind, playerId: t.playerId, amount: fromMinor(t.amount), answer: t.answer.body } };
      }
      case 'session': {
        const { playerId, token, currency } = body;
        if (typeof playerId !== 'string' || !ID.test(playerId)) return error(400, 'BAD_REQUEST', 'playerId');
        if (typeof token !== 'string' || token.length < 16 || token.length > 256) return error(400, 'BAD_REQUEST', 'token');
        tokens.set(token, { vendor, playerId });
        if (typeof currency === 'string' && !currencies.has(key(vendor, playerId))) currencies.set(key(vendor, playerId), currency);
        return { http: 200, body: { status: 'OK', playerId } };
      }
    }
  };

  /** A launch token registered by `session`: the player it opens the game for. */
  const playerOf = (vendor: string, token: string) => {
    const t = tokens.get(token);
    return t && t.vendor === vendor ? t.playerId : undefined;
  };

  /** Play at the vendor itself (the game page of a transfer vendor): stake out, payout in. */
  const play = (vendor: string, playerId: string, stake: bigint, payout: bigint) => {
    const pk = key(vendor, playerId);
    const before = balances.get(pk) ?? 0n;
    if (before < stake) return { ok: false as const, balance: before };
    const after = before - stake + payout;
    balances.set(pk, after);
    return { ok: true as const, balance: after };
  };

  const currencyOf = (vendor: string, playerId: string) => currencies.get(key(vendor, playerId)) ?? 'USD';

  /** What a restart does to one player: the vendor forgets their wallet (for tests). */
  const forget = (vendor: string, playerId: string) => {
    balances.delete(key(vendor, playerId));
    currencies.delete(key(vendor, playerId));
  };

  return { handle, setFault, balanceOf, playerOf, play, currencyOf, forget };
};
export type TransferStore = ReturnType<typeof transferStore>;
