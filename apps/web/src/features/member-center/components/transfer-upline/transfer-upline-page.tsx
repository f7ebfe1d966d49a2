import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MemberTransferTargetsValue } from '@apsara/contracts';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { useInvalidateMoney } from '../../../../lib/member-keys';
import { sendMemberTransfer, useTransferTargets } from '../../api/member-transfer';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useRule } from '../../../../lib/use-problem-text';
import { validateUsername } from '../../logic/forms';
import { sendWithKey } from '../../../../lib/idempotency';
import { isTrialError, placeServerError } from '../../../../lib/server-errors';
import { AmountField, PaymentPasswordField, TextField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState, SetupNeeded, TrialBlocked } from '../../../../components/ui/member/states';
import { validateAmount, validatePresent, wireAmount } from '../../../../lib/field-rules';

/**
 * transferUpline: a member sends money to their upline agent (a fixed recipient); an agent may also
 * send to one of their direct downlines by username.
 */
export const TransferUplinePage = () => {
  const { t } = useTranslation('member');
  const targets = useTransferTargets();
  const [trial, setTrial] = useState(false);

  if (trial || isTrialError(targets.error)) return <TrialBlocked />;
  const body = targets.isPending ? (
    <LoadingState rows={3} />
  ) : targets.isError ? (
    <ErrorState error={targets.error} onRetry={() => void targets.refetch()} />
  ) : !targets.data.upline && !targets.data.toDownline ? (
    <EmptyState icon="users" title={t('upline.none_title')} text={t('upline.none_text')} />
  ) : !targets.data.hasPaymentPassword ? (
    <SetupNeeded title={t('upline.need_pp_title')} text={t('upline.need_pp_text')} />
  ) : (
    <UplineForm targets={targets.data} onTrial={() => setTrial(true)} />
  );
  return (
    <Panel id="mc-upline" title={t('upline.form_title')} icon="send">
      {body}
    </Panel>
  );
};

type Values = { direction: 'upline' | 'downline'; toUsername: string; amount: string; paymentPassword: string };

const UplineForm = ({ targets, onTrial }: { targets: MemberTransferTargetsValue; onTrial: () => void }) => {
  const { t } = useTranslation('member');
  const symbol = targets.currencySymbol;
  const rule = useRule(symbol);
  const keys = useKeyKeeper('mt');
  const invalidate = useInvalidateMoney();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = useForm<Values>({
    defaultValues: { direction: targets.upline ? 'upline' : 'downline', toUsername: '', amount: '', paymentPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  const direction = watch('direction');
  const both = Boolean(targets.upline) && targets.toDownline;

  // A new try, valid or not, replaces the last one's message: an old "sent" never stands beside a new error.
  const clearMessages = () => {
    setFormError(null);
    setDone(null);
  };
  const onSubmit = handleSubmit(async (values) => {
    clearMessages();
    const toUsername = values.direction === 'upline' && targets.upline ? targets.upline.username : values.toUsername.trim();
    const fields = { toUsername, amount: wireAmount(values.amount) };
    try {
      const r = await sendWithKey(keys, fields, (idempotencyKey) => sendMemberTransfer({ ...fields, paymentPassword: values.paymentPassword, idempotencyKey }));
      reset({ direction: values.direction, toUsername: '', amount: '', paymentPassword: '' });
      setDone(t('upline.done', { amount: formatAmount(r.amount, { symbol }), name: r.toUsername, balance: formatAmount(r.balanceAfter, { symbol }) }));
      void invalidate();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) return onTrial();
      const shown = values.direction === 'downline' ? ['toUsername', 'amount', 'paymentPassword'] : ['amount', 'paymentPassword'];
      const placed = placeServerError(e, shown);
      (['toUsername', 'amount', 'paymentPassword'] as const).forEach((f) => placed.fields[f] && setError(f, { type: 'server', message: placed.fields[f] }));
      setFormError(placed.form);
    }
  }, clearMessages);

  return (
    <form className="mc-form mc-form--narrow" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      {both && (
        <fieldset className="mc-choices mc-choices--row">
          <legend className="mc-field__label">{t('upline.send_to')}</legend>
          {(['upline', 'downline'] as const).map((d) => (
            <label key={d} className={`mc-choice mc-choice--compact${direction === d ? ' is-checked' : ''}`}>
              <input type="radio" className="mc-choice__input" value={d} {...register('direction')} />
              <span className="mc-choice__mark" aria-hidden="true" />
              <span className="mc-choice__body">
                <span className="mc-choice__title">{t(`upline.to_${d}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {direction === 'upline' && targets.upline ? (
        <div className="mc-recipient">
          <span className="mc-recipient__avatar" aria-hidden="true">
            {targets.upline.username.slice(0, 1).toUpperCase()}
          </span>
          <span>
            <span className="mc-recipient__label">{t('upline.recipient')}</span>
            <strong className="mc-recipient__name">{targets.upline.username}</strong>
            <span className="mc-recipient__hint">{t('upline.your_upline')}</span>
          </span>
        </div>
      ) : (
        <TextField
          label={t('upline.downline_username')}
          placeholder={t('upline.downline_placeholder')}
          icon="user"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          error={errors.toUsername?.message}
          hint={t('upline.downline_hint', { count: targets.downlineCount })}
          {...register('toUsername', { validate: rule((v: string) => (direction === 'downline' ? validateUsername(v) : null)) })}
        />
      )}

      <AmountField
        label={t('upline.amount')}
        symbol={symbol}
        error={errors.amount?.message}
        hint={t('upline.available', { amount: formatAmount(targets.available, { symbol }) })}
        onAll={() => setValue('amount', targets.available, { shouldValidate: true })}
        {...register('amount', { validate: rule((v: string) => validateAmount(v, { available: targets.available })) })}
      />
      <PaymentPasswordField
        label={t('withdraw.payment_password')}
        placeholder={t('security.pp_placeholder')}
        error={errors.paymentPassword?.message}
        {...register('paymentPassword', { validate: rule(validatePresent) })}
      />
      <FormActions error={formError} success={done} busy={isSubmitting} block label={isSubmitting ? t('common.submitting') : t('upline.submit')} />
    </form>
  );
};
