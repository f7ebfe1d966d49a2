import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';
import { PasswordField } from '../../../../components/ui/member/fields';
import { isApiError } from '../../../../lib/api';
import { useChangeOwnPassword } from '../../api/operators';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN, ownPasswordProblems } from '../../logic/operators';
import { BoProblem } from '../common/states';
import { FormActions } from '../common/form-dialog';

const NAME = 'bo-own-password';

type Values = { currentPassword: string; newPassword: string; repeat: string };

/** "Change my password" (POST /ops/me/password), for every operator, from the top bar's menu. */
export const OwnPasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('ops');
  useEffect(() => {
    if (open) openModal(NAME);
    else closeModal(NAME);
  }, [open]);
  useEffect(() => () => closeModal(NAME), []);
  if (!open) return null;
  return (
    <Modal name={NAME} title={t('password.own_title')} size="sm" onClose={onClose} className="bo-dialog">
      <OwnPasswordForm onClose={onClose} />
    </Modal>
  );
};

const OwnPasswordForm = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation('ops');
  const change = useChangeOwnPassword();
  const [failure, setFailure] = useState<unknown>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const resolver = useMemo<Resolver<Values>>(
    () => async (values) => {
      const problems = ownPasswordProblems(values);
      const entries = Object.entries(problems);
      if (!entries.length) return { values, errors: {} };
      const errors = Object.fromEntries(entries.map(([field, rule]) => [field, { type: rule, message: t(`password.rule.${rule}`, { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX }) }]));
      return { values: {}, errors };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const form = useForm<Values>({ resolver, defaultValues: { currentPassword: '', newPassword: '', repeat: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const done = await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword });
      setEnded(done.sessionsEnded);
    } catch (e) {
      if (isApiError(e) && e.code === 'OPERATOR_PASSWORD_WRONG') {
        form.setError('currentPassword', { type: 'server', message: e.message });
        form.setValue('currentPassword', '');
        form.setFocus('currentPassword');
      } else if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const f of e.fields) if (f.field === 'currentPassword' || f.field === 'newPassword') form.setError(f.field, { type: 'server', message: f.message || e.message });
      }
      setFailure(e);
    }
  });

  if (ended !== null)
    return (
      <div className="bo-decision">
        <div className="bo-notice" role="status">
          <Icon name="check" size={18} />
          <span>
            {t('password.own_done')} {t('password.others_ended', { count: ended })}
          </span>
        </div>
        <div className="bo-decision__actions">
          <button type="button" className="btn btn--gold" onClick={onClose} data-autofocus>
            {t('password.done')}
          </button>
        </div>
      </div>
    );

  return (
    <form className="bo-decision" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="bo-decision__consequence">{t('password.own_consequence')}</p>
      <PasswordField id="bo-own-current" label={t('password.current')} autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      <PasswordField
        id="bo-own-new"
        label={t('password.new')}
        hint={t('password.rule_hint', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordField id="bo-own-repeat" label={t('password.repeat')} autoComplete="new-password" error={errors.repeat?.message} {...form.register('repeat')} />
      {!isApiError(failure) || (failure.code !== 'OPERATOR_PASSWORD_WRONG' && failure.code !== 'VALIDATION_FAILED') ? <BoProblem error={failure} /> : null}
      <FormActions onCancel={onClose} submitting={isSubmitting} label={t('password.own_submit')} />
    </form>
  );
};
