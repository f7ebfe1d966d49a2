import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toMinor, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@apsara/contracts';
import { closeModal, openModal } from '../../../../components/ui/modal';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatAmount } from '../../../../lib/format';
import { useWithdrawals, type WithdrawalItem } from '../../api/withdrawal';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState } from '../../../../components/ui/member/states';
import { StatusBadge } from '../common/status-badge';
import { StatusFilter } from '../../../../components/ui/member/status-filter';
import { CONFIRM_RECEIPT_MODAL, ConfirmReceiptModal } from './confirm-receipt-modal';

/** A paid withdrawal still waiting for the member's answer (spec §4). */
export const awaitsConfirmation = (w: Pick<WithdrawalItem, 'status' | 'confirmation'>) => w.status === 'paid' && w.confirmation === null;

/** "My withdrawals": status, fee and payout, and the confirm-receipt step after payment. */
export const WithdrawalList = ({ symbol, confirmMinutes }: { symbol: string; confirmMinutes: number }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [status, setStatus] = useState<WithdrawalStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useWithdrawals({ status, page });

  // The popup belongs to this page: leaving the page closes it.
  useEffect(() => () => closeModal(CONFIRM_RECEIPT_MODAL), []);

  return (
    <Panel
      id="mc-withdrawals"
      title={t('withdraw.list_title')}
      icon="history"
      actions={
        <StatusFilter
          statuses={WITHDRAWAL_STATUSES}
          value={status}
          kind="withdrawal"
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
        caption={t('withdraw.list_title')}
        head={
          <>
            <th scope="col">{t('table.time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('table.card')}</th>
            <th scope="col" className="mc-num">
              {t('table.amount')}
            </th>
            <th scope="col" className="mc-num">
              {t('table.fee_payout')}
            </th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.confirmation')}</th>
          </>
        }
        row={(w) => (
          <tr key={w.id}>
            <td data-label={t('table.time', { zone: gmtLabel(zone) })} className="num">
              {formatDateTime(w.createdAt, zone)}
              <span className="mc-sub">#{w.id}</span>
            </td>
            <td data-label={t('table.card')}>
              {w.bankName}
              <span className="mc-sub num">{w.accountNumberMasked}</span>
            </td>
            <td data-label={t('table.amount')} className="mc-num num">
              {formatAmount(w.amount, { symbol })}
            </td>
            <td data-label={t('table.fee_payout')} className="mc-num num">
              {/* No fee: nothing to take off, so no "-$0.00". */}
              {toMinor(w.fee) > 0n && <span className="mc-sub mc-sub--inline">-{formatAmount(w.fee, { symbol })}</span>}
              <strong>{formatAmount(w.payout, { symbol })}</strong>
            </td>
            <td data-label={t('table.status')}>
              <StatusBadge kind="withdrawal" status={w.status} />
              {w.reviewNote && <span className="mc-sub">{w.reviewNote}</span>}
            </td>
            <td data-label={t('table.confirmation')}>
              <ConfirmationCell w={w} symbol={symbol} zone={zone} />
            </td>
          </tr>
        )}
        empty={<EmptyState icon="receipt" title={status ? t('withdraw.none_with_status') : t('withdraw.none')} text={t('withdraw.none_text')} compact />}
        page={page}
        onPage={setPage}
        pagesLabel={t('withdraw.pages')}
      />
      <ConfirmReceiptModal symbol={symbol} confirmMinutes={confirmMinutes} />
    </Panel>
  );
};

const ConfirmationCell = ({ w, symbol, zone }: { w: WithdrawalItem; symbol: string; zone: string }) => {
  const { t } = useTranslation('member');
  if (awaitsConfirmation(w)) {
    return (
      <span className="mc-confirm-cell">
        <button type="button" className="btn btn--gold btn--sm" onClick={() => openModal(CONFIRM_RECEIPT_MODAL, { withdrawal: w })}>
          <Icon name="check" size={14} />
          {t('confirm.action')}
        </button>
        {w.confirmDeadline && <span className="mc-sub">{t('confirm.until', { time: `${formatDateTime(w.confirmDeadline, zone)} ${gmtLabel(zone)}` })}</span>}
      </span>
    );
  }
  if (!w.confirmation) return <span className="mc-muted">—</span>;
  return (
    <span>
      <StatusBadge kind="confirmation" status={w.confirmation} />
      {w.confirmation === 'partial' && w.receivedAmount && <span className="mc-sub num">{t('confirm.received_of', { amount: formatAmount(w.receivedAmount, { symbol }) })}</span>}
    </span>
  );
};
