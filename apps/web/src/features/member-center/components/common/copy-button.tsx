import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';

const copyText = async (text: string) => {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http origins have no Clipboard API: fall back to a hidden textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
};

/** Copies a value and says so for two seconds (spec §8: a copy success notice follows copying). */
export const CopyButton = ({ value, label }: { value: string; label: string }) => {
  const { t } = useTranslation('member');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const id = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(id);
  }, [state]);
  return (
    <button
      type="button"
      className={`mc-copy${state === 'copied' ? ' is-copied' : ''}`}
      aria-label={t('common.copy_named', { name: label })}
      onClick={() => copyText(value).then(() => setState('copied'), () => setState('failed'))}
    >
      <Icon name={state === 'copied' ? 'check' : 'copy'} size={16} />
      <span aria-live="polite">{state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copy_failed') : t('common.copy')}</span>
    </button>
  );
};
