import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsDeposit, OpsDepositReviewValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { useDecide, useOpsDeposits } from '../../api/queues';
import { decisionAsk, rowDecisions, statusQuery, type Decision } from '../../logic/queues';
import { moneyText } from '../../logic/format';
import { Money, PageHead, StatusBadge, Time, ZoneNote, useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { ImageViewer, type ImageSet } from '../common/image-viewer';
import { BoNotice } from '../common/states';
import { BoTable } from '../common/table';
import { useQueueSearch } from '../common/use-list-search';
import { useOperator } from '../frame/operator-context';
import { DecisionButtons, QueueEmpty, QueueTabs } from './queue-bits';

/** Deposits (GET /ops/deposits?status=): review a transfer against its receipt, then approve (credits the wallet once) or reject. */
export const DepositsPage = () => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const { role, can } = useOperator();
  const search = useQueueSearch('deposits');
  const list = useOpsDeposits({ status: statusQuery(search.tab), page: search.page });
  const decide = useDecide('deposits');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [images, setImages] = useState<ImageSet | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (d: OpsDeposit, decision: Decision) => {
    const ask = decisionAsk('deposits', decision);
    setNotice(null);
    setRequest({
      title: t(`deposits.${decision}_title`, { id: d.id }),
      confirmLabel: t(`decision.${decision}`),
      tone: decision === 'reject' ? 'reject' : 'approve',
      facts: [
        { label: t('col.member'), value: d.username },
        { label: t('col.amount'), value: <Money amount={d.amount} currency={d.currency} /> },
        { label: t('col.reference'), value: d.reference || '—' },
      ],
      consequence: t(`deposits.${decision}_consequence`, { amount: moneyText(d.amount, site, d.currency), member: d.username }),
      note: { rule: ask.note, max: ask.noteMax, label: t('decision.note_member') },
      run: ({ note }) => decide.mutateAsync({ id: d.id, decision, input: { note } }),
      onDone: (result) => {
        const r = result as OpsDepositReviewValue;
        setNotice(
          decision === 'approve'
            ? t('deposits.approved_notice', { id: d.id, member: d.username, balance: moneyText(r.balanceAfter, site, r.currency) })
            : t('deposits.rejected_notice', { id: d.id, member: d.username }),
        );
      },
    });
  };

  const row = (d: OpsDeposit) => {
    const { decisions, allowed } = rowDecisions('deposits', d, role);
    return (
      <tr key={d.id}>
        <td data-label={t('col.number')} className="num">
          #{d.id}
        </td>
        <td data-label={t('col.member')}>
          <strong>{d.username}</strong>
          <span className="mc-sub">ID {d.memberId}</span>
        </td>
        <td data-label={t('col.amount')} className="mc-num">
          <Money amount={d.amount} currency={d.currency} className="bo-amount" />
        </td>
        <td data-label={t('col.channel')}>
          {t(`channel.${d.type}`)}
          <span className="mc-sub">{d.channelId}</span>
        </td>
        <td data-label={t('col.reference')} className="mc-ref">
          {d.reference || '—'}
        </td>
        <td data-label={t('col.receipt')}>
          {d.receiptId ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setImages({ title: t('deposits.receipt_of', { id: d.id }), ids: [d.receiptId as string] })}>
              <Icon name="image" size={14} />
              {t('deposits.view_receipt')}
            </button>
          ) : (
            <span className="bo-faint">{t('deposits.no_receipt')}</span>
          )}
        </td>
        <td data-label={t('col.created')}>
          <Time iso={d.createdAt} />
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={d.status} label={t(`status.deposits.${d.status}`)} />
          {d.reviewedAt && (
            <span className="mc-sub">
              {d.decidedBy === 'operator' && d.reviewedBy ? t('queue.decided_by_operator', { name: d.reviewedByName ?? `#${d.reviewedBy}` }) : t(`deposits.decided_${d.decidedBy ?? 'operator'}`)} · <Time iso={d.reviewedAt} />
            </span>
          )}
          {d.reviewNote && <span className="mc-sub bo-note">“{d.reviewNote}”</span>}
        </td>
        <td data-label={t('col.actions')}>
          <DecisionButtons decisions={decisions} allowed={allowed} onDecide={(dec) => open(d, dec)} subject={t('deposits.subject', { id: d.id })} />
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t('page.deposits')} lede={t('deposits.lede')} readOnly={!can('deposit.decide')} />
      <BoNotice message={notice} />
      <QueueTabs queue="deposits" value={search.tab} onChange={search.setTab}>
        <BoTable
          list={list}
          caption={t('deposits.caption', { status: t(`status.deposits.${search.tab}`) })}
          head={
            <>
              <th scope="col">{t('col.number')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col" className="mc-num">
                {t('col.amount')}
              </th>
              <th scope="col">{t('col.channel')}</th>
              <th scope="col">{t('col.reference')}</th>
              <th scope="col">{t('col.receipt')}</th>
              <th scope="col">{t('col.created')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.actions')}</th>
            </>
          }
          row={row}
          empty={<QueueEmpty queue="deposits" tab={search.tab} />}
          page={search.page}
          onPage={search.setPage}
          pagesLabel={t('deposits.pages')}
          cardsBelow={1080}
        />
        <ZoneNote />
      </QueueTabs>
      <DecisionDialog name="bo-deposit-decision" request={request} onClose={() => setRequest(null)} />
      <ImageViewer name="bo-deposit-receipt" images={images} onClose={() => setImages(null)} />
    </>
  );
};
