import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { isApiError } from '../../../../lib/api';
import { useErrorText } from '../../../../lib/use-error-text';

/** Skeleton rows while a list loads, announced once. */
export const BoLoading = ({ rows = 4, label }: { rows?: number; label?: string }) => {
  const { t } = useTranslation('ops');
  return (
    <div className="bo-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton bo-loading__row" style={{ width: `${100 - i * 9}%` }} aria-hidden="true" />
      ))}
    </div>
  );
};

/** Nothing to show, and what that means (an empty queue is good news). */
export const BoEmpty = ({ icon, title, text, action, tone = 'neutral' }: { icon: IconName; title: string; text?: ReactNode; action?: ReactNode; tone?: 'neutral' | 'good' }) => (
  <div className={`bo-empty bo-empty--${tone}`}>
    <span className="bo-empty__icon" aria-hidden="true">
      <Icon name={icon} size={28} />
    </span>
    <p className="bo-empty__title">{title}</p>
    {text && <p className="bo-empty__text">{text}</p>}
    {action && <div className="bo-empty__action">{action}</div>}
  </div>
);

/**
 * The server's code and message in the operator's language, or the client's own: worded at each
 * render from the error itself, so a problem already on screen follows a language switch.
 */
const useProblem = (error: unknown, fallback: string) => {
  const text = useErrorText();
  return { code: isApiError(error) ? error.code : null, message: text(error, fallback) };
};

/** A failed load: the server's code and message, and a retry. */
export const BoError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation('ops');
  const { code, message } = useProblem(error, t('common.load_failed'));
  return (
    <div className="bo-empty bo-empty--error" role="alert">
      <span className="bo-empty__icon" aria-hidden="true">
        <Icon name="alert" size={28} />
      </span>
      <p className="bo-empty__title">{t('common.load_failed_title')}</p>
      <p className="bo-empty__text">
        {message}
        {code && <code className="bo-code">{code}</code>}
      </p>
      {onRetry && (
        <div className="bo-empty__action">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
            <Icon name="refresh" size={16} />
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
};

/** A refused action above its buttons: message and code. */
export const BoProblem = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('ops');
  const { code, message } = useProblem(error, t('common.action_failed'));
  if (!error) return null;
  return (
    <div className="bo-problem" role="alert">
      <Icon name="alert" size={18} />
      <span>
        {message}
        {code && <code className="bo-code">{code}</code>}
      </span>
    </div>
  );
};

/** A quiet confirmation after an action. */
export const BoNotice = ({ message }: { message: string | null }) =>
  message ? (
    <div className="bo-notice" role="status">
      <Icon name="check" size={18} />
      <span>{message}</span>
    </div>
  ) : null;
