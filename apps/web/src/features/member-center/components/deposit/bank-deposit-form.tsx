import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@apsara/contracts';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { createBankDeposit, useDeposits } from '../../api/deposit';
import { useInvalidateMoney } from '../../../../lib/member-keys';
import { useKeyKeeper } from '../../../../lib/use-key-keeper';
import { useProblemText, useRule } from '../../../../lib/use-problem-text';
import { validateReference } from '../../logic/forms';
import { sendWithKey } from '../../../../lib/idempotency';
import { isTrialError, placeServerError } from '../../../../lib/server-errors';
import { AmountField, TextField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';
import { ImagePicker } from '../../../../components/ui/member/image-picker';
import { TrialBlocked } from '../../../../components/ui/member/states';
import { AmountChips } from './amount-chips';
import { BankDetails } from './bank-details';
import { validateAmount, wireAmount } from '../../../../lib/field-rules';

type Values = { amount: string; reference: string };

/**
 * A bank transfer reported with its receipt: amount within the channel's limits, the reference the
 * member wrote on the transfer, one png/jpg under 5 MB. Sent as multipart with an idempotency key
 * that a retry of the same form reuses.
 */
export const BankDepositForm = ({ channel, symbol }: { channel: DepositChannel; symbol: string }) => {
  const { t } = useTranslation('member');
  const rule = useRule(symbol);
  const text = useProblemText();
  const keys = useKeyKeeper('dep');
  const invalidate = useInvalidateMoney();
  const [receipt, setReceipt] = useState<File[]>([]);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ id: string; amount: string } | null>(null);
  // The note stands while the deposit waits for review: once the list beside it (the same query)
  // shows it approved or rejected, that is what the member should read.
  const latest = useDeposits({ page: 1 }, submitted !== null);
  const reviewed = submitted !== null && latest.data?.items.some((d) => d.id === submitted.id && d.status !== 'pending');
  const done = submitted && !reviewed ? t('deposit.submitted', { id: submitted.id, amount: formatAmount(submitted.amount, { symbol }) }) : null;
  const [trial, setTrial] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = useForm<Values>({ defaultValues: { amount: '', reference: '' } });
  const { errors, isSubmitting } = formState;
  const amount = watch('amount');

  const receiptMissing = () => {
    if (receipt.length) return false;
    setReceiptError(text({ key: 'errors.receipt_required' }));
    return true;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSubmitted(null);
    const file = receipt[0];
    if (!file) {
      receiptMissing();
      return;
    }
    const fields = { channelId: channel.id, amount: wireAmount(values.amount), reference: values.reference.trim() };
    try {
      // The receipt is part of what makes a submission the same one.
      const same = { ...fields, file: [file.name, file.size, file.lastModified] };
      const deposit = await sendWithKey(keys, same, (idempotencyKey) => createBankDeposit({ ...fields, idempotencyKey }, file));
      reset();
      setReceipt([]);
      setSubmitted({ id: deposit.id, amount: deposit.amount });
      void invalidate();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (isTrialError(e)) {
        setTrial(true);
        return;
      }
      const placed = placeServerError(e, ['amount', 'reference', 'receipt']);
      (['amount', 'reference'] as const).forEach((f) => placed.fields[f] && setError(f, { type: 'server', message: placed.fields[f] }));
      if (placed.fields.receipt) setReceiptError(placed.fields.receipt);
      setFormError(placed.form);
    }
  }, receiptMissing);

  if (trial) return <TrialBlocked />;

  return (
    <div className="mc-split">
      {channel.bank && <BankDetails bank={channel.bank} />}
      <form className="mc-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
        <AmountField
          label={t('deposit.amount')}
          symbol={symbol}
          error={errors.amount?.message}
          hint={t('deposit.limits', { min: formatAmount(channel.min, { symbol }), max: formatAmount(channel.max, { symbol }) })}
          {...register('amount', { validate: rule((v: string) => validateAmount(v, { min: channel.min, max: channel.max })) })}
        />
        <AmountChips min={channel.min} max={channel.max} symbol={symbol} value={amount} disabled={isSubmitting} onPick={(v) => setValue('amount', v, { shouldValidate: true })} />
        <TextField
          label={t('deposit.reference')}
          placeholder={t('deposit.reference_placeholder')}
          icon="receipt"
          maxLength={64}
          autoComplete="off"
          error={errors.reference?.message}
          hint={t('deposit.reference_hint')}
          {...register('reference', { validate: rule(validateReference) })}
        />
        <ImagePicker
          label={t('deposit.receipt')}
          files={receipt}
          max={1}
          disabled={isSubmitting}
          error={receiptError}
          onChange={(files) => {
            setReceipt(files);
            setReceiptError(undefined);
          }}
        />
        <FormActions error={formError} success={done} busy={isSubmitting} block label={isSubmitting ? t('common.submitting') : t('deposit.submit_bank')} />
      </form>
    </div>
  );
};
