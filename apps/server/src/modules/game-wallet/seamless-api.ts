import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  toMinor,
  VENDOR_ACTIONS,
  VENDOR_CALLS,
  VENDOR_ERRORS,
  vendorHttpStatus,
  type VendorAction,
  type VendorErrorCode,
  type VendorErrorResponse,
} from '@apsara/contracts';
import type { GameWalletRepository } from './game-wallet.repository.js';
import type { GameWalletService } from './game-wallet.service.js';

/** X-Signature: hex HMAC-SHA256 of the raw body bytes with the vendor's secret. */
export const signVendorBody = (secret: string, raw: string) => createHmac('sha256', secret).update(raw, 'utf8').digest('hex');

/** Constant-time comparison (different lengths are simply unequal). */
const sameSignature = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

const VENDOR_CODE = /^[A-Z0-9]{2,12}$/;

export type VendorReply = { httpStatus: number; body: Record<string, unknown> & ({ status: 'OK' } | VendorErrorResponse) };

export const vendorError = (code: VendorErrorCode, detail?: string): VendorErrorResponse => ({
  status: 'ERROR',
  code,
  message: detail ? `${VENDOR_ERRORS[code].message}: ${detail}` : VENDOR_ERRORS[code].message,
});

const reply = (body: VendorReply['body']): VendorReply => ({ httpStatus: vendorHttpStatus(body), body });

/**
 * The seamless wallet's HTTP face, transport details aside: which vendor calls, whether it signed the
 * exact bytes it sent, and whether the body is a well-formed call. Only then does the core see it.
 * Checks run in this order, each with its own code: vendor known (and reachable over HTTP: in-house
 * vendors are called in-process only) → signature → seamless wallet type → JSON → fields.
 */
export const seamlessApi = (deps: { wallet: GameWalletService; repo: GameWalletRepository; secrets: Record<string, string>; fallbackSecret?: string }) => {
  const { wallet, repo, secrets, fallbackSecret } = deps;

  const parse = (action: VendorAction, raw: string) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { error: vendorError('BAD_REQUEST', 'not JSON') };
    }
    const parsed = (VENDOR_CALLS[action].body as z.ZodTypeAny).safeParse(json);
    if (parsed.success) return { data: parsed.data as Record<string, unknown> };
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(body)'))];
    // The amount has a code of its own: vendors branch on it (negative, malformed, too many places, not a string).
    if (fields.includes('amount')) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'amount');
      return { error: vendorError('AMOUNT_INVALID', issue?.message) };
    }
    return { error: vendorError('BAD_REQUEST', fields.join(', ')) };
  };

  const handle = async (vendorCode: string, action: string, raw: string, signature: string | undefined): Promise<VendorReply> => {
    if (!(VENDOR_ACTIONS as readonly string[]).includes(action)) return reply(vendorError('NOT_FOUND'));
    const vendor = VENDOR_CODE.test(vendorCode) ? await repo.findVendor(vendorCode) : undefined;
    const secret = vendor && vendor.origin !== 'INHOUSE' ? (secrets[vendorCode] ?? fallbackSecret) : undefined;
    if (!vendor || !secret) return reply(vendorError('VENDOR_UNKNOWN'));
    // Nothing in an unsigned body is believed, not even its shape.
    if (!signature || !sameSignature(signVendorBody(secret, raw), signature.trim().toLowerCase())) return reply(vendorError('SIGNATURE_INVALID'));
    if (vendor.wallet_type !== 'SEAMLESS') return reply(vendorError('VENDOR_NOT_SEAMLESS'));
    const a = action as VendorAction;
    const parsed = parse(a, raw);
    if (parsed.error) return reply(parsed.error);
    const b = parsed.data as Record<string, never>;
    const player = { token: b.token as string };
    switch (a) {
      case 'authenticate':
        return reply(await wallet.authenticate({ vendorCode, player }));
      case 'balance':
        return reply(await wallet.balance({ vendorCode, player }));
      case 'bet':
        return reply(await wallet.bet({ vendorCode, player, transactionId: b.transactionId, roundId: b.roundId, amount: toMinor(b.amount), currency: b.currency, gameCode: b.gameCode, description: b.description ?? undefined }));
      case 'win':
        return reply(await wallet.win({ vendorCode, player, transactionId: b.transactionId, roundId: b.roundId, amount: toMinor(b.amount), currency: b.currency, endRound: b.endRound, result: b.result ?? undefined }));
      case 'rollback':
        return reply(await wallet.rollback({ vendorCode, player, transactionId: b.transactionId, roundId: b.roundId, referenceTransactionId: b.referenceTransactionId }));
      case 'endRound':
        return reply(await wallet.endRound({ vendorCode, player, roundId: b.roundId, result: b.result ?? undefined }));
    }
  };

  return { handle };
};
export type SeamlessApi = ReturnType<typeof seamlessApi>;
