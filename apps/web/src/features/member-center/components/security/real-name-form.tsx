import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { setRealName } from '../../api/security';
import { useRule } from '../../../../lib/use-problem-text';
import { validateRealName } from '../../logic/forms';
import { placeServerError } from '../../../../lib/server-errors';
import { TextField } from '../../../../components/ui/member/fields';
import { FormActions } from '../../../../components/ui/member/form-error';

/**
 * Sets the real name once; bank cards must carry it, and only support can change it afterwards. So the
 * name is saved only after the member has seen it written out and confirmed it.
 */
export const RealNameForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('member');
  const rule = useRule();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // The name as it will be saved, while the member is asked to confirm it.
  const [confirming, setConfirming] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ realName: string }>({ defaultValues: { realName: '' } });
  const { errors } = formState;

  // Submitting the form (Save, or Enter in the field) only asks for the confirmation. Saving takes
  // the confirmation's own button, which is not where Save was: a double click or a second Enter
  // cannot save a name nobody has read.
  const onSubmit = handleSubmit(({ realName }) => {
    setFormError(null);
    if (confirming === null) setConfirming(realName.trim().replace(/\s+/g, ' '));
  });

  const save = async (name: string) => {
    setSaving(true);
    try {
      await setRealName({ realName: name });
      await Promise.all([MEMBER_KEYS.security, MEMBER_KEYS.withdrawSettings].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setConfirming(null);
      const placed = placeServerError(e, ['realName']);
      if (placed.fields.realName) setError('realName', { type: 'server', message: placed.fields.realName });
      setFormError(placed.form);
      if (e.code === 'REAL_NAME_ALREADY_SET') void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.security });
    } finally {
      setSaving(false);
    }
  };

  const edit = () => {
    setConfirming(null);
    // The box that held this button is gone: the member goes on in the name field.
    setTimeout(() => setFocus('realName'), 0);
  };

  return (
    <form className="mc-form mc-form--narrow" onSubmit={onSubmit} noValidate aria-busy={saving}>
      <p className="mc-note">{t('security.real_name_once')}</p>
      <TextField
        label={t('security.real_name')}
        placeholder={t('security.real_name_placeholder')}
        icon="idCard"
        autoComplete="name"
        maxLength={64}
        error={errors.realName?.message}
        readOnly={confirming !== null}
        {...register('realName', { validate: rule(validateRealName) })}
      />
      {confirming === null ? (
        <FormActions error={formError} busy={false} label={t('security.save')} />
      ) : (
        <div className="mc-confirm" role="alert">
          <p>{t('security.real_name_confirm', { name: confirming })}</p>
          <div className="mc-confirm__actions">
            <button type="button" className="btn btn--gold btn--sm" onClick={() => void save(confirming)} disabled={saving}>
              {saving && <span className="mc-spinner" aria-hidden="true" />}
              {t('security.real_name_confirm_yes')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={edit} disabled={saving}>
              {t('security.real_name_edit')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
};
