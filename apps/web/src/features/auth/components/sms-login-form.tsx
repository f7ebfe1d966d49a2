import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/use-error-text';
import { login } from '../api/session';
import { sendSmsCode, type SmsPurpose } from '../api/verification';
import { useCountdown } from '../hooks/use-countdown';
import { useLoginSuccess } from '../hooks/use-login-success';
import { showMessage } from '../logic/guards';
import { FormError } from './form/form-error';
import { useMobileCodeFields } from './form/mobile-code-fields';

/** Spec §4 "SMS send": the code lives expiredMinutes × 60 s, one minute when the server is silent. */
export const smsCountdownSeconds = (expiredMinutes: number | undefined) => (expiredMinutes && expiredMinutes > 0 ? expiredMinutes * 60 : 60);

/** Hook shared by every form that sends an SMS code: validates the number first, then counts down. */
export const useSmsSender = (purpose: SmsPurpose) => {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async (mobileNum: string, countryDialingCode: string, validate: () => boolean) => {
    if (!validate() || sending || countdown.running) return;
    setSending(true);
    try {
      const value = await sendSmsCode(purpose, { mobileNum, countryDialingCode });
      countdown.start(smsCountdownSeconds(value.expiredMinutes));
    } catch (e) {
      // Spec §8: a failed SMS-code request shows the server message in a warning dialog.
      showMessage({ tone: 'warning', error: e, message: String(e) });
      // Throttle a retry for a second even on failure (spec §5: SMS send at most once per second).
      countdown.start(1);
    } finally {
      setSending(false);
    }
  };
  return { send, sending, secondsLeft: countdown.left };
};

/** Mobile number + SMS code login (shown only when MOBILEVERCODELOGIN3 is on). */
export const SmsLoginForm = () => {
  const { t } = useTranslation('auth');
  const onLoginSuccess = useLoginSuccess();
  const mobile = useMobileCodeFields('login-sms');
  // The failed call itself, worded at render so its message follows a language switch.
  const [serverError, setServerError] = useState<unknown>(null);
  const errorText = useErrorText();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const errors = mobile.validate();
    if (errors.mobileNum || errors.verificationCode) return;
    setSubmitting(true);
    try {
      const value = await login({ type: 'sms', ...mobile.values, portal: 'member' });
      await onLoginSuccess(value, { loginType: 'sms', portal: 'member' });
    } catch (err) {
      if (!isApiError(err)) throw err;
      setServerError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      {mobile.fields}
      <FormError message={serverError ? errorText(serverError, '') : null} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={submitting}>
        {submitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('login.submit')}
      </button>
    </form>
  );
};
