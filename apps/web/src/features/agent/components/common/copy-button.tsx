import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../../components/ui/copy/copy-button';

/** The agent center's copy button: its words and look over the shared one. */
export const AgCopyButton = ({ value, name }: { value: string; name: string }) => {
  const { t } = useTranslation('auth');
  return <CopyButton value={value} className="btn btn--ghost btn--sm ag-copy" texts={{ label: t('agent.common.copy_named', { name }), copy: t('agent.common.copy'), copied: t('agent.common.copied'), failed: t('agent.common.copy_failed') }} />;
};
