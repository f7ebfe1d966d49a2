import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromMinor, toMinor, type WithdrawSettingsValue } from '@apsara/contracts';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { useInvalidateMoney } from '../../../../lib/member-keys';
import { createWithdrawal, useWithdrawals } from '../../api/withdrawal';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useRule } from '../../../../lib/use-problem-text';
import { sendWithKey } from '../../../../lib/idempotency';
import { withdrawalQuote } from '../../logic/money';
import { isTrialError, placeServerError } from '../../../../lib/server-errors';
import { AmountField, PaymentPasswordField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';
import { Icon } from '../../../../components/ui/icons/icons';
import { TrialBlocked } from '../../../../components/ui/member/states';
import { validateAmount, validatePresent, wireAmount } from '../../../../lib/field-rules';

/** The server's refusal while a promotion bonus still needs bets before a withdrawal. */
const TURNOVER_PENDING = 'WITHDRAW_TURNOVER_PENDING';

type Values = { bankCardId: string; amount: string; paymentPassword: string };

/** The withdrawal form: card, amount (with fee and payout worked out as it is typed), payment password. */
export const WithdrawForm = ({ settings }: { settings: WithdrawSettingsValue }) => {
  const { t } = useTranslation('member');
  const symbol = settings.currencySymbol;
  const rule = useRule(symbol);
  const keys = useKeyKeeper('wd');
  const invalidate = useInvalidateMoney();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ id: string; payout: string } | null>(null);
  // The note stands while the withdrawal waits for review: once the list beside it (the same query)
  // shows it reviewed, that is what the member should read.
  const latest = useWithdrawals({ page: 1 }, submitted !== null);
  const reviewed = submitted !== null && latest.data?.items.some((w) => w.id === submitted.id && w.status !== 'pending');
  const done = submitted && !reviewed ? t('withdraw.submitted', { id: submitted.id, payout: formatAmount(submitted.payout, { symbol }) }) : null;
  const [trial, setTrial] = useState(false);
  // The server refused for a promotion bonus's turnover: the form says so (its message) and where to follow it.
  const [turnover, setTurnover] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = useForm<Values>({
    defaultValues: { bankCardId: settings.bankCards[0]?.id ?? '', amount: '', paymentPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  const amount = watch('amount');
  const quote = withdrawalQuote(amount, settings);
  // "All" takes what can go out in one withdrawal: the balance, capped at the maximum.
  const all = fromMinor(toMinor(settings.available) < toMinor(settings.max) ? toMinor(settings.available) : toMinor(settings.max));

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSubmitted(null);
    setTurnover(false);
    const fields = { bankCardId: values.bankCardId, amount: wireAmount(values.amount) };
    try {
      const w = await sendWithKey(keys, fields, (idempotencyKey) => createWithdrawal({ ...fields, paymentPassword: values.paymentPassword, idempotencyKey }));
      reset({ bankCardId: values.bankCardId, amount: '', paymentPassword: '' });
      setSubmitted({ id: w.id, payout: w.payout });
      void invalidate();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) {
        setTrial(true);
        return;
      }
      const placed = placeServerError(e, ['bankCardId', 'amount', 'paymentPassword']);
      (['bankCardId', 'amount', 'paymentPassword'] as const).forEach((f) => placed.fields[f] && setError(f, { type: 'server', message: placed.fields[f] }));
      setFormError(placed.form);
      setTurnover(e.code === TURNOVER_PENDING);
    }
  });

  if (trial) return <TrialBlocked />;

  return (
    <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <fieldset className="mc-choices mc-choices--cards" aria-describedby={errors.bankCardId ? 'wd-card-error' : undefined}>
        <legend className="mc-field__label">{t('withdraw.card')}</legend>
        {settings.bankCards.map((card) => (
          <label key={card.id} className="mc-choice mc-choice--card">
            <input type="radio" className="mc-choice__input" value={card.id} {...register('bankCardId', { required: true })} />
            <span className="mc-choice__mark" aria-hidden="true" />
            <span className="mc-choice__body">
              <span className="mc-choice__title">{card.bankName}</span>
              <span className="mc-choice__meta">
                <span className="num">{card.accountNumberMasked}</span>
                <span>{card.accountName}</span>
              </span>
            </span>
          </label>
        ))}
        {errors.bankCardId && (
          <p id="wd-card-error" className="mc-field__error" role="alert">
            {errors.bankCardId.message || t('errors.card_required')}
          </p>
        )}
      </fieldset>

      <AmountField
        label={t('withdraw.amount')}
        symbol={symbol}
        error={errors.amount?.message}
        hint={t('withdraw.amount_hint', { min: formatAmount(settings.min, { symbol }), max: formatAmount(settings.max, { symbol }) })}
        onAll={() => setValue('amount', all, { shouldValidate: true })}
        {...register('amount', {
          validate: rule((v: string) => validateAmount(v, { min: settings.min, max: settings.max, available: settings.available }) ?? (withdrawalQuote(v, settings)?.feeTooHigh ? { key: 'errors.fee_too_high' } : null)),
        })}
      />

      <dl className="mc-quote" aria-live="polite">
        <div className="mc-quote__row">
          <dt>{t('withdraw.fee')}</dt>
          <dd className="num">{quote ? formatAmount(quote.fee, { symbol }) : '—'}</dd>
        </div>
        <div className="mc-quote__row mc-quote__row--total">
          <dt>{t('withdraw.payout')}</dt>
          <dd className="num">{quote ? formatAmount(quote.payout, { symbol }) : '—'}</dd>
        </div>
      </dl>

      <PaymentPasswordField
        label={t('withdraw.payment_password')}
        placeholder={t('security.pp_placeholder')}
        error={errors.paymentPassword?.message}
        {...register('paymentPassword', { validate: rule(validatePresent) })}
      />
      <FormActions error={formError} success={done} busy={isSubmitting} block label={isSubmitting ? t('common.submitting') : t('withdraw.submit')} />
      {turnover && (
        <Link to="/member/bonusDetails" className="mc-link-row">
          {t('withdraw.turnover_link')}
          <Icon name="chevronRight" size={14} />
        </Link>
      )}
    </form>
  );
};
