import { createHmac } from 'node:crypto';

/** One round as a transfer-wallet vendor's bet log reports it (docs/vendor-protocol.md "Bet log"). */
export type VendorBet = Record<string, unknown>;

export type BetPage =
  | { kind: 'ok'; bets: VendorBet[]; next: string }
  /** HTTP 4xx {status:"ERROR"}: the vendor refused the pull (bad signature, unknown vendor, bad cursor). */
  | { kind: 'refused'; code: string }
  /** No usable answer: timeout, connection failure, 5xx, not the protocol's JSON. */
  | { kind: 'unavailable'; reason: string };

export type VendorBetsClient = (vendorCode: string, since: string, limit: number) => Promise<BetPage>;

/**
 * POST <baseUrl>/transfer/<vendor>/bets {since, limit}: the same base URL, timeout and signing as the
 * transfer-wallet calls (vendor-client.ts) — X-Signature is the hex HMAC-SHA256 of the raw body with
 * the vendor's secret.
 */
export const httpVendorBetsClient = (opts: { baseUrl: string; secretOf: (vendorCode: string) => string | undefined; timeoutMs?: number; fetchImpl?: typeof fetch }): VendorBetsClient => {
  const doFetch = opts.fetchImpl ?? fetch;
  return async (vendorCode, since, limit) => {
    const secret = opts.secretOf(vendorCode);
    if (!secret) return { kind: 'unavailable', reason: 'no secret for this vendor' };
    const raw = JSON.stringify({ since, limit });
    let res: Response;
    try {
      res = await doFetch(`${opts.baseUrl}/transfer/${vendorCode}/bets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw, 'utf8').digest('hex') },
        body: raw,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
      });
    } catch (e) {
      return { kind: 'unavailable', reason: (e as Error).name === 'TimeoutError' ? 'timeout' : 'connection failed' };
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = (await res.json()) as Record<string, unknown>;
    } catch {
      return { kind: 'unavailable', reason: `HTTP ${res.status}, not JSON` };
    }
    if (res.status === 200 && parsed.status === 'OK') {
      if (!Array.isArray(parsed.bets) || typeof parsed.next !== 'string') return { kind: 'unavailable', reason: 'answer without bets and next' };
      return { kind: 'ok', bets: parsed.bets as VendorBet[], next: parsed.next };
    }
    if (res.status >= 400 && res.status < 500 && parsed.status === 'ERROR' && typeof parsed.code === 'string') return { kind: 'refused', code: parsed.code };
    return { kind: 'unavailable', reason: `HTTP ${res.status}` };
  };
};
