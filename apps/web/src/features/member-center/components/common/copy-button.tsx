import { useTranslation } from 'react-i18next';
import { CopyButton as SharedCopyButton } from '../../../../components/ui/copy/copy-button';

/** The member center's copy button: its words and look over the shared one. */
export const CopyButton = ({ value, label }: { value: string; label: string }) => {
  const { t } = useTranslation('member');
  return <SharedCopyButton value={value} className="mc-copy" texts={{ label: t('common.copy_named', { name: label }), copy: t('common.copy'), copied: t('common.copied'), failed: t('common.copy_failed') }} />;
};
