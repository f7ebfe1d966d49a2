import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IconName } from '../../../../components/ui/icons/icons';
import { EmptyState } from '../../../../components/ui/member/states';

/**
 * Nothing played in the chosen range, for the betting record and the profit report: free play is not
 * recorded (say so), a member gets the way back to the lobby.
 */
export const NoRoundsState = ({ isTrial, icon, title, text }: { isTrial: boolean; icon: IconName; title: string; text: string }) => {
  const { t } = useTranslation('member');
  if (isTrial) return <EmptyState icon="info" tone="info" title={title} text={t('bets.trial_text')} compact />;
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      compact
      action={
        <Link to="/" className="btn btn--gold btn--sm">
          {t('common.to_lobby')}
        </Link>
      }
    />
  );
};
