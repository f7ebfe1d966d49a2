import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  buildChangePasswordFormSchema,
  type ChangePasswordInput,
  DEFAULT_FLAGGED_PASSWORD,
  DEFAULT_REGISTER_RULES,
} from '@apsara/contracts';
import { closeModal, Modal, openModal, useModal } from '../../../components/ui/modal';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { clearSession, updateLoginState, type PasswordChangeReason } from '../../../lib/session';
import { changePassword, MEMBER_INFO_KEY } from '../api/member';
import { useRegisterSetting } from '../api/system';
import { AUTH_MODAL, showMessage } from '../logic/guards';
import { mapServerErrors } from '../logic/server-errors';
import { FormError } from './form/form-error';
import { NewPasswordFields } from './form/new-password-fields';
import { PasswordField } from '../../../components/ui/form/text-field';
import { forgetMemberData } from '../../../lib/member-data';

export type ChangePasswordModalProps = {
  /** Opened by spec §4 step 3: it cannot be dismissed until the password is changed. */
  forced?: boolean;
  reason?: PasswordChangeReason;
};

/** Spec §2 Change password popup (old, new, confirm), checked by the server's own rules. */
export const ChangePasswordModal = () => {
  const { t } = useTranslation('auth');
  const { props } = useModal<ChangePasswordModalProps>(AUTH_MODAL.changePassword);
  const forced = Boolean(props.forced);
  const title = forced ? t('cpw.title_forced') : t('cpw.title');
  return (
    <Modal name={AUTH_MODAL.changePassword} title={title} showClose={!forced} size="sm" className="au-modal">
      {forced && (
        <div className="au-notice au-notice--warning">
          <p>{props.reason === 'expired' ? t('cpw.reason_expired') : props.reason === 'reset' ? t('cpw.reason_reset') : t('cpw.reason_default')}</p>
        </div>
      )}
      <ChangePasswordForm knownOld={props.reason === 'defaultPassword' ? DEFAULT_FLAGGED_PASSWORD : undefined} />
      {forced && (
        // Not a way around the change: signing out ends the session, and the next sign-in asks again.
        <button type="button" className="btn btn--quiet btn--block au-cpw-logout" onClick={() => openModal(AUTH_MODAL.logoutConfirm)}>
          {t('cpw.logout_instead')}
        </button>
      )}
    </Modal>
  );
};

const ChangePasswordForm = ({ knownOld }: { knownOld?: string }) => {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: settings } = useRegisterSetting();
  const rule = settings?.fields.password ?? DEFAULT_REGISTER_RULES.password;
  const lang = currentContentLanguage();
  const schema = useMemo(
    () => buildChangePasswordFormSchema(rule, lang, { requireOld: knownOld === undefined }),
    [rule, lang, knownOld, i18n.language],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ChangePasswordInput>({
    resolver: zodResolver(schema) as unknown as Resolver<ChangePasswordInput>,
    defaultValues: { oldPassword: knownOld ?? '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await changePassword({
        oldPassword: knownOld ?? values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        confirmNewPassword: values.confirmNewPassword ?? '',
      });
      closeModal(AUTH_MODAL.changePassword);
      if (result.reloginRequired) {
        // The server ended every session of this member: sign in again with the new password.
        clearSession();
        forgetMemberData(queryClient);
        navigate('/', { replace: true });
        showMessage({ tone: 'success', message: t('cpw.saved_relogin'), onConfirm: () => openModal(AUTH_MODAL.login) });
        return;
      }
      updateLoginState({ passwordChangeRequired: false, afterLoginModal: true });
      void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY });
      navigate('/');
      showMessage({ tone: 'success', message: t('cpw.saved') });
    } catch (e) {
      if (!isApiError(e)) throw e;
      const shown = knownOld === undefined ? ['oldPassword', 'newPassword', 'confirmNewPassword'] : ['newPassword', 'confirmNewPassword'];
      const mapped = mapServerErrors(e, shown);
      Object.entries(mapped.fields).forEach(([name, message]) => setError(name as keyof ChangePasswordInput, { type: 'server', message }));
      setFormError(mapped.form);
    }
  });

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      {knownOld === undefined && (
        <PasswordField
          id="cpw-old"
          label={t('field.oldPassword')}
          placeholder={t('field.oldPassword_placeholder')}
          autoComplete="current-password"
          maxLength={128}
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
      )}
      <NewPasswordFields idPrefix="cpw" rule={rule} lang={lang} register={register} errors={errors} />
      <FormError message={formError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={isSubmitting}>
        {isSubmitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('cpw.submit')}
      </button>
    </form>
  );
};
