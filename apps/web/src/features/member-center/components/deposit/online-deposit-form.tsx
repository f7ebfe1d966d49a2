import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@apsara/contracts';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { createOnlineDeposit } from '../../api/deposit';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useRule } from '../../../../lib/use-problem-text';
import { sendWithKey } from '../../../../lib/idempotency';
import { safePayUrl } from '../../logic/pay-url';
import { isTrialError, placeServerError } from '../../../../lib/server-errors';
import { AmountField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';
import { TrialBlocked } from '../../../../components/ui/member/states';
import { AmountChips } from './amount-chips';
import { validateAmount, wireAmount } from '../../../../lib/field-rules';

type Values = { amount: string };

/** An online payment: opens an order, then the browser goes to the provider's payment page. */
export const OnlineDepositForm = ({ channel, symbol }: { channel: DepositChannel; symbol: string }) => {
  const { t } = useTranslation('member');
  const rule = useRule(symbol);
  const keys = useKeyKeeper('pay');
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [trial, setTrial] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<Values>({ defaultValues: { amount: '' } });
  const { errors, isSubmitting } = formState;
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const fields = { channelId: channel.id, amount: wireAmount(values.amount) };
    try {
      const order = await sendWithKey(keys, fields, (idempotencyKey) => createOnlineDeposit({ ...fields, idempotencyKey }));
      const url = safePayUrl(order.payUrl, window.location.origin);
      if (!url) {
        setFormError(t('deposit.pay_url_invalid'));
        return;
      }
      setRedirecting(true);
      window.location.assign(url);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) {
        setTrial(true);
        return;
      }
      const placed = placeServerError(e, ['amount']);
      if (placed.fields.amount) setError('amount', { type: 'server', message: placed.fields.amount });
      setFormError(placed.form);
    }
  });

  if (trial) return <TrialBlocked />;

  return (
    <form className="mc-form mc-form--narrow" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className="mc-note">
        {t('deposit.online_lede')}
        {channel.expiresMinutes !== null && <> {t('deposit.online_window', { count: channel.expiresMinutes })}</>}
      </p>
      <AmountField
        label={t('deposit.amount')}
        symbol={symbol}
        error={errors.amount?.message}
        hint={t('deposit.limits', { min: formatAmount(channel.min, { symbol }), max: formatAmount(channel.max, { symbol }) })}
        {...register('amount', { validate: rule((v: string) => validateAmount(v, { min: channel.min, max: channel.max })) })}
      />
      <AmountChips min={channel.min} max={channel.max} symbol={symbol} value={watch('amount')} disabled={busy} onPick={(v) => setValue('amount', v, { shouldValidate: true })} />
      <FormActions error={formError} busy={busy} block label={redirecting ? t('deposit.redirecting') : isSubmitting ? t('common.submitting') : t('deposit.submit_online')} />
    </form>
  );
};
