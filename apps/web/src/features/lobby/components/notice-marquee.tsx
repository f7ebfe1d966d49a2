import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons/icons';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import type { Notice } from '../data/lobby-content';
import './notice-marquee.css';

/**
 * Player notices scrolling across the lobby. The text is read once by screen readers (the loop copy
 * is hidden); it pauses on hover and focus, and stands still for reduced motion.
 */
export const NoticeMarquee = ({ notices }: { notices: readonly Notice[] }) => {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  if (!notices.length) return null;
  const items = notices.map((n) => (
    <li key={n.id} className="marquee__item">
      <span className="marquee__dot" aria-hidden="true" />
      {t(n.textKey)}
    </li>
  ));
  return (
    <section className="marquee" aria-label={t('lobby.noticesLabel')}>
      <span className="marquee__label">
        <Icon name="megaphone" size={18} />
        <span className="marquee__label-text">{t('lobby.notice')}</span>
      </span>
      <div className={`marquee__viewport${reduced ? ' is-static' : ''}`}>
        <div className="marquee__track">
          <ul className="marquee__list">{items}</ul>
          {!reduced && (
            <ul className="marquee__list" aria-hidden="true">
              {items}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
};
