import type { TFunction } from 'i18next';
import type { MemTransDetail } from '@apsara/contracts';
import { MAIN } from './wallet-pair';

/** A vendor number longer than this is shown by its start and end. */
const LONG_ID = 16;

/**
 * A line of the account record in words: what the movement was (which deposit, which round, whom the
 * money went to), from the detail the server reads out of the ledger. A movement of a kind this page
 * does not know shows the ledger's reference as it is.
 */
export const movementText = (detail: MemTransDetail | undefined, reference: string | null, t: TFunction<'member'>): string => {
  const wallet = (code: string) => (code === MAIN ? t('transfer.main_wallet') : code);
  // A vendor's long numbers keep their start and end (what people read out to support); the cell's
  // title has the whole reference.
  const short = (id: string) => (id.length > LONG_ID ? `${id.slice(0, 9)}…${id.slice(-4)}` : id);
  switch (detail?.kind) {
    case 'deposit':
      return t('history.detail.deposit', { id: detail.id });
    case 'withdrawal':
      return detail.id ? t('history.detail.withdrawal', { id: detail.id }) : t('history.detail.withdrawal_unnumbered');
    case 'adjustment':
      return t('history.detail.adjustment');
    case 'wallet':
      return t('history.detail.wallet', { from: wallet(detail.from), to: wallet(detail.to) });
    case 'recoverAll':
      return t('history.detail.recoverAll', { main: wallet(MAIN) });
    case 'member':
      return t(detail.direction === 'to' ? 'history.detail.member_to' : 'history.detail.member_from', { username: detail.username });
    case 'round':
      return t('history.detail.round', { vendor: detail.vendor, roundId: short(detail.roundId) });
    case 'vendor':
      return t('history.detail.vendor', { vendor: detail.vendor, transactionId: short(detail.transactionId) });
    case 'vendorResult':
      return t('history.detail.vendorResult', { vendor: detail.vendor });
    case 'contract':
      return t(detail.direction === 'received' ? 'history.detail.contract_received' : 'history.detail.contract_paid', { kind: t(`contractKind.${detail.contractKind}`) });
    default:
      return reference ?? '—';
  }
};

/** The whole vendor number behind a shortened one (a round's or a transfer's), for the cell's hover text. */
export const movementTitle = (detail: MemTransDetail | undefined): string | undefined => {
  if (detail?.kind === 'round' && detail.roundId.length > LONG_ID) return detail.roundId;
  if (detail?.kind === 'vendor' && detail.transactionId.length > LONG_ID) return detail.transactionId;
  return undefined;
};
