import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The public development secret every vendor uses outside production when VENDOR_SECRETS does not name
 * it — the same value as VENDOR_DEV_SECRET in apps/server/src/config.ts (a test keeps them equal).
 */
export const VENDOR_DEV_SECRET = 'apsara-vendor-development-secret';

/** Hex HMAC-SHA256 of the raw body bytes: the X-Signature of both protocols. */
export const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw, 'utf8').digest('hex');

/** Constant-time check of a hex signature over the raw body. */
export const verify = (secret: string, raw: string, signature: string | undefined) => {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, raw), 'hex'), Buffer.from(signature, 'hex'));
};

/** VENDOR_SECRETS (JSON object code → secret), else the development secret for every vendor. */
export const secretsFrom = (json: string | undefined) => {
  const map: Record<string, string> = json?.trim() ? JSON.parse(json) : {};
  return (vendor: string) => map[vendor] ?? VENDOR_DEV_SECRET;
};
