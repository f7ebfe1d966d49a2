import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CategoryArt, type ArtKind } from '../art/category-art';
import { Icon } from '../icons/icons';
import './coming-soon.css';

type Props = {
  title: string;
  art: ArtKind;
  /** One sentence on what the page will hold. */
  description?: string;
  /** What is on its way, shown as chips. */
  upcoming?: readonly string[];
  /** Extra content under the actions (e.g. a clock on the agent page). */
  children?: ReactNode;
};

/**
 * The designed state of a page whose content arrives in a later release: the page's own title and
 * artwork, what is coming, and two ways out. Never a blank screen.
 */
export const ComingSoon = ({ title, art, description, upcoming, children }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The first page of a visit has the 'default' key: "back" would leave the site, so it is not offered.
  const canGoBack = useLocation().key !== 'default';
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__art">
        <CategoryArt kind={art} />
        <span className="coming-soon__badge">
          <Icon name="clock" size={14} />
          {t('comingSoon.badge')}
        </span>
      </div>
      <div className="coming-soon__body">
        <h1 id="coming-soon-title" className="coming-soon__title">
          {title}
        </h1>
        <p className="coming-soon__text">{description ?? t('comingSoon.text')}</p>
        {upcoming && upcoming.length > 0 && (
          <>
            <h2 className="coming-soon__subtitle">{t('comingSoon.upcoming')}</h2>
            <ul className="coming-soon__chips">
              {upcoming.map((item) => (
                <li key={item} className="coming-soon__chip">
                  {item}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="coming-soon__actions">
          <Link to="/" className="btn btn--gold">
            <Icon name="home" size={18} />
            {t('comingSoon.toLobby')}
          </Link>
          {canGoBack && (
            <button type="button" className="btn btn--ghost" onClick={() => navigate(-1)}>
              <Icon name="chevronLeft" size={18} />
              {t('comingSoon.back')}
            </button>
          )}
        </div>
        {children}
      </div>
    </section>
  );
};
