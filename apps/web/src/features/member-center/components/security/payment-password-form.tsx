import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { savePaymentPassword } from '../../api/security';
import { useRule } from '../../../../lib/use-problem-text';
import { validateConfirmation, validatePaymentPassword } from '../../logic/forms';
import { placeServerError, type PlacedErrors } from '../../../../lib/server-errors';
import { PasswordField, PaymentPasswordField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';
import { validatePresent } from '../../../../lib/field-rules';

type Values = { proof: string; newPaymentPassword: string; confirmPaymentPassword: string };

/**
 * Sets the payment password (proved by the login password) or changes it (proved by the current
 * payment password). 4–6 digits, typed twice.
 */
export const PaymentPasswordForm = ({ mode, onDone }: { mode: 'set' | 'change'; onDone: () => void }) => {
  const { t } = useTranslation('member');
  const rule = useRule();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, getValues } = useForm<Values>({ defaultValues: { proof: '', newPaymentPassword: '', confirmPaymentPassword: '' } });
  const { errors, isSubmitting } = formState;
  const proofField = mode === 'set' ? 'loginPassword' : 'oldPaymentPassword';

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await savePaymentPassword({ [proofField]: v.proof, newPaymentPassword: v.newPaymentPassword, confirmPaymentPassword: v.confirmPaymentPassword });
      await Promise.all([MEMBER_KEYS.security, MEMBER_KEYS.withdrawSettings, MEMBER_KEYS.transferTargets].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone();
    } catch (e) {
      if (!isApiError(e)) throw e;
      // The proof box stands for the server's loginPassword or oldPaymentPassword field.
      const proofWrong = e.code === 'LOGIN_PASSWORD_WRONG' || (mode === 'change' && e.code === 'PAYMENT_PASSWORD_WRONG');
      const fields = e.fields.map((f) => (f.field === proofField ? { ...f, field: 'proof' } : f));
      const placed: PlacedErrors = proofWrong ? { fields: { proof: e.message }, form: null } : placeServerError({ code: e.code, message: e.message, fields }, ['proof', 'newPaymentPassword', 'confirmPaymentPassword']);
      (['proof', 'newPaymentPassword', 'confirmPaymentPassword'] as const).forEach((f) => placed.fields[f] && setError(f, { type: 'server', message: placed.fields[f] }));
      setFormError(placed.form);
    }
  });

  return (
    <form className="mc-form mc-form--narrow" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      {mode === 'set' ? (
        <PasswordField
          label={t('security.login_password_current')}
          placeholder={t('security.login_password_placeholder')}
          autoComplete="current-password"
          maxLength={128}
          error={errors.proof?.message}
          {...register('proof', { validate: rule(validatePresent) })}
        />
      ) : (
        <PaymentPasswordField
          label={t('security.old_payment_password')}
          placeholder={t('security.pp_placeholder')}
          error={errors.proof?.message}
          {...register('proof', { validate: rule(validatePresent) })}
        />
      )}
      <PaymentPasswordField
        label={t('security.new_payment_password')}
        placeholder={t('security.pp_placeholder')}
        hint={t('security.pp_rule')}
        error={errors.newPaymentPassword?.message}
        {...register('newPaymentPassword', { validate: rule(validatePaymentPassword) })}
      />
      <PaymentPasswordField
        label={t('security.confirm_payment_password')}
        placeholder={t('security.pp_placeholder')}
        error={errors.confirmPaymentPassword?.message}
        {...register('confirmPaymentPassword', { validate: rule((v: string) => validateConfirmation(v, getValues('newPaymentPassword'))) })}
      />
      <FormActions error={formError} busy={isSubmitting} label={t('security.save')} />
    </form>
  );
};
