import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildChangePasswordFormSchema, type ChangePasswordInput, DEFAULT_REGISTER_RULES } from '@apsara/contracts';
import { closeModal, Modal, openModal, useModal } from '../../../components/ui/modal';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { forgetMemberData } from '../../../lib/member-data';
import { clearSession, getLoginState } from '../../../lib/session';
import { resetPasswordWithToken } from '../api/member';
import { useRegisterSetting } from '../api/system';
import { AUTH_MODAL, showMessage } from '../logic/guards';
import { resetFailureAction } from '../logic/reset-link';
import { mapServerErrors } from '../logic/server-errors';
import { FormError } from './form/form-error';
import { NewPasswordFields } from './form/new-password-fields';

export type ResetPasswordModalProps = { token: string | null };

/** The page of an e-mailed reset link (/resetPassword?token=…): a new password, by the site's rule. */
export const ResetPasswordModal = () => {
  const { t } = useTranslation('auth');
  const { props } = useModal<ResetPasswordModalProps>(AUTH_MODAL.resetPassword);
  const requestNew = () => {
    closeModal(AUTH_MODAL.resetPassword);
    openModal(AUTH_MODAL.forgotPassword);
  };
  return (
    <Modal name={AUTH_MODAL.resetPassword} title={t('reset.title')} size="sm" className="au-modal">
      {/* Keyed by the token: another link opened later starts afresh. */}
      <ResetForm key={props.token ?? ''} token={props.token} onDeadLink={requestNew} />
    </Modal>
  );
};

const ResetForm = ({ token, onDeadLink }: { token: string | null; onDeadLink: () => void }) => {
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { data: settings } = useRegisterSetting();
  const rule = settings?.fields.password ?? DEFAULT_REGISTER_RULES.password;
  const lang = currentContentLanguage();
  const schema = useMemo(() => buildChangePasswordFormSchema(rule, lang, { requireOld: false }), [rule, lang, i18n.language]);
  const [formError, setFormError] = useState<string | null>(null);
  // A link without a well-formed token is dead before anything is sent.
  const [deadLink, setDeadLink] = useState(token === null);
  const { register, handleSubmit, formState, setError } = useForm<ChangePasswordInput>({
    resolver: zodResolver(schema) as unknown as Resolver<ChangePasswordInput>,
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPasswordWithToken({ token: token ?? '', newPassword: values.newPassword ?? '', confirmNewPassword: values.confirmNewPassword ?? '' });
      closeModal(AUTH_MODAL.resetPassword);
      // Every session of the member ended, this browser's too if it had one.
      if (getLoginState().isLogin) {
        clearSession();
        forgetMemberData(queryClient);
      }
      showMessage({ tone: 'success', message: t('reset.done'), onConfirm: () => openModal(AUTH_MODAL.login) });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (resetFailureAction(e.code) === 'requestNewLink') setDeadLink(true);
      const mapped = mapServerErrors(e, ['newPassword', 'confirmNewPassword']);
      Object.entries(mapped.fields).forEach(([name, message]) => setError(name as keyof ChangePasswordInput, { type: 'server', message }));
      setFormError(mapped.form);
    }
  });

  if (deadLink) {
    return (
      <div className="au-form">
        <FormError message={formError ?? t('reset.link_invalid')} />
        <button type="button" className="btn btn--gold btn--block au-submit" onClick={onDeadLink}>
          {t('reset.request_new')}
        </button>
      </div>
    );
  }

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <p className="au-lede">{t('reset.lede')}</p>
      <NewPasswordFields idPrefix="reset" rule={rule} lang={lang} register={register} errors={errors} />
      <FormError message={formError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={isSubmitting}>
        {isSubmitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('reset.submit')}
      </button>
    </form>
  );
};
