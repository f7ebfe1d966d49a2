import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/use-error-text';
import { login } from '../api/session';
import { COUNTRY_CODES_KEY } from '../api/system';
import { sendSmsCode, type SmsPurpose } from '../api/verification';
import { useCountdown } from '../hooks/use-countdown';
import { useLoginSuccess } from '../hooks/use-login-success';
import { showMessage } from '../logic/guards';
import { FormError } from './form/form-error';
import { useMobileCodeFields } from './form/mobile-code-fields';

/** Spec §4 "SMS send": the code lives expiredMinutes × 60 s, one minute when the server is silent. */
export const smsCountdownSeconds = (expiredMinutes: number | undefined) => (expiredMinutes && expiredMinutes > 0 ? expiredMinutes * 60 : 60);

/** The number's fields a refused send names: the phone field shows their message. */
const PHONE_FIELDS = new Set(['mobileNum', 'mobileNo', 'countryDialingCode']);

/**
 * Hook shared by every form that sends an SMS code: validates the number first, then counts down. A
 * refusal naming the number or its country code is shown at the phone field (`onPhoneError`); a code
 * the site no longer serves also reloads the site's countries, so the list stops offering it.
 */
export const useSmsSender = (purpose: SmsPurpose) => {
  const countdown = useCountdown();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const send = async (mobileNum: string, countryDialingCode: string, validate: () => boolean, onPhoneError?: (message: string) => void) => {
    if (!validate() || sending || countdown.running) return;
    setSending(true);
    try {
      const value = await sendSmsCode(purpose, { mobileNum, countryDialingCode });
      countdown.start(smsCountdownSeconds(value.expiredMinutes));
    } catch (e) {
      const phone = isApiError(e) && e.code === 'VALIDATION_FAILED' ? e.fields.find((f) => PHONE_FIELDS.has(f.field) && f.message) : undefined;
      if (phone?.field === 'countryDialingCode') void queryClient.invalidateQueries({ queryKey: COUNTRY_CODES_KEY });
      // Spec §8: a failed SMS-code request shows the server message in a warning dialog (at the field when it names the number).
      if (phone && onPhoneError) onPhoneError(phone.message);
      else showMessage({ tone: 'warning', error: e, message: String(e) });
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
