import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon, type IconName } from '../icons/icons';
import { isApiError } from '../../../lib/api';
import './member.css';

/** Skeleton blocks while a page's data loads; announced once to screen readers. */
export const LoadingState = ({ rows = 3, label }: { rows?: number; label?: string }) => {
  const { t } = useTranslation('member');
  return (
    <div className="mc-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton mc-loading__row" style={{ width: `${100 - i * 12}%` }} aria-hidden="true" />
      ))}
    </div>
  );
};

type EmptyProps = {
  icon: IconName;
  title: string;
  text?: ReactNode;
  /** The next step: a link or a button. */
  action?: ReactNode;
  compact?: boolean;
  tone?: 'neutral' | 'info' | 'warning';
};

/** Nothing to show yet, and what to do about it. */
export const EmptyState = ({ icon, title, text, action, compact, tone = 'neutral' }: EmptyProps) => (
  <div className={`mc-empty mc-empty--${tone}${compact ? ' mc-empty--compact' : ''}`}>
    <span className="mc-empty__icon" aria-hidden="true">
      <Icon name={icon} size={compact ? 24 : 30} />
    </span>
    <p className="mc-empty__title">{title}</p>
    {text && <p className="mc-empty__text">{text}</p>}
    {action && <div className="mc-empty__action">{action}</div>}
  </div>
);

/** A failed load: the server's message (in the member's language) and a retry. */
export const ErrorState = ({ error, onRetry, compact }: { error: unknown; onRetry?: () => void; compact?: boolean }) => {
  const { t } = useTranslation('member');
  const message = isApiError(error) ? error.message : t('common.load_failed');
  return (
    <div className={`mc-empty mc-empty--error${compact ? ' mc-empty--compact' : ''}`} role="alert">
      <span className="mc-empty__icon" aria-hidden="true">
        <Icon name="alert" size={compact ? 24 : 30} />
      </span>
      <p className="mc-empty__title">{t('common.load_failed_title')}</p>
      <p className="mc-empty__text">{message}</p>
      {onRetry && (
        <div className="mc-empty__action">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
            <Icon name="refresh" size={16} />
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
};

/**
 * Spec §5 Action guards and §6: a trial (free-play) account cannot move money. Instead of the form it
 * is told 'in_need_true_account', with an info icon and the confirm button 'in_increase_submit'.
 */
export const TrialBlocked = () => {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  return (
    <section className="mc-trial" aria-labelledby="mc-trial-title" aria-describedby="mc-trial-text">
      <span className="mc-trial__icon" aria-hidden="true">
        <Icon name="info" size={34} />
      </span>
      <h2 id="mc-trial-title" className="mc-trial__title">
        {t('trial.title')}
      </h2>
      <p id="mc-trial-text" className="mc-trial__text">
        {t('trial.in_need_true_account')}
      </p>
      <button type="button" className="btn btn--gold mc-trial__btn" onClick={() => navigate('/')}>
        {t('trial.in_increase_submit')}
      </button>
    </section>
  );
};

/** The session ended while a member page was open (the server refused the token): the way back in. */
export const SessionEnded = () => {
  const { t } = useTranslation('member');
  return (
    <EmptyState
      icon="lock"
      title={t('session.ended_title')}
      text={t('session.ended_text')}
      action={
        <Link to="/login" className="btn btn--gold btn--sm">
          {t('session.login')}
        </Link>
      }
    />
  );
};

/** An empty state whose next step is the security center (no card, no payment password, no real name). */
export const SetupNeeded = ({ title, text }: { title: string; text: string }) => {
  const { t } = useTranslation('member');
  return (
    <EmptyState
      icon="shield"
      tone="warning"
      title={title}
      text={text}
      action={
        <Link to="/member/securityCenter" className="btn btn--gold btn--sm">
          <Icon name="shield" size={16} />
          {t('common.go_security')}
        </Link>
      }
    />
  );
};
