import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_CONFIRM_CODE_LENGTH, type LoginChallenge, type LoginValue } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';
import { ShieldIcon, TextField } from '../../../components/ui/form/text-field';
import { confirmLogin, resendLoginCode } from '../api/session';
import { useCountdown } from '../hooks/use-countdown';
import { formatMinutes, isCompleteCode, isDeadChallenge, normalizeCode } from '../logic/login-confirmation';
import { FormError } from './form/form-error';

export type LoginConfirmStepProps = {
  challenge: LoginChallenge;
  /** Back to the username and password (the challenge is left to expire). */
  onBack: () => void;
  /** The session the code opened: the normal login-success flow takes over. */
  onConfirmed: (value: LoginValue) => Promise<void>;
  idPrefix: string;
};

/**
 * Spec §2 "Two-factor login confirmation": after a right password from an address new to the account,
 * the code sent to the member's phone or e-mail (shown masked) confirms it is them.
 */
export const LoginConfirmStep = ({ challenge: initial, onBack, onConfirmed, idPrefix }: LoginConfirmStepProps) => {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState(initial);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const [busy, setBusy] = useState(false);
  const resend = useCountdown();
  const expiry = useCountdown();
  const input = useRef<HTMLInputElement>(null);
  const titleId = `${idPrefix}-confirm-title`;

  useEffect(() => {
    resend.start(initial.resendIn);
    expiry.start(initial.expiresIn);
    input.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A code past its minutes can't be right any more: say so rather than let the member type it.
  const expiryStarted = useRef(false);
  useEffect(() => {
    if (expiry.running) {
      expiryStarted.current = true;
      return;
    }
    if (expiryStarted.current && !dead) {
      setDead(true);
      setFormError(t('confirm.expired'));
    }
  }, [expiry.running]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setNotice(null);
    if (!isCompleteCode(code)) {
      setCodeError(t('confirm.code_invalid', { digits: LOGIN_CONFIRM_CODE_LENGTH }));
      input.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      const value = await confirmLogin({ challengeId: challenge.challengeId, code });
      await onConfirmed(value);
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (isDeadChallenge(err.code)) {
        setDead(true);
        setFormError(err.message);
      } else if (err.code === 'LOGIN_CODE_WRONG' || err.code === 'VALIDATION_FAILED') {
        setCodeError(err.message);
        setCode('');
        input.current?.focus();
      } else setFormError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const askAgain = async () => {
    setFormError(null);
    setNotice(null);
    try {
      const next = await resendLoginCode(challenge.challengeId);
      setChallenge(next);
      resend.start(next.resendIn);
      expiry.start(next.expiresIn);
      setCode('');
      setCodeError(null);
      setNotice(t('confirm.resent'));
      input.current?.focus();
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (isDeadChallenge(err.code)) setDead(true);
      if (typeof err.data.resendIn === 'number') resend.start(err.data.resendIn);
      setFormError(err.message);
    }
  };

  return (
    <section className="au-confirm" aria-labelledby={titleId}>
      <div className="au-confirm__badge" aria-hidden="true">
        <ShieldIcon />
      </div>
      <h3 id={titleId} className="au-confirm__title">
        {t('confirm.title')}
      </h3>
      <p className="au-confirm__why">{t('confirm.why')}</p>
      <p className="au-confirm__sent">
        {t(challenge.channel === 'sms' ? 'confirm.sent_sms' : 'confirm.sent_email')} <strong className="au-confirm__to">{challenge.to}</strong>
      </p>

      {dead ? (
        <div className="au-form">
          <FormError message={formError} />
          <button type="button" className="btn btn--gold btn--block au-submit" onClick={onBack}>
            {t('confirm.again')}
          </button>
        </div>
      ) : (
        <form className="au-form" onSubmit={submit} noValidate aria-busy={busy}>
          <TextField
            ref={input}
            id={`${idPrefix}-confirm-code`}
            className="au-confirm__code"
            label={t('confirm.code')}
            placeholder={t('confirm.code_placeholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={LOGIN_CONFIRM_CODE_LENGTH + 6}
            value={code}
            onChange={(e) => setCode(normalizeCode(e.target.value))}
            error={codeError ?? undefined}
            hint={expiry.running ? t('confirm.expires_in', { time: formatMinutes(expiry.left) }) : undefined}
          />
          {notice && (
            <p className="au-confirm__notice" role="status">
              {notice}
            </p>
          )}
          <FormError message={formError} />
          <button type="submit" className="btn btn--gold btn--block au-submit" disabled={busy}>
            {busy ? <span className="au-spinner" aria-hidden="true" /> : null}
            {t('confirm.submit')}
          </button>
          <div className="au-form__row au-confirm__links">
            <button type="button" className="au-link" onClick={onBack}>
              {t('confirm.back')}
            </button>
            <button type="button" className="au-link au-link--gold" onClick={() => void askAgain()} disabled={resend.running}>
              {resend.running ? t('confirm.resend_in', { seconds: resend.left }) : t('confirm.resend')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
};
