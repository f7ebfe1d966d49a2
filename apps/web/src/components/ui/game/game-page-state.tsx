import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icons';

/** A game page whose list could not be loaded: the alert and a retry (the list, category and account game pages). */
export const GamePageFailed = ({ onRetry }: { onRetry: () => unknown }) => {
  const { t } = useTranslation();
  return (
    <div className="gpage__state" role="alert">
      <Icon name="alert" size={28} />
      <p className="gpage__state-title">{t('gameUi.loadFailed')}</p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onRetry()}>
        {t('gameUi.retry')}
      </button>
    </div>
  );
};
