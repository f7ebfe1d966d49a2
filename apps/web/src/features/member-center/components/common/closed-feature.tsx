import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { EmptyState } from '../../../../components/ui/member/states';

/**
 * A reward page of a feature the site does not run (invite friends, missions, the manual rebate): says
 * so and points to the promotions. Its words are `<feature>.closed_title`, `.closed_text` and
 * `.to_promotions` in the member namespace.
 */
export const ClosedFeature = ({ feature, icon }: { feature: 'referral' | 'missions' | 'rebate'; icon: IconName }) => {
  const { t } = useTranslation('member');
  return (
    <div className="mc-panel">
      <EmptyState
        icon={icon}
        tone="info"
        title={t(`${feature}.closed_title`)}
        text={t(`${feature}.closed_text`)}
        action={
          <Link to="/promotions" className="btn btn--gold btn--sm">
            <Icon name="gift" size={16} />
            {t(`${feature}.to_promotions`)}
          </Link>
        }
      />
    </div>
  );
};
