import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string; category?: string };

/** Favorite and recent games of the signed-in member (spec §2 "Account games"). */
const AccountGamePage = ({ titleKey, category }: Props) => {
  const { t } = useTranslation();
  const recent = category === 'RECENT';
  return (
    <ComingSoon
      title={t(titleKey)}
      art={recent ? 'RECENT' : 'FAV'}
      description={t(recent ? 'sections.recent.text' : 'sections.favorite.text')}
    />
  );
};

export default AccountGamePage;
