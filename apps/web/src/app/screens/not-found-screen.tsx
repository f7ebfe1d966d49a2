import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icons/icons';
import './not-found-screen.css';

/** 404: the address matches no route of the portal. */
export const NotFoundScreen = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <svg viewBox="0 0 240 120" className="not-found__art" aria-hidden="true">
        <defs>
          <linearGradient id="nf-gold" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffe08a" />
            <stop offset="1" stopColor="#c98a12" />
          </linearGradient>
        </defs>
        <text x="120" y="92" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize="96" fill="url(#nf-gold)">
          4
          <tspan fill="#ff5a5f">0</tspan>4
        </text>
      </svg>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text', { path: pathname })}</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--gold">
          <Icon name="home" size={18} />
          {t('comingSoon.toLobby')}
        </Link>
        <Link to="/help" className="btn btn--ghost">
          <Icon name="help" size={18} />
          {t('footer.helpCenter')}
        </Link>
      </div>
    </section>
  );
};
