import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string };

/** Member center (spec §2 "Member center pages"); each page arrives with its own issue. */
const MemberCenterPage = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t(titleKey)}
      art="MEMBER"
      description={t('sections.member.text')}
      upcoming={t('sections.member.upcoming', { returnObjects: true }) as string[]}
    />
  );
};

export default MemberCenterPage;
