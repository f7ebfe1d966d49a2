import { z } from 'zod';
import { ok } from '../envelope.js';
import { PositiveMoneyAmount } from '../money.js';
import { IdempotencyKey } from './ops.js';

const Money = z.string().describe('minor units as a decimal string with two places, e.g. "1234.50"');
const WalletCode = z.string().regex(/^(MAIN|[A-Z0-9]{2,12})$/, { message: 'MAIN or a vendor code' });

/** GET /wps/v2/wallets/balance — the main wallet. */
export const WalletBalanceValue = z.object({ balance: Money, held: Money, available: Money, currency: z.string(), currencySymbol: z.string() });
export const WalletBalanceResponse = ok(WalletBalanceValue);

export const WalletEntry = z.object({ code: z.string(), name: z.string(), balance: Money, held: Money });

/** GET /wps/member/info/funds/consolidated and GCS_merchantWallet — main plus every vendor wallet. */
export const ConsolidatedFundsValue = z.object({ total: Money, currency: z.string(), currencySymbol: z.string(), wallets: z.array(WalletEntry) });
export const ConsolidatedFundsResponse = ok(ConsolidatedFundsValue);

/** POST /wps/relay/GCS_walletTransfer — main ↔ one vendor wallet, or recover all back to main. */
export const WalletTransferBody = z.union([
  z.strictObject({ from: WalletCode, to: WalletCode, amount: PositiveMoneyAmount, idempotencyKey: IdempotencyKey }),
  z.strictObject({ recoverAll: z.literal(true), idempotencyKey: IdempotencyKey }),
]);
export type WalletTransferBody = z.infer<typeof WalletTransferBody>;
export const WalletTransferValue = z.object({
  moved: z.array(z.object({ from: z.string(), to: z.string(), amount: Money })),
  replayed: z.boolean(),
  wallets: z.array(WalletEntry),
});
export const WalletTransferResponse = ok(WalletTransferValue);
