import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsWithdrawal } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { useDecide, useOpsWithdrawals } from '../../api/queues';
import { WITHDRAWAL_CONFIRMATION_FILTERS, confirmationFromSearch, decisionAsk, rowDecisions, statusQuery, type Decision } from '../../logic/queues';
import { moneyText } from '../../logic/format';
import { Money, PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { ImageViewer, type ImageSet } from '../common/image-viewer';
import { BoNotice } from '../common/states';
import { BoTable } from '../common/table';
import { useQueueSearch } from '../common/use-list-search';
import { useOperator } from '../frame/operator-context';
import { DecisionButtons, QueueEmpty, QueueTabs } from './queue-bits';

/**
 * Withdrawals (GET /ops/withdrawals?status=&confirmation=): approve (funds stay held), mark paid once
 * the bank transfer is made (the money leaves the wallet), or reject (the hold is released). After
 * payment the member says whether it arrived; partial and not-received answers carry proof images.
 */
export const WithdrawalsPage = () => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const { role, can } = useOperator();
  const search = useQueueSearch('withdrawals');
  const confirmation = confirmationFromSearch(search.params.get('confirmation'));
  const list = useOpsWithdrawals({ status: statusQuery(search.tab), confirmation: confirmation === 'all' ? undefined : confirmation, page: search.page });
  const decide = useDecide('withdrawals');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [images, setImages] = useState<ImageSet | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filterId = useId();

  const open = (w: OpsWithdrawal, decision: Decision) => {
    const ask = decisionAsk('withdrawals', decision);
    setNotice(null);
    setRequest({
      title: t(`withdrawals.${decision}_title`, { id: w.id }),
      confirmLabel: t(`decision.${decision}`),
      tone: decision === 'reject' ? 'reject' : 'approve',
      facts: [
        { label: t('col.member'), value: w.username },
        { label: t('withdrawals.card'), value: `${w.bankName} · ${w.accountName} · ${w.accountNumber}` },
        { label: t('col.amount'), value: <Money amount={w.amount} currency={w.currency} /> },
        { label: t('withdrawals.fee'), value: <Money amount={w.fee} currency={w.currency} /> },
        { label: t('withdrawals.payout'), value: <Money amount={w.payout} currency={w.currency} /> },
      ],
      consequence: t(`withdrawals.${decision}_consequence`, { payout: moneyText(w.payout, site, w.currency), member: w.username }),
      note: { rule: ask.note, max: ask.noteMax, label: t('decision.note_member') },
      run: ({ note }) => decide.mutateAsync({ id: w.id, decision, input: { note } }),
      onDone: () => setNotice(t(`withdrawals.${decision}_notice`, { id: w.id, member: w.username })),
    });
  };

  const row = (w: OpsWithdrawal) => {
    const { decisions, allowed } = rowDecisions('withdrawals', w, role);
    return (
      <tr key={w.id}>
        <td data-label={t('col.number')} className="num">
          #{w.id}
        </td>
        <td data-label={t('col.member')}>
          <strong>{w.username}</strong>
          <span className="mc-sub">ID {w.memberId}</span>
        </td>
        <td data-label={t('withdrawals.card')}>
          {w.bankName}
          <span className="mc-sub">{w.accountName}</span>
          <span className="mc-sub num bo-account">{w.accountNumber}</span>
        </td>
        <td data-label={t('col.amount')} className="mc-num">
          <Money amount={w.amount} currency={w.currency} className="bo-amount" />
          <span className="mc-sub">{t('withdrawals.fee_short', { fee: moneyText(w.fee, site, w.currency) })}</span>
          <span className="mc-sub">{t('withdrawals.payout_short', { payout: moneyText(w.payout, site, w.currency) })}</span>
        </td>
        <td data-label={t('col.created')}>
          <Time iso={w.createdAt} />
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={w.status} label={t(`status.withdrawals.${w.status}`)} />
          {w.paidAt ? (
            <span className="mc-sub">
              {t('withdrawals.paid_at')} <Time iso={w.paidAt} />
            </span>
          ) : w.approvedAt ? (
            <span className="mc-sub">
              {t('withdrawals.approved_at')} <Time iso={w.approvedAt} />
            </span>
          ) : null}
          {/* The list names the deciding operator by id only. */}
          {w.reviewedBy && <span className="mc-sub">{t('queue.decided_by_operator', { name: w.reviewedByName ?? `#${w.reviewedBy}` })}</span>}
          {w.reviewNote && <span className="mc-sub bo-note">“{w.reviewNote}”</span>}
        </td>
        <td data-label={t('withdrawals.confirmation')}>
          {w.confirmation ? (
            <>
              <StatusBadge status={w.confirmation} label={t(`confirmation.${w.confirmation}`)} />
              {w.confirmation === 'partial' && w.receivedAmount && <span className="mc-sub">{t('withdrawals.received_amount', { amount: moneyText(w.receivedAmount, site, w.currency) })}</span>}
              {w.proofIds.length > 0 && (
                <button type="button" className="btn btn--ghost btn--sm bo-inline-btn" onClick={() => setImages({ title: t('withdrawals.proofs_of', { id: w.id }), ids: w.proofIds })}>
                  <Icon name="image" size={14} />
                  {t('withdrawals.view_proofs', { count: w.proofIds.length })}
                </button>
              )}
            </>
          ) : w.status === 'paid' ? (
            <span className="mc-sub">
              {t('withdrawals.awaiting_answer')} <Time iso={w.confirmDeadline} />
            </span>
          ) : (
            <span className="bo-faint">—</span>
          )}
        </td>
        <td data-label={t('col.actions')}>
          <DecisionButtons decisions={decisions} allowed={allowed} onDecide={(dec) => open(w, dec)} subject={t('withdrawals.subject', { id: w.id })} />
        </td>
      </tr>
    );
  };

  const filter = (
    <label className="bo-select" htmlFor={filterId}>
      <span>{t('withdrawals.confirmation')}</span>
      <select id={filterId} value={confirmation} onChange={(e) => search.set({ confirmation: e.target.value === 'all' ? null : e.target.value, page: null })}>
        {WITHDRAWAL_CONFIRMATION_FILTERS.map((c) => (
          <option key={c} value={c}>
            {c === 'all' ? t('common.any') : t(`confirmation.${c}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <PageHead title={t('page.withdrawals')} lede={t('withdrawals.lede')} readOnly={!can('withdrawal.decide')} />
      <BoNotice message={notice} />
      <QueueTabs queue="withdrawals" value={search.tab} onChange={search.setTab} tools={filter}>
        <BoTable
          list={list}
          caption={t('withdrawals.caption', { status: t(`status.withdrawals.${search.tab}`) })}
          head={
            <>
              <th scope="col">{t('col.number')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col">{t('withdrawals.card')}</th>
              <th scope="col" className="mc-num">
                {t('col.amount')}
              </th>
              <th scope="col">{t('col.created')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('withdrawals.confirmation')}</th>
              <th scope="col">{t('col.actions')}</th>
            </>
          }
          row={row}
          empty={<QueueEmpty queue="withdrawals" tab={search.tab} />}
          page={search.page}
          onPage={search.setPage}
          pagesLabel={t('withdrawals.pages')}
          cardsBelow={1040}
        />
        <ZoneNote />
      </QueueTabs>
      <DecisionDialog name="bo-withdrawal-decision" request={request} onClose={() => setRequest(null)} />
      <ImageViewer name="bo-withdrawal-proofs" images={images} onClose={() => setImages(null)} />
    </>
  );
};
