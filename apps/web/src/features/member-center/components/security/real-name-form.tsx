import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { MEMBER_KEYS } from '../../api/keys';
import { setRealName } from '../../api/security';
import { useRule } from '../../hooks/use-problem-text';
import { validateRealName } from '../../logic/forms';
import { placeServerError } from '../../logic/server-errors';
import { TextField } from '../common/fields';
import { FormActions } from '../common/form-error';

/** Sets the real name once; bank cards must carry it, and only support can change it afterwards. */
export const RealNameForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('member');
  const rule = useRule();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ realName: string }>({ defaultValues: { realName: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ realName }) => {
    setFormError(null);
    try {
      await setRealName({ realName: realName.trim() });
      await Promise.all([MEMBER_KEYS.security, MEMBER_KEYS.withdrawSettings].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const placed = placeServerError(e, ['realName']);
      if (placed.fields.realName) setError('realName', { type: 'server', message: placed.fields.realName });
      setFormError(placed.form);
      if (e.code === 'REAL_NAME_ALREADY_SET') void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.security });
    }
  });

  return (
    <form className="mc-form mc-form--narrow" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="mc-note">{t('security.real_name_once')}</p>
      <TextField
        label={t('security.real_name')}
        placeholder={t('security.real_name_placeholder')}
        icon="idCard"
        autoComplete="name"
        maxLength={64}
        error={errors.realName?.message}
        {...register('realName', { validate: rule(validateRealName) })}
      />
      <FormActions error={formError} busy={isSubmitting} label={t('security.save')} />
    </form>
  );
};
