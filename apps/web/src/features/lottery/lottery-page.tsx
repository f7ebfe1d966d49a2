import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string };

/** Lottery, Vietnam lottery and sea lottery (spec §2); betting and draws come with the lottery issue. */
const LotteryPage = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t(titleKey)}
      art="LOTT"
      description={t('sections.lottery.text')}
      upcoming={t('sections.lottery.upcoming', { returnObjects: true }) as string[]}
    />
  );
};

export default LotteryPage;
