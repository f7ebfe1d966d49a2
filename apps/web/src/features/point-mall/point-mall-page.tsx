import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string };

/** Points mall (spec §2 "Points mall"). */
const PointMallPage = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t(titleKey)}
      art="VIP"
      description={t('sections.pointMall.text')}
      upcoming={t('sections.pointMall.upcoming', { returnObjects: true }) as string[]}
    />
  );
};

export default PointMallPage;
