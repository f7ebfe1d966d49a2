import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEPOSIT_STATUSES, type Deposit, type DepositChannel, type DepositStatus, type MemberDeposit } from '@apsara/contracts';
import { formatAmount } from '../../../../lib/format';
import { useDeposits } from '../../api/deposit';
import { useDeadlineRefresh } from '../../hooks/use-deadline-refresh';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { safePayUrl } from '../../logic/pay-url';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState } from '../../../../components/ui/member/states';
import { StatusBadge } from '../common/status-badge';
import { StatusFilter } from '../../../../components/ui/member/status-filter';
import { useLocalize } from '../../../../i18n/use-localize';

/**
 * A deposit's channel by name in the language on screen; for a channel no longer offered (or while
 * the channels cannot be read) the kind of payment it was, never the channel's internal id.
 */
export const useChannelName = (channels: DepositChannel[]) => {
  const localized = useLocalize();
  const { t } = useTranslation('member');
  return (deposit: Pick<Deposit, 'channelId' | 'type'>) => {
    const channel = channels.find((c) => c.id === deposit.channelId);
    return channel ? localized(channel.name) : t(`deposit.type_${deposit.type}`);
  };
};

/** A pending online order past its deadline: the expiry job (every minute) has not recorded it yet. */
const overdue = (d: Deposit, now = Date.now()) => d.type === 'ONLINE' && d.status === 'pending' && d.expiresAt !== null && Date.parse(d.expiresAt) <= now;

/** "Pay now": back to the payment page of an online order that can still be paid; nothing otherwise. */
export const PayNowLink = ({ order }: { order: MemberDeposit }) => {
  const { t } = useTranslation('member');
  const payUrl = order.status === 'pending' && order.payUrl && !overdue(order) ? safePayUrl(order.payUrl, window.location.origin) : null;
  return payUrl ? (
    <a className="mc-link" href={payUrl}>
      {t('deposit.pay_now')}
    </a>
  ) : null;
};

/** An online order waits for the member's payment, not for a review; past its deadline it is shown expired at once. */
export const depositBadge = (d: Deposit): DepositStatus | 'awaiting_payment' => (overdue(d) ? 'expired' : d.type === 'ONLINE' && d.status === 'pending' ? 'awaiting_payment' : d.status);

/**
 * The note column: an unpaid online order's deadline; what the provider or the clock decided, in the
 * member's language (the server records those in English for operators); otherwise the operator's note.
 */
const depositNote = (d: MemberDeposit, t: TFunction<'member'>, zone: string): ReactNode => {
  if (d.type === 'ONLINE') {
    if (overdue(d)) return t('deposit.note_expired');
    if (d.status === 'pending' && d.expiresAt) {
      return (
        <>
          {t('deposit.pay_by', { time: formatDateTime(d.expiresAt, zone) })} <PayNowLink order={d} />
        </>
      );
    }
    if (d.status === 'expired') return t('deposit.note_expired');
    if (d.status === 'rejected' && d.decidedBy === 'provider') return t('deposit.note_failed');
  }
  return d.reviewNote ?? '—';
};

/** "My deposits": newest first, 20 a page, filtered by status, with the operator's review note. */
export const DepositList = ({ channels, symbol }: { channels: DepositChannel[]; symbol: string }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [status, setStatus] = useState<DepositStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useDeposits({ status, page });
  useDeadlineRefresh((list.data?.items ?? []).map((d) => (d.type === 'ONLINE' && d.status === 'pending' ? d.expiresAt : null)));
  const nameOf = useChannelName(channels);

  return (
    <Panel
      id="mc-deposits"
      title={t('deposit.list_title')}
      icon="history"
      actions={
        <StatusFilter
          statuses={DEPOSIT_STATUSES}
          value={status}
          kind="deposit"
          // "Pending" holds bank transfers waiting for review and online orders waiting for payment alike.
          labelKeyOf={(s) => (s === 'pending' ? 'deposit.filter_pending' : `status.deposit.${s}`)}
          label={t('common.filter_status')}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
      }
    >
      <RecordTable
        list={list}
        caption={t('deposit.list_title')}
        // Six columns fit 620 px (measured at 1280 px, where the menus leave the list 634 px): a table there, cards below.
        cardsBelow={620}
        head={
          <>
            <th scope="col">{t('table.time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('table.order')}</th>
            <th scope="col">{t('table.channel')}</th>
            <th scope="col" className="mc-num">
              {t('table.amount')}
            </th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.note')}</th>
          </>
        }
        row={(d) => (
          <tr key={d.id}>
            <td data-label={t('table.time', { zone: gmtLabel(zone) })} className="num">
              {formatDateTime(d.createdAt, zone)}
            </td>
            <td data-label={t('table.order')} className="num">
              #{d.id}
              {/* A bank transfer's reference is the member's own; an online order's is the channel, shown beside it. */}
              {d.type === 'BANK_TRANSFER' && d.reference && <span className="mc-sub">{d.reference}</span>}
            </td>
            <td data-label={t('table.channel')}>{nameOf(d)}</td>
            <td data-label={t('table.amount')} className="mc-num num">
              {formatAmount(d.amount, { symbol })}
            </td>
            <td data-label={t('table.status')}>
              <StatusBadge kind="deposit" status={depositBadge(d)} />
            </td>
            <td data-label={t('table.note')} className="mc-note-cell">
              {depositNote(d, t, zone)}
            </td>
          </tr>
        )}
        empty={<EmptyState icon="receipt" title={status ? t('deposit.none_with_status') : t('deposit.none')} text={t('deposit.none_text')} compact />}
        page={page}
        onPage={setPage}
        pagesLabel={t('deposit.pages')}
      />
    </Panel>
  );
};
