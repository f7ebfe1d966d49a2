import type { TFunction } from 'i18next';
import type { MemTransDetail } from '@apsara/contracts';
import { movementText as text } from '../../../lib/movement-text';

export { movementTitle } from '../../../lib/movement-text';

/** A line of the account record in words (lib/movement-text.ts), with the member center's words. */
export const movementText = (detail: MemTransDetail | undefined, reference: string | null, t: TFunction<'member'>): string =>
  text(detail, reference, (key, vars) => String(t(key as never, vars as never)), { detail: 'history.detail', mainWallet: 'transfer.main_wallet', contractKind: 'contractKind' });
