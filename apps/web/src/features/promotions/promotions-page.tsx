import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string };

/** Promotions hall (spec §2 "Promotions"); the activity list arrives with the promotions issue. */
const PromotionsPage = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t(titleKey)}
      art="PROMO"
      description={t('sections.promotions.text')}
      upcoming={t('sections.promotions.upcoming', { returnObjects: true }) as string[]}
    />
  );
};

export default PromotionsPage;
