import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';

type Props = { titleKey: string };

/** The full-width page a seamless-wallet game runs in (spec §2 "/seamless"). */
const SeamlessPage = ({ titleKey }: Props) => {
  const { t } = useTranslation();
  return <ComingSoon title={t(titleKey)} art="RNG" description={t('sections.seamless.text')} />;
};

export default SeamlessPage;
