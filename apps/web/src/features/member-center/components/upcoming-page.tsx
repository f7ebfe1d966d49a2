import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons/icons';
import type { MemberPage } from '../logic/pages';
import { PAGE_ICONS } from './page-icons';

/** A page whose content arrives with a later release: what it will hold and where to go meanwhile. */
export const UpcomingPage = ({ page }: { page: MemberPage }) => {
  const { t } = useTranslation('member');
  return (
    <section className="mc-panel mc-upcoming" aria-labelledby="mc-upcoming-title">
      <span className="mc-upcoming__art" aria-hidden="true">
        <Icon name={PAGE_ICONS[page]} size={40} />
        <span className="mc-upcoming__badge">
          <Icon name="clock" size={14} />
        </span>
      </span>
      <h2 id="mc-upcoming-title" className="mc-upcoming__title">
        {t('upcoming.title')}
      </h2>
      <p className="mc-upcoming__text">{t('upcoming.text')}</p>
      <div className="mc-upcoming__actions">
        <Link to="/member/transactionHistory" className="btn btn--ghost btn--sm">
          <Icon name="history" size={16} />
          {t('page.transactionHistory')}
        </Link>
        <Link to="/" className="btn btn--gold btn--sm">
          <Icon name="home" size={16} />
          {t('common.to_lobby')}
        </Link>
      </div>
    </section>
  );
};
