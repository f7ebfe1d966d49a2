import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPointOrder } from '@apsara/contracts';
import { useLocalize } from '../../../../i18n/use-localize';
import { formatWhole } from '../../../../lib/format';
import { useDecide, useOpsPointOrders } from '../../api/queues';
import { decisionAsk, rowDecisions, statusQuery, type Decision } from '../../logic/queues';
import { Money, PageHead, StatusBadge, Time, ZoneNote } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoNotice } from '../common/states';
import { BoTable } from '../common/table';
import { useQueueSearch } from '../common/use-list-search';
import { useOperator } from '../frame/operator-context';
import { DecisionButtons, QueueEmpty, QueueTabs } from './queue-bits';

/** Points-mall redemptions (GET /ops/point-orders?status=): ship and approve, or reject with a remark (points, cash and stock go back). */
export const PointOrdersPage = () => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const { role, can } = useOperator();
  const search = useQueueSearch('pointOrders');
  const list = useOpsPointOrders({ status: statusQuery(search.tab), page: search.page });
  const decide = useDecide('pointOrders');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const goods = (o: OpsPointOrder) => (o.kind === 'convert' ? t('points.convert') : o.goodsName ? localize(o.goodsName) : '—');

  const open = (o: OpsPointOrder, decision: Decision) => {
    const ask = decisionAsk('pointOrders', decision);
    setNotice(null);
    setRequest({
      title: t(`points.${decision}_title`, { number: o.number }),
      confirmLabel: t(`decision.${decision}`),
      tone: decision === 'reject' ? 'reject' : 'approve',
      facts: [
        { label: t('col.member'), value: o.username },
        { label: t('points.goods'), value: `${goods(o)} × ${o.quantity}` },
        { label: t('points.points'), value: formatWhole(o.points) },
        ...(o.address ? [{ label: t('points.address'), value: o.address }] : []),
      ],
      consequence: t(`points.${decision}_consequence`, { member: o.username }),
      note: { rule: ask.note, max: ask.noteMax, label: t('decision.remark_member') },
      run: ({ note }) => decide.mutateAsync({ id: o.id, decision, input: { note } }),
      onDone: () => setNotice(t(`points.${decision}_notice`, { number: o.number })),
    });
  };

  const row = (o: OpsPointOrder) => {
    const { decisions, allowed } = rowDecisions('pointOrders', o, role);
    return (
      <tr key={o.id}>
        <td data-label={t('col.number')} className="num">
          {o.number}
        </td>
        <td data-label={t('col.member')}>
          <strong>{o.username}</strong>
          <span className="mc-sub">ID {o.memberId}</span>
        </td>
        <td data-label={t('points.goods')}>
          {goods(o)}
          <span className="mc-sub">× {o.quantity}</span>
        </td>
        <td data-label={t('points.points')} className="mc-num num">
          {formatWhole(o.points)}
        </td>
        <td data-label={t('points.cash')} className="mc-num">
          <Money amount={o.amount} />
        </td>
        <td data-label={t('points.address')} className="mc-note-cell">
          {o.address || <span className="bo-faint">{o.kind === 'goods' ? t('points.virtual') : '—'}</span>}
        </td>
        <td data-label={t('col.created')}>
          <Time iso={o.createdAt} />
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={o.status} label={t(`status.pointOrders.${o.status}`)} />
          {o.decidedBy && <span className="mc-sub">{t('queue.decided_by', { name: o.decidedBy })}</span>}
          {o.remark && <span className="mc-sub bo-note">“{o.remark}”</span>}
        </td>
        <td data-label={t('col.actions')}>
          <DecisionButtons decisions={decisions} allowed={allowed} onDecide={(dec) => open(o, dec)} subject={t('points.subject', { number: o.number })} />
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t('page.pointOrders')} lede={t('points.lede')} readOnly={!can('pointOrder.decide')} />
      <BoNotice message={notice} />
      <QueueTabs queue="pointOrders" value={search.tab} onChange={search.setTab}>
        <BoTable
          list={list}
          caption={t('points.caption', { status: t(`status.pointOrders.${search.tab}`) })}
          head={
            <>
              <th scope="col">{t('col.number')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col">{t('points.goods')}</th>
              <th scope="col" className="mc-num">
                {t('points.points')}
              </th>
              <th scope="col" className="mc-num">
                {t('points.cash')}
              </th>
              <th scope="col">{t('points.address')}</th>
              <th scope="col">{t('col.created')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.actions')}</th>
            </>
          }
          row={row}
          empty={<QueueEmpty queue="pointOrders" tab={search.tab} />}
          page={search.page}
          onPage={search.setPage}
          pagesLabel={t('points.pages')}
          cardsBelow={1000}
        />
        <ZoneNote />
      </QueueTabs>
      <DecisionDialog name="bo-point-decision" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
