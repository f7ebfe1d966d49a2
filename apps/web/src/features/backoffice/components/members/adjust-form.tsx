import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OpsAdjustmentValue, OpsMemberDetail } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { AmountField, TextAreaField } from '../../../../components/ui/member/fields';
import { sendWithKey } from '../../../../lib/idempotency';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { adjustMember, useRefreshAfterAdjustment } from '../../api/members';
import { moneyText, signedMoneyText } from '../../logic/format';
import { noteProblem } from '../../logic/queues';
import { ADJUSTMENT_MAX, adjustAmountProblem, balanceAfter, signedAmount, type AdjustDirection } from '../../logic/adjust';
import { useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { useOperator } from '../frame/operator-context';

type Values = { direction: AdjustDirection; amount: string; reason: string };

/**
 * A balance adjustment (POST /ops/members/:id/adjustments, admin and finance): credit or debit the
 * main wallet with a reason, confirmed first. Each submission carries an idempotency key (lib/
 * idempotency): a retry after no answer reuses it, so the money moves once; any other submission
 * gets a fresh one.
 */
export const AdjustForm = ({ member, onDone }: { member: OpsMemberDetail; onDone: (text: string) => void }) => {
  const { t, i18n } = useTranslation('ops');
  const site = useSiteMoney();
  const { can } = useOperator();
  const keeper = useKeyKeeper('ops-adjust');
  const refresh = useRefreshAfterAdjustment();
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const allowed = can('member.adjust');

  const schema = useMemo(
    () =>
      z
        .object({ direction: z.enum(['credit', 'debit']), amount: z.string(), reason: z.string() })
        .superRefine((v, ctx) => {
          // Typed without a sign: the Credit/Debit choice gives the direction.
          const amount = adjustAmountProblem(v.direction, v.amount, member.balance);
          if (amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: t(`adjust.amount_${amount}`, { max: moneyText(ADJUSTMENT_MAX, site) }) });
          const reason = noteProblem(v.reason, 'required', 200, 5);
          if (reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: t(`decision.note_${reason}`, { min: 5, max: 200 }) });
        }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, member.balance, site.symbol],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { direction: 'credit', amount: '', reason: '' } });
  const direction = form.watch('direction');
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const amount = signedAmount(values.direction, values.amount);
    const reason = values.reason.trim();
    const after = balanceAfter(member.balance, amount);
    setRequest({
      title: t(`adjust.confirm_${values.direction}`, { name: member.username }),
      confirmLabel: t(`adjust.do_${values.direction}`),
      tone: values.direction === 'debit' ? 'reject' : 'approve',
      facts: [
        { label: t('col.member'), value: `${member.username} (ID ${member.id})` },
        { label: t('adjust.change'), value: <span className="num">{signedMoneyText(amount, site)}</span> },
        { label: t('adjust.balance_now'), value: <span className="num">{moneyText(member.balance, site)}</span> },
        { label: t('adjust.balance_after'), value: <span className="num">{moneyText(after, site)}</span> },
        { label: t('adjust.reason'), value: reason },
      ],
      consequence: t('adjust.consequence'),
      run: () =>
        sendWithKey(keeper, { member: member.id, amount, reason }, (idempotencyKey) => adjustMember(member.id, { amount, reason, idempotencyKey })).finally(() => void refresh()),
      onDone: (result) => {
        const r = result as OpsAdjustmentValue;
        form.reset({ direction: values.direction, amount: '', reason: '' });
        onDone(t(r.replayed ? 'adjust.replayed_notice' : 'adjust.done_notice', { name: member.username, amount: signedMoneyText(r.amount, site), balance: moneyText(r.balanceAfter, site) }));
      },
    });
  });

  return (
    <section className="bo-panel bo-adjust" aria-labelledby="bo-adjust-title">
      <h2 id="bo-adjust-title" className="bo-panel__title">
        {t('adjust.title')}
      </h2>
      <p className="bo-panel__text">{allowed ? t('adjust.lede') : t('adjust.not_allowed')}</p>
      <form className="bo-adjust__form" onSubmit={onSubmit} noValidate>
        <fieldset className="bo-segment" disabled={!allowed}>
          <legend className="mc-field__label">{t('adjust.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className={`bo-segment__opt${direction === d ? ' is-on' : ''}`}>
              <input type="radio" value={d} {...form.register('direction', { deps: 'amount' })} />
              <Icon name={d === 'credit' ? 'plus' : 'withdraw'} size={14} />
              {t(`adjust.${d}`)}
            </label>
          ))}
        </fieldset>
        <AmountField id="bo-adjust-amount" label={t('adjust.amount')} symbol={site.symbol} disabled={!allowed} error={errors.amount?.message} hint={t(`adjust.amount_hint_${direction}`)} {...form.register('amount')} />
        <TextAreaField id="bo-adjust-reason" label={t('adjust.reason')} rows={2} disabled={!allowed} maxLength={200} error={errors.reason?.message} hint={t('adjust.reason_hint')} {...form.register('reason')} />
        <div className="bo-adjust__actions">
          <button type="submit" className="btn btn--gold" disabled={!allowed}>
            {t('adjust.review')}
          </button>
        </div>
      </form>
      <DecisionDialog name="bo-adjust-confirm" request={request} onClose={() => setRequest(null)} />
    </section>
  );
};
