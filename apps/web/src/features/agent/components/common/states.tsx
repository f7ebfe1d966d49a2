import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { isApiError } from '../../../../lib/api';

/** Skeleton rows while a page's data loads, announced once to screen readers. */
export const AgLoading = ({ rows = 3, tiles = false }: { rows?: number; tiles?: boolean }) => {
  const { t } = useTranslation('auth');
  return (
    <div className={tiles ? 'ag-loading-tiles' : 'ag-loading-rows'} role="status" aria-live="polite">
      <span className="visually-hidden">{t('agent.common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton ag-loading-rows__row" style={tiles ? undefined : { width: `${100 - i * 10}%` }} aria-hidden="true" />
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
  tone?: 'neutral' | 'warning';
};

/** Nothing to show, and what to do next. */
export const AgEmpty = ({ icon, title, text, action, tone = 'neutral' }: EmptyProps) => (
  <div className={`ag-state ag-state--${tone}`}>
    <span className="ag-state__icon" aria-hidden="true">
      <Icon name={icon} size={26} />
    </span>
    <p className="ag-state__title">{title}</p>
    {text && <p className="ag-state__text">{text}</p>}
    {action && <div className="ag-state__action">{action}</div>}
  </div>
);

/** A failed read: the server's message (in the page's language) and a retry. */
export const AgError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const notAgent = isApiError(error) && error.code === 'AGENT_ONLY';
  // Made a player since signing in: the account is read again, and the center's guard takes them to /agent.
  useEffect(() => {
    if (notAgent) void client.invalidateQueries({ queryKey: ['member', 'info'] });
  }, [notAgent, client]);
  const message = isApiError(error) ? error.message : t('agent.common.load_failed');
  return (
    <div className="ag-state ag-state--error" role="alert">
      <span className="ag-state__icon" aria-hidden="true">
        <Icon name="alert" size={26} />
      </span>
      <p className="ag-state__title">{t('agent.common.load_failed_title')}</p>
      <p className="ag-state__text">{message}</p>
      {onRetry && (
        <div className="ag-state__action">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
            <Icon name="refresh" size={16} />
            {t('agent.common.retry')}
          </button>
        </div>
      )}
    </div>
  );
};
