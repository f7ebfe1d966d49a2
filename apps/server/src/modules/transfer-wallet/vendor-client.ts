import { createHmac } from 'node:crypto';

/** The answer of a transfer-wallet vendor call, as far as money is concerned. */
export type VendorAnswer =
  /** HTTP 200 {status:"OK"}. */
  | { kind: 'ok'; body: Record<string, unknown> }
  /** HTTP 4xx {status:"ERROR"}: a definite answer — the request was not applied (and never will be). */
  | { kind: 'refused'; code: string; body: Record<string, unknown> }
  /**
   * No definite answer: timeout, connection failure, 5xx, garbage. The request may or may not have been
   * applied — unless `notSent`: it never left us (no connection could be opened, no secret, no vendor
   * connection at all), so this attempt certainly changed nothing at the vendor.
   */
  | { kind: 'unavailable'; reason: string; notSent?: boolean };

export type TransferCallName = 'deposit' | 'withdraw' | 'balance' | 'status' | 'session';
export type VendorTransferClient = (vendorCode: string, call: TransferCallName, body: Record<string, unknown>) => Promise<VendorAnswer>;

/** The local mode (no VENDOR_TRANSFER_URL): there is no vendor to call, and every call says so. */
export const noVendorConnection: VendorTransferClient = async () => ({ kind: 'unavailable', reason: 'no vendor connection (VENDOR_TRANSFER_URL)', notSent: true });

/**
 * POST <baseUrl>/transfer/<vendor>/<call>, the body signed like the seamless protocol (hex HMAC-SHA256
 * of the raw body in X-Signature). Anything but a clear answer within `timeoutMs` is `unavailable`.
 */
export const httpVendorTransferClient = (opts: { baseUrl: string; secretOf: (vendorCode: string) => string | undefined; timeoutMs?: number; fetchImpl?: typeof fetch }): VendorTransferClient => {
  const doFetch = opts.fetchImpl ?? fetch;
  return async (vendorCode, call, body) => {
    const secret = opts.secretOf(vendorCode);
    if (!secret) return { kind: 'unavailable', reason: 'no secret for this vendor', notSent: true };
    const raw = JSON.stringify(body);
    let res: Response;
    try {
      res = await doFetch(`${opts.baseUrl}/transfer/${vendorCode}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw, 'utf8').digest('hex') },
        body: raw,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
      });
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') return { kind: 'unavailable', reason: 'timeout' };
      // Refused or unresolvable before a connection existed: not one byte of the request was sent.
      const cause = ((e as Error).cause as { code?: string } | undefined)?.code;
      if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND') return { kind: 'unavailable', reason: cause === 'ECONNREFUSED' ? 'connection refused' : 'host not found', notSent: true };
      return { kind: 'unavailable', reason: 'connection failed' };
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = (await res.json()) as Record<string, unknown>;
    } catch {
      return { kind: 'unavailable', reason: `HTTP ${res.status}, not JSON` };
    }
    if (res.status === 200 && parsed.status === 'OK') return { kind: 'ok', body: parsed };
    if (res.status >= 400 && res.status < 500 && parsed.status === 'ERROR' && typeof parsed.code === 'string') return { kind: 'refused', code: parsed.code, body: parsed };
    return { kind: 'unavailable', reason: `HTTP ${res.status}` };
  };
};
