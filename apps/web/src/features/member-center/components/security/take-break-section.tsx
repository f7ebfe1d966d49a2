import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SELF_EXCLUSION_DAYS, SELF_EXCLUSION_PERIODS, type SelfExclusionPeriod } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { PasswordField } from '../../../../components/ui/member/fields';
import { FormError } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { isApiError } from '../../../../lib/api';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { clearSession } from '../../../../lib/session';
import { useShellActions } from '../../../../lib/shell-actions';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { takeBreak } from '../../api/security';
import { breakEndsAt } from '../../logic/take-break';

/**
 * Taking a break (docs/responsible-play.md): the member chooses how long, confirms with the login
 * password and that they understand nobody can end it early; every session ends, and the site refuses
 * their sign-in until it is over. The form says the end it would have before it is sent.
 */
export const TakeBreakSection = () => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const navigate = useNavigate();
  const { showMessage } = useShellActions();
  const [period, setPeriod] = useState<SelfExclusionPeriod | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<{ period?: string; password?: string; understood?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A moment in the site's time with its offset, as the sign-in refusal writes it.
  const siteMoment = (iso: string) => `${formatDateTime(iso, zone)} (${gmtLabel(zone, new Date(iso))})`;
  const ends = period ? siteMoment(breakEndsAt(period, new Date()).toISOString()) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const next = {
      period: period ? undefined : t('break.need_period'),
      password: password ? undefined : t('break.need_password'),
      understood: understood ? undefined : t('break.need_understood'),
    };
    setErrors(next);
    setFormError(null);
    if (next.period || next.password || next.understood || !period) return;
    setSending(true);
    try {
      const { excludedUntil } = await takeBreak({ period, password });
      // The server has ended every session, this one too: the device forgets it and goes home.
      clearSession();
      navigate('/', { replace: true });
      showMessage(t('break.started', { time: siteMoment(excludedUntil) }), 'info');
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.code === 'LOGIN_PASSWORD_WRONG') setErrors({ password: err.message });
      else setFormError(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel id="mc-break" title={t('break.title')} icon="clock">
      <p className="mc-break__lead">{t('break.lead')}</p>
      <form className="mc-form mc-form--narrow" onSubmit={submit} noValidate aria-busy={sending}>
        <fieldset className="mc-choices mc-break__periods" aria-describedby={errors.period ? 'mc-break-period-error' : undefined}>
          <legend className="mc-field__label">{t('break.period')}</legend>
          {SELF_EXCLUSION_PERIODS.map((p) => (
            <label key={p} className={`mc-choice${period === p ? ' is-checked' : ''}`}>
              <input type="radio" name="break-period" className="mc-choice__input" value={p} checked={period === p} onChange={() => setPeriod(p)} disabled={sending} />
              <span className="mc-choice__mark" aria-hidden="true" />
              <span className="mc-choice__body">
                <span className="mc-choice__title">{t('break.days', { count: SELF_EXCLUSION_DAYS[p] })}</span>
              </span>
            </label>
          ))}
          {errors.period && (
            <p id="mc-break-period-error" className="mc-field__error" role="alert">
              {errors.period}
            </p>
          )}
        </fieldset>
        {ends && (
          <p className="mc-callout mc-break__ends" role="status">
            <Icon name="clock" size={16} />
            {t('break.ends', { time: ends })}
          </p>
        )}
        <PasswordField
          label={t('security.login_password_current')}
          placeholder={t('security.login_password_placeholder')}
          autoComplete="current-password"
          maxLength={64}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={sending}
        />
        <label className="mc-check">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} disabled={sending} aria-invalid={errors.understood ? true : undefined} aria-describedby={errors.understood ? 'mc-break-understood-error' : undefined} />
          <span>{t('break.understood')}</span>
        </label>
        {errors.understood && (
          <p id="mc-break-understood-error" className="mc-field__error" role="alert">
            {errors.understood}
          </p>
        )}
        <FormError message={formError} />
        <button type="submit" className="btn mc-break__go" disabled={sending}>
          {sending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="lock" size={16} />}
          {t('break.submit')}
        </button>
      </form>
    </Panel>
  );
};
