import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { validationMessage, type LoginChallenge, type LoginValue } from '@apsara/contracts';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { login } from '../api/session';
import { useCaptcha } from '../../../lib/captcha';
import { useLoginSuccess } from '../hooks/use-login-success';
import type { LoginPortal } from '../logic/decide-after-login';
import { forgetUsername, readRememberedUsername, rememberUsername } from '../logic/remember-me';
import { challengeOf } from '../logic/login-confirmation';
import { LoginConfirmStep } from './login-confirm-step';
import { CaptchaField } from '../../../components/ui/form/captcha-field';
import { Checkbox } from './form/checkbox';
import { FormError } from './form/form-error';
import { PasswordField, TextField, UserIcon } from '../../../components/ui/form/text-field';

export type LoginFormProps = {
  /** 'agent' on the agent login page: the server refuses non-agents there. */
  portal?: LoginPortal;
  /** Remember-me checkbox; hidden on the agent page (spec §2). Defaults to true for members. */
  showRemember?: boolean;
  /** Forgot-password link under the password. */
  onForgotPassword?: () => void;
  /** Id prefix so two forms on one page never share ids. */
  idPrefix?: string;
};

const buildSchema = (captchaShown: boolean) => {
  const lang = currentContentLanguage();
  const required = (key: 'inputEmpty' | 'captchaRequired' = 'inputEmpty') => z.string().trim().min(1, validationMessage(key, lang));
  return z.object({
    username: required(),
    // Spec §5: username and password are trimmed for login.
    password: required(),
    captcha: captchaShown ? required('captchaRequired') : z.string().optional(),
    remember: z.boolean().optional(),
  });
};
type Values = z.infer<ReturnType<typeof buildSchema>>;

/** Username + password login (spec §2 Login popup, §5 Login). Shared by the popup and the agent page. */
export const LoginForm = ({ portal = 'member', showRemember = portal === 'member', onForgotPassword, idPrefix = 'login' }: LoginFormProps) => {
  const { t, i18n } = useTranslation('auth');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const captcha = useCaptcha(captchaShown);
  const onLoginSuccess = useLoginSuccess();
  // A sign-in from a new address waits for its code (spec §2 two-factor login confirmation); what was
  // typed is kept only in memory until then, for remember-me and the after-login decision.
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const pending = useRef<{ username: string; password: string; remember: boolean } | null>(null);
  const schema = useMemo(() => buildSchema(captchaShown), [captchaShown, i18n.language]);

  const [remembered] = useState(() => (showRemember ? readRememberedUsername() : null));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: remembered ?? '', password: '', captcha: '', remember: Boolean(remembered) },
  });
  const { register, handleSubmit, formState, setValue } = form;
  const { errors, isSubmitting } = formState;

  // A re-validation after a language switch shows the messages in the new language.
  useEffect(() => {
    if (formState.isSubmitted) void form.trigger();
  }, [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const finish = async (value: LoginValue, typed: { username: string; password: string; remember: boolean }) => {
    if (showRemember) {
      if (typed.remember) rememberUsername(typed.username);
      else forgetUsername();
    }
    await onLoginSuccess(value, { loginType: 'username', portal, password: typed.password });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const username = values.username.trim();
    const password = values.password.trim();
    try {
      const value = await login({
        type: 'username',
        username,
        password,
        portal,
        ...(captchaShown ? { captcha: values.captcha?.trim(), captchaId: captcha.captchaId ?? undefined } : {}),
      });
      await finish(value, { username, password, remember: Boolean(values.remember) });
    } catch (e) {
      if (!isApiError(e)) throw e;
      const asked = challengeOf(e);
      if (asked) {
        pending.current = { username, password, remember: Boolean(values.remember) };
        setChallenge(asked);
        return;
      }
      setServerError(e.message);
      if (e.data.captchaRequired === true) setCaptchaShown(true);
      // A captcha is single use: every failed attempt needs a fresh one.
      if (captchaShown || e.data.captchaRequired === true) {
        setValue('captcha', '');
        if (captchaShown) captcha.refresh();
      }
    }
  });

  if (challenge && pending.current) {
    const typed = pending.current;
    return (
      <LoginConfirmStep
        challenge={challenge}
        idPrefix={idPrefix}
        onConfirmed={(value) => finish(value, typed)}
        onBack={() => {
          pending.current = null;
          setChallenge(null);
          setValue('password', '');
        }}
      />
    );
  }

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <TextField
        id={`${idPrefix}-username`}
        label={t('field.username')}
        placeholder={t('field.username_placeholder')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        icon={<UserIcon />}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        label={t('field.password')}
        placeholder={t('field.password_placeholder')}
        autoComplete="current-password"
        maxLength={128}
        error={errors.password?.message}
        {...register('password')}
      />
      {captchaShown && <CaptchaField id={`${idPrefix}-captcha`} captcha={captcha} error={errors.captcha?.message} {...register('captcha')} />}

      {(showRemember || onForgotPassword) && (
        <div className="au-form__row">
          {showRemember ? <Checkbox id={`${idPrefix}-remember`} label={t('login.remember')} {...register('remember')} /> : <span />}
          {onForgotPassword && (
            <button type="button" className="au-link" onClick={onForgotPassword}>
              {t('login.forgot')}
            </button>
          )}
        </div>
      )}

      <FormError message={serverError} />

      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={isSubmitting}>
        {isSubmitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('login.submit')}
      </button>
    </form>
  );
};
