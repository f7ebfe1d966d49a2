import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPromotionClaim, OpsPromotionDecisionValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { useLocalize } from '../../../../i18n/use-localize';
import { useDecide, useOpsPromotionClaims, useOpsPromotions } from '../../api/queues';
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

/**
 * Promotion records (GET /ops/promotion-claims?status=): applications wait for the site, which pays
 * the promotion's fixed bonus or sets one up to its maximum, or rejects with a remark the member reads.
 */
export const PromotionClaimsPage = () => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const localize = useLocalize();
  const { role, can } = useOperator();
  const search = useQueueSearch('promotionClaims');
  const list = useOpsPromotionClaims({ status: statusQuery(search.tab), page: search.page });
  const promotions = useOpsPromotions();
  const decide = useDecide('promotionClaims');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [images, setImages] = useState<ImageSet | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const termsOf = (c: OpsPromotionClaim) => promotions.data?.items.find((p) => p.id === c.promotionId)?.terms;

  const open = (c: OpsPromotionClaim, decision: Decision) => {
    const terms = termsOf(c);
    const fixed = terms?.bonus ?? null;
    const ask = decisionAsk('promotionClaims', decision, { fixedBonus: fixed !== null });
    setNotice(null);
    setRequest({
      title: t(`claims.${decision}_title`, { number: c.number }),
      confirmLabel: t(`decision.${decision}`),
      tone: decision === 'reject' ? 'reject' : 'approve',
      facts: [
        { label: t('col.member'), value: c.username },
        { label: t('claims.promotion'), value: localize(c.title) },
        ...(c.remark ? [{ label: t('claims.member_remark'), value: c.remark }] : []),
        ...(decision === 'approve' && fixed ? [{ label: t('claims.fixed_bonus'), value: <Money amount={fixed} /> }] : []),
        ...(terms ? [{ label: t('claims.turnover'), value: t('claims.turnover_times', { n: terms.turnoverMultiple }) }] : []),
      ],
      consequence: t(`claims.${decision}_consequence`, { member: c.username }),
      amount: ask.amount
        ? { label: t('claims.bonus_amount'), max: terms?.maxBonus ?? null, hint: terms?.maxBonus ? t('claims.bonus_max', { max: moneyText(terms.maxBonus, site) }) : undefined }
        : undefined,
      note: { rule: ask.note, max: ask.noteMax, label: t('decision.remark_member') },
      run: ({ note, amount }) => decide.mutateAsync({ id: c.id, decision, input: { note, amount } }),
      onDone: (result) => {
        const r = result as OpsPromotionDecisionValue;
        setNotice(decision === 'approve' ? t('claims.approved_notice', { number: c.number, bonus: moneyText(r.bonus, site) }) : t('claims.rejected_notice', { number: c.number }));
      },
    });
  };

  const row = (c: OpsPromotionClaim) => {
    const { decisions, allowed } = rowDecisions('promotionClaims', c, role);
    // Before the promotions' terms are read, a bonus could not be asked for correctly.
    const ready = promotions.isSuccess;
    return (
      <tr key={c.id}>
        <td data-label={t('col.number')} className="num">
          {c.number}
        </td>
        <td data-label={t('col.member')}>
          <strong>{c.username}</strong>
          <span className="mc-sub">ID {c.memberId}</span>
        </td>
        <td data-label={t('claims.promotion')}>
          {localize(c.title)}
          <span className="mc-sub">{t(`claims.mechanic_${c.mechanic}`)}</span>
        </td>
        <td data-label={t('claims.member_remark')} className="mc-note-cell">
          {c.remark || <span className="bo-faint">—</span>}
          {c.imageIds.length > 0 && (
            <button type="button" className="btn btn--ghost btn--sm bo-inline-btn" onClick={() => setImages({ title: t('claims.images_of', { number: c.number }), ids: c.imageIds })}>
              <Icon name="image" size={14} />
              {t('claims.view_images', { count: c.imageIds.length })}
            </button>
          )}
        </td>
        <td data-label={t('claims.bonus')} className="mc-num">
          {c.bonus ? <Money amount={c.bonus} className="bo-amount" /> : <span className="bo-faint">—</span>}
          {c.deposit && <span className="mc-sub">{t('claims.on_deposit', { amount: moneyText(c.deposit, site) })}</span>}
          {c.bonus && <span className="mc-sub">{t('claims.turnover_done', { done: moneyText(c.turnoverDone, site), required: moneyText(c.turnoverRequired, site) })}</span>}
        </td>
        <td data-label={t('col.created')}>
          <Time iso={c.createdAt} />
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={c.status} label={t(`status.promotionClaims.${c.status}`)} />
          {c.decidedBy && <span className="mc-sub">{t('queue.decided_by', { name: c.decidedBy })}</span>}
          {c.reviewRemark && <span className="mc-sub bo-note">“{c.reviewRemark}”</span>}
        </td>
        <td data-label={t('col.actions')}>
          <DecisionButtons decisions={decisions} allowed={allowed && ready} onDecide={(dec) => open(c, dec)} subject={t('claims.subject', { number: c.number })} />
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t('page.promotionClaims')} lede={t('claims.lede')} readOnly={!can('promotion.decide')} />
      <BoNotice message={notice} />
      <QueueTabs queue="promotionClaims" value={search.tab} onChange={search.setTab}>
        <BoTable
          list={list}
          caption={t('claims.caption', { status: t(`status.promotionClaims.${search.tab}`) })}
          head={
            <>
              <th scope="col">{t('col.number')}</th>
              <th scope="col">{t('col.member')}</th>
              <th scope="col">{t('claims.promotion')}</th>
              <th scope="col">{t('claims.member_remark')}</th>
              <th scope="col" className="mc-num">
                {t('claims.bonus')}
              </th>
              <th scope="col">{t('col.created')}</th>
              <th scope="col">{t('col.status')}</th>
              <th scope="col">{t('col.actions')}</th>
            </>
          }
          row={row}
          empty={<QueueEmpty queue="promotionClaims" tab={search.tab} />}
          page={search.page}
          onPage={search.setPage}
          pagesLabel={t('claims.pages')}
          cardsBelow={1000}
        />
        <ZoneNote />
      </QueueTabs>
      <DecisionDialog name="bo-claim-decision" request={request} onClose={() => setRequest(null)} />
      <ImageViewer name="bo-claim-images" images={images} onClose={() => setImages(null)} />
    </>
  );
};
