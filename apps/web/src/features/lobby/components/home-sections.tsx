import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { formatAmount } from '../../../lib/format';
import './home-sections.css';

type HeaderProps = {
  id: string;
  icon: IconName;
  title: string;
  /** "View all" target; omitted when the section has no page of its own. */
  to?: string;
  accent?: string;
};

export const SectionHeader = ({ id, icon, title, to, accent }: HeaderProps) => {
  const { t } = useTranslation();
  return (
    <header className="lobby-section__header">
      <h2 id={id} className="lobby-section__title">
        <span className="lobby-section__icon" style={accent ? { color: accent, background: `${accent}22` } : undefined}>
          <Icon name={icon} size={18} />
        </span>
        {title}
      </h2>
      {to && (
        <Link to={to} className="lobby-section__more" aria-label={t('lobby.viewAllOf', { section: title })}>
          <span className="lobby-section__more-text">{t('lobby.viewAll')}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
      )}
    </header>
  );
};

type SectionProps = HeaderProps & { children: ReactNode; className?: string };

/** A titled lobby section; its heading names the region for assistive technology. */
export const LobbySection = ({ children, className, ...header }: SectionProps) => (
  <section className={`lobby-section ${className ?? ''}`} aria-labelledby={header.id}>
    <SectionHeader {...header} />
    {children}
  </section>
);

/** A wide empty state with a next step (spec: "empty states with a next step"). */
export const EmptyState = ({ icon, title, text, action }: { icon: IconName; title: string; text: string; action?: ReactNode }) => (
  <div className="empty-state">
    <span className="empty-state__icon">
      <Icon name={icon} size={26} />
    </span>
    <div className="empty-state__copy">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
    </div>
    {action}
  </div>
);

type Winner = {
  customerName: string;
  winAmount: string;
  currencySymbol: string;
  iconUrl: string;
  gameName: string;
  nodeId: number;
  winTime: string;
};

/**
 * Winner board (spec §9: 20 asked for, 9 shown): real closed winning rounds, newest first. Before anybody
 * has won it says so; nothing is invented.
 */
export const WinnerBoard = ({ winners, loading, failed }: { winners: readonly Winner[]; loading: boolean; failed: boolean }) => {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="winner-board">
        <ol className="winner-board__list" aria-busy="true" aria-label={t('lobby.winners.listLabel')}>
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="winner-board__row" aria-hidden="true">
              <span className="winner-board__rank">{i + 1}</span>
              <span className="skeleton winner-board__avatar" />
              <span className="winner-board__lines">
                <span className="skeleton winner-board__line" />
                <span className="skeleton winner-board__line winner-board__line--short" />
              </span>
              <span className="skeleton winner-board__amount" />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (failed || winners.length === 0) {
    return (
      <div className="winner-board winner-board--empty">
        <p className="winner-board__note">
          <Icon name="trophy" size={16} />
          {t(failed ? 'gameUi.loadFailed' : 'gameUi.winnersEmpty')}
        </p>
      </div>
    );
  }
  return (
    <div className="winner-board">
      <ol className="winner-board__list" aria-label={t('lobby.winners.listLabel')}>
        {winners.map((w, i) => (
          <li key={`${w.nodeId}-${w.winTime}-${i}`} className="winner-board__row">
            <span className="winner-board__rank">{i + 1}</span>
            <img className="winner-board__avatar" src={w.iconUrl} alt="" width={36} height={36} loading="lazy" />
            <span className="winner-board__lines">
              <span className="winner-board__name">{w.customerName}</span>
              <span className="winner-board__game">{w.gameName}</span>
            </span>
            <span className="winner-board__win num">{formatAmount(w.winAmount, { symbol: w.currencySymbol })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
};
