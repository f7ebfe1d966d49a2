import { useEffect, useState } from 'react';
import { Icon } from '../icons/icons';

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

export type CopyTexts = { label: string; copy: string; copied: string; failed: string };

/**
 * Copies a value and says so for two seconds (spec §8: a copy success notice follows copying). The
 * feature gives the words (in its own namespace) and the look.
 */
export const CopyButton = ({ value, texts, className }: { value: string; texts: CopyTexts; className: string }) => {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const id = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(id);
  }, [state]);
  return (
    <button
      type="button"
      className={`${className}${state === 'copied' ? ' is-copied' : ''}`}
      aria-label={texts.label}
      onClick={() => copyText(value).then(() => setState('copied'), () => setState('failed'))}
    >
      <Icon name={state === 'copied' ? 'check' : 'copy'} size={16} />
      <span aria-live="polite">{state === 'copied' ? texts.copied : state === 'failed' ? texts.failed : texts.copy}</span>
    </button>
  );
};
