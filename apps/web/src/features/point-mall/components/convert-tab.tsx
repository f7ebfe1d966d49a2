import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PointBalanceValue, PointConfigValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { AmountField, PaymentPasswordField } from '../../../components/ui/member/fields';
import { FormActions } from '../../../components/ui/member/form-error';
import { Panel } from '../../../components/ui/member/panel';
import { ErrorState, LoadingState, SetupNeeded } from '../../../components/ui/member/states';
import { validatePresent, wireAmount } from '../../../lib/field-rules';
import { formatAmount, formatWhole } from '../../../lib/format';
import type { KeyKeeper } from '../../../lib/idempotency';
import { useRule } from '../../../lib/use-problem-text';
import { convertCash } from '../api/points';
import { useOrderSubmit } from '../hooks/use-order-submit';
import { convertAll, previewPoints, validateConvertAmount } from '../logic/convert';

type Props = { balance: UseQueryResult<PointBalanceValue>; config: PointConfigValue; keys: KeyKeeper };

/** Cash to points (spec §2): the form beside how conversion works. */
export const ConvertTab = ({ balance, config, keys }: Props) => {
  const { t } = useTranslation('points');
  const symbol = config.currencySymbol;
  const { min, max, pointsPerUnit } = config.convert;
  const money = (v: string) => formatAmount(v, { symbol });

  const form = () => {
    if (balance.isPending) return <LoadingState rows={4} />;
    if (balance.isError) return <ErrorState error={balance.error} onRetry={() => void balance.refetch()} />;
    if (!balance.data.hasPaymentPassword) return <SetupNeeded title={t('redeem.setup_title')} text={t('redeem.setup_text')} />;
    return <ConvertForm balance={balance.data} config={config} keys={keys} />;
  };

  return (
    <div className="pm-split">
      <Panel id="pm-convert" title={t('convert.title')} icon="swap">
        {form()}
      </Panel>
      <section className="pm-aside" aria-labelledby="pm-convert-how">
        <h2 id="pm-convert-how" className="pm-aside__title">
          <Icon name="info" size={18} />
          {t('convert.how_title')}
        </h2>
        <ol className="pm-steps">
          <li>{t('convert.how_1', { amount: money('1.00'), count: pointsPerUnit, points: formatWhole(pointsPerUnit) })}</li>
          <li>{t('convert.how_2', { min: money(min), max: money(max) })}</li>
          <li>{t('convert.how_3')}</li>
        </ol>
      </section>
    </div>
  );
};

type Values = { amount: string; paymentPassword: string };

const ConvertForm = ({ balance, config, keys }: { balance: PointBalanceValue; config: PointConfigValue; keys: KeyKeeper }) => {
  const { t } = useTranslation('points');
  const symbol = config.currencySymbol;
  const { min, max, pointsPerUnit } = config.convert;
  const limits = { min, max, available: balance.available };
  const rule = useRule(symbol);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = useForm<Values>({ defaultValues: { amount: '', paymentPassword: '' } });
  const { errors, isSubmitting } = formState;
  const { submit, formError } = useOrderSubmit<Values>(keys, ['amount', 'paymentPassword'], setError);
  const gain = previewPoints(watch('amount'), limits, pointsPerUnit);
  const amountId = useId();
  const gainId = useId();
  const all = convertAll(limits);

  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    const fields = { amount: wireAmount(values.amount) };
    const result = await submit(fields, (idempotencyKey) => convertCash({ ...fields, paymentPassword: values.paymentPassword, idempotencyKey }));
    if (!result) return;
    reset({ amount: '', paymentPassword: '' });
    const { order } = result;
    setDone(t('convert.done', { amount: formatAmount(order.amount, { symbol }), count: order.points, points: formatWhole(order.points), number: order.number }));
  });

  return (
    <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <dl className="pm-facts">
        <div className="pm-facts__item pm-facts__item--gold">
          <dt>{t('convert.available')}</dt>
          <dd className="num">{formatAmount(balance.available, { symbol })}</dd>
        </div>
        <div className="pm-facts__item">
          <dt>{t('convert.ratio')}</dt>
          <dd className="num">{t('hero.ratio_value', { points: formatWhole(pointsPerUnit) })}</dd>
        </div>
        <div className="pm-facts__item">
          <dt>{t('convert.limits')}</dt>
          <dd className="num">
            {formatAmount(min, { symbol })} – {formatAmount(max, { symbol })}
          </dd>
        </div>
      </dl>

      <AmountField
        id={amountId}
        label={t('convert.amount')}
        symbol={symbol}
        placeholder="0"
        error={errors.amount?.message}
        hint={t('convert.amount_hint', { min: formatAmount(min, { symbol }), max: formatAmount(max, { symbol }) })}
        onAll={all === null ? undefined : () => setValue('amount', all, { shouldValidate: true })}
        allLabel={t('convert.all')}
        {...register('amount', { validate: rule((v: string) => validateConvertAmount(v, limits)) })}
      />

      {/* Worked out from the amount as it is typed: an <output> for it, read out when it changes. */}
      <div className="pm-gain">
        <div className="pm-gain__main">
          <span id={gainId} className="pm-gain__label">
            {t('convert.obtainable')}
          </span>
          <output className="pm-gain__value num" htmlFor={amountId} aria-labelledby={gainId}>
            {gain === null ? '—' : formatWhole(gain)}
          </output>
        </div>
        <div className="pm-gain__after">
          <span>{t('convert.points_after')}</span>
          <span className="num">{gain === null ? '—' : formatWhole(BigInt(balance.points) + gain)}</span>
        </div>
      </div>

      <PaymentPasswordField
        label={t('convert.payment_password')}
        placeholder={t('redeem.payment_password_placeholder')}
        error={errors.paymentPassword?.message}
        {...register('paymentPassword', { validate: rule(validatePresent) })}
      />
      <FormActions error={formError} success={done} busy={isSubmitting} block label={isSubmitting ? t('convert.submitting') : t('convert.submit')} />
    </form>
  );
};
