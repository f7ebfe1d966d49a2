import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_TYPES, type OpsFeedback } from '@apsara/contracts';
import { useDecide, useOpsFeedback } from '../../api/queues';
import { decisionAsk, rowDecisions, statusQuery } from '../../logic/queues';
import { PageHead, StatusBadge, Time, ZoneNote } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoNotice } from '../common/states';
import { BoTable } from '../common/table';
import { useQueueSearch } from '../common/use-list-search';
import { useOperator } from '../frame/operator-context';
import { DecisionButtons, QueueEmpty, QueueTabs } from './queue-bits';

const TYPE_NAMES = Object.fromEntries(Object.entries(FEEDBACK_TYPES).map(([name, code]) => [code, name])) as Record<number, string>;

/** Feedback and complaints (GET /ops/feedback?status=): answer it once; the member reads the answer beside it. */
export const FeedbackPage = () => {
  const { t } = useTranslation('ops');
  const { role, can } = useOperator();
  const search = useQueueSearch('feedback');
  const list = useOpsFeedback({ status: statusQuery(search.tab), page: search.page });
  const decide = useDecide('feedback');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const typeName = (type: number) => t(`feedback.type_${TYPE_NAMES[type] ?? 'others'}`);

  const open = (f: OpsFeedback) => {
    const ask = decisionAsk('feedback', 'resolve');
    setNotice(null);
    setRequest({
      title: t('feedback.resolve_title', { id: f.id }),
      confirmLabel: t('decision.resolve'),
      tone: 'approve',
      facts: [
        { label: t('feedback.from'), value: f.username ?? f.sender },
        { label: t('feedback.type'), value: typeName(f.type) },
        { label: t('feedback.content'), value: f.content },
        ...(f.contact ? [{ label: t('feedback.contact'), value: f.contact }] : []),
      ],
      consequence: f.memberId ? t('feedback.resolve_consequence_member') : t('feedback.resolve_consequence_visitor'),
      note: { rule: ask.note, max: ask.noteMax, label: t('feedback.reply') },
      run: ({ note }) => decide.mutateAsync({ id: f.id, decision: 'resolve', input: { note } }),
      onDone: () => setNotice(t('feedback.resolved_notice', { id: f.id })),
    });
  };

  const row = (f: OpsFeedback) => {
    const { decisions, allowed } = rowDecisions('feedback', f, role);
    return (
      <tr key={f.id}>
        <td data-label={t('col.number')} className="num">
          #{f.id}
        </td>
        <td data-label={t('feedback.from')}>
          <strong>{f.username ?? f.sender}</strong>
          <span className="mc-sub">{f.memberId ? `ID ${f.memberId}` : t('feedback.visitor')}</span>
          {f.contact && <span className="mc-sub">{f.contact}</span>}
        </td>
        <td data-label={t('feedback.type')}>{typeName(f.type)}</td>
        <td data-label={t('feedback.content')} className="mc-note-cell bo-feedback-text">
          {f.content}
          {f.reply && <span className="mc-sub bo-note">↳ {f.reply}</span>}
        </td>
        <td data-label={t('col.created')}>
          <Time iso={f.createdAt} />
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={f.status} label={t(`status.feedback.${f.status}`)} />
          {f.resolvedBy && (
            <span className="mc-sub">
              {t('queue.decided_by', { name: f.resolvedBy })} · <Time iso={f.resolvedAt} />
            </span>
          )}
        </td>
        <td data-label={t('col.actions')}>
          <DecisionButtons decisions={decisions} allowed={allowed} onDecide={() => open(f)} subject={t('feedback.subject', { id: f.id })} />
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t('page.feedback')} lede={t('feedback.lede')} readOnly={!can('feedback.resolve')} />
      <BoNotice message={notice} />
      <QueueTabs queue="feedback" value={search.tab} onChange={search.setTab}>
        <BoTable
          list={list}
          caption={t('feedback.caption', { status: t(`status.feedback.${search.tab}`) })}
          head={
            <>
              <th scope="col">{t('col.number')}</th>
              <th scope="col">{t('feedback.from')}</th>
              <th scope="col">{t('feedback.type')}</th>
              <th scope="col">{t('feedback.content')}</th>
              <th scope="col">{t('col.created')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.actions')}</th>
            </>
          }
          row={row}
          empty={<QueueEmpty queue="feedback" tab={search.tab} />}
          page={search.page}
          onPage={search.setPage}
          pagesLabel={t('feedback.pages')}
          cardsBelow={860}
        />
        <ZoneNote />
      </QueueTabs>
      <DecisionDialog name="bo-feedback-decision" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
