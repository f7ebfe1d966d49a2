import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REGISTER_RULES, validateField, validationMessage } from '@apsara/contracts';
import { closeModal, Modal, openModal } from '../../../components/ui/modal';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { forgotPasswordByEmail, forgotPasswordByPhone } from '../api/member';
import { useRegisterSetting, useWhitelabel } from '../api/system';
import { AUTH_MODAL, showMessage } from '../logic/guards';
import { FormError } from './form/form-error';
import { type TabItem, Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { MailIcon, PasswordField, TextField, UserIcon } from '../../../components/ui/form/text-field';
import { useMobileCodeFields } from './form/mobile-code-fields';

type Tab = 'email' | 'mobile';
type Errors = Partial<Record<'username' | 'email', string>>;

/** Spec §2 Forgot password: e-mail mode always; mobile mode when phone reset (MOBILENUMPASSREG3) is on. */
export const ForgotPasswordModal = () => {
  const { t } = useTranslation('auth');
  const { data: flags } = useWhitelabel();
  const [tab, setTab] = useState<Tab>('email');
  const items: TabItem<Tab>[] = [{ key: 'email', label: t('forgot.tab_email') }];
  if (flags?.MOBILENUMPASSREG3) items.push({ key: 'mobile', label: t('forgot.tab_mobile') });
  const active = items.some((i) => i.key === tab) ? tab : 'email';

  const backToLogin = () => {
    closeModal(AUTH_MODAL.forgotPassword);
    openModal(AUTH_MODAL.login);
  };

  return (
    <Modal name={AUTH_MODAL.forgotPassword} title={t('forgot.title')} size="sm" className="au-modal">
      <p className="au-lede">{active === 'email' ? t('forgot.lede_email') : t('forgot.lede_mobile')}</p>
      <Tabs items={items} value={active} onChange={setTab} label={t('forgot.tabs_label')} idBase="forgot" className="au-tabs" />
      <div {...(items.length > 1 ? tabPanelProps('forgot', active) : {})}>{active === 'email' ? <EmailReset /> : <PhoneReset />}</div>
      <p className="au-switch">
        <button type="button" className="au-link au-link--gold" onClick={backToLogin}>
          {t('forgot.back_to_login')}
        </button>
      </p>
    </Modal>
  );
};

const useSubmit = () => {
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>, success: string) => {
    setServerError(null);
    setSubmitting(true);
    try {
      await call();
      closeModal(AUTH_MODAL.forgotPassword);
      showMessage({ tone: 'success', message: success, onConfirm: () => openModal(AUTH_MODAL.login) });
    } catch (e) {
      if (!isApiError(e)) throw e;
      setServerError(e.message);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, serverError, run };
};

const EmailReset = () => {
  const { t } = useTranslation('auth');
  const { data: settings } = useRegisterSetting();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { submitting, serverError, run } = useSubmit();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const lang = currentContentLanguage();
    const emailRule = settings?.fields.email ?? DEFAULT_REGISTER_RULES.email;
    const next: Errors = {
      username: username.trim() ? undefined : validationMessage('inputEmpty', lang),
      email: validateField('email', email, { ...emailRule, enabled: true, required: true }, lang) ? validationMessage('emailFormat', lang) : undefined,
    };
    setErrors(next);
    if (next.username || next.email) return;
    void run(() => forgotPasswordByEmail({ username: username.trim(), email: email.trim() }), t('forgot.sent_email'));
  };

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <TextField
        id="forgot-username"
        label={t('field.username')}
        placeholder={t('field.username_placeholder')}
        autoComplete="username"
        autoCapitalize="none"
        maxLength={64}
        icon={<UserIcon />}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
      />
      <TextField
        id="forgot-email"
        label={t('field.email')}
        placeholder={t('field.email_placeholder')}
        type="email"
        autoComplete="email"
        maxLength={254}
        icon={<MailIcon />}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <FormError message={serverError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={submitting}>
        {submitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('forgot.submit')}
      </button>
    </form>
  );
};

const PhoneReset = () => {
  const { t } = useTranslation('auth');
  const { data: settings } = useRegisterSetting();
  const mobile = useMobileCodeFields('forgot', 'reset');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const { submitting, serverError, run } = useSubmit();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const rule = settings?.fields.password ?? DEFAULT_REGISTER_RULES.password;
    const errors = mobile.validate();
    const pwError = validateField('password', password, { ...rule, enabled: true, required: true }, currentContentLanguage())?.message;
    setPasswordError(pwError);
    if (errors.mobileNum || errors.verificationCode || pwError) return;
    void run(() => forgotPasswordByPhone({ ...mobile.values, newPassword: password }), t('forgot.reset_done'));
  };

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      {mobile.fields}
      <PasswordField
        id="forgot-new-password"
        label={t('field.newPassword')}
        placeholder={t('field.newPassword_placeholder')}
        autoComplete="new-password"
        maxLength={128}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      <FormError message={serverError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={submitting}>
        {submitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('forgot.submit_reset')}
      </button>
    </form>
  );
};
