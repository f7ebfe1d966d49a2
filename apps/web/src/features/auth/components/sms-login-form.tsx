import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REGISTER_RULES, validateField, validationMessage } from '@apsara/contracts';
import { currentContentLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { login } from '../api/session';
import { useRegisterSetting } from '../api/system';
import { sendSmsCode } from '../api/verification';
import { useCountdown } from '../hooks/use-countdown';
import { useLoginSuccess } from '../hooks/use-login-success';
import { showMessage } from '../logic/guards';
import { FormError } from './form/form-error';
import { DEFAULT_DIALING_CODE, PhoneField, SmsCodeField } from './form/phone-field';

/** Spec §4 "SMS send": the code lives expiredMinutes × 60 s, one minute when the server is silent. */
export const smsCountdownSeconds = (expiredMinutes: number | undefined) => (expiredMinutes && expiredMinutes > 0 ? expiredMinutes * 60 : 60);

/** Hook shared by every form that sends an SMS code: validates the number first, then counts down. */
export const useSmsSender = (purpose: 'noLogin' | 'register') => {
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
      showMessage({ tone: 'warning', message: isApiError(e) ? e.message : String(e) });
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
  const { data: settings } = useRegisterSetting();
  const onLoginSuccess = useLoginSuccess();
  const sms = useSmsSender('noLogin');
  const [dialingCode, setDialingCode] = useState(DEFAULT_DIALING_CODE);
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobileNum?: string; verificationCode?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const mobileError = () => {
    const rule = settings?.fields.mobileNum ?? DEFAULT_REGISTER_RULES.mobileNum;
    return validateField('mobileNum', mobileNum, { ...rule, enabled: true, required: true }, currentContentLanguage())?.message;
  };
  const checkMobile = () => {
    const message = mobileError();
    setErrors((prev) => ({ ...prev, mobileNum: message }));
    return !message;
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const lang = currentContentLanguage();
    const next = {
      mobileNum: mobileError(),
      verificationCode: code.trim() ? undefined : validationMessage('verificationCodeInvalid', lang),
    };
    setErrors(next);
    if (next.mobileNum || next.verificationCode) return;
    setSubmitting(true);
    try {
      const value = await login({ type: 'sms', mobileNum: mobileNum.trim(), countryDialingCode: dialingCode, verificationCode: code.trim(), portal: 'member' });
      await onLoginSuccess(value, { loginType: 'sms', portal: 'member' });
    } catch (err) {
      if (!isApiError(err)) throw err;
      setServerError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="au-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <PhoneField
        id="login-sms-mobile"
        value={mobileNum}
        onChange={(e) => setMobileNum(e.target.value)}
        onBlur={() => mobileNum && checkMobile()}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        error={errors.mobileNum}
        maxLength={20}
      />
      <SmsCodeField
        id="login-sms-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.verificationCode}
        secondsLeft={sms.secondsLeft}
        sending={sms.sending}
        onSend={() => void sms.send(mobileNum.trim(), dialingCode, checkMobile)}
      />
      <FormError message={serverError} />
      <button type="submit" className="btn btn--gold btn--block au-submit" disabled={submitting}>
        {submitting ? <span className="au-spinner" aria-hidden="true" /> : null}
        {t('login.submit')}
      </button>
    </form>
  );
};
