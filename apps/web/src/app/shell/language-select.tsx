import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTED_LANGUAGES } from '@apsara/contracts';
import { Icon } from '../../components/ui/icons/icons';
import { setLanguage } from '../../i18n';
import { NATIVE_NAMES, isListed, isSupported } from '../../i18n/languages';
import './language-select.css';

/**
 * The language select of spec §1: every listed language in its own script. KM, EN and CN have
 * their own texts; the others show English until their translations arrive.
 */
export const LanguageSelect = ({ compact = false }: { compact?: boolean }) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isListed(i18n.language) ? i18n.language : 'en';
  const option = (code: (typeof LISTED_LANGUAGES)[number]) => (
    <option key={code} value={code} lang={code === 'cn' ? 'zh-CN' : code === 'tw' ? 'zh-TW' : code}>
      {NATIVE_NAMES[code]}
    </option>
  );
  return (
    <div className={`lang-select${compact ? ' lang-select--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'lang-select__label'}>
        {t('nav.language')}
      </label>
      <span className="lang-select__field">
        <Icon name="globe" size={18} className="lang-select__globe" />
        <select id={id} value={value} onChange={(e) => void setLanguage(e.target.value)} className="lang-select__control">
          {/* Those with their own texts first; the others say before the choice that English is shown. */}
          <optgroup label={t('nav.language_translated')}>{LISTED_LANGUAGES.filter(isSupported).map(option)}</optgroup>
          <optgroup label={t('nav.language_in_english')}>{LISTED_LANGUAGES.filter((code) => !isSupported(code)).map(option)}</optgroup>
        </select>
        <Icon name="chevronDown" size={16} className="lang-select__chevron" />
      </span>
      {!compact && !isSupported(value) ? (
        <p className="lang-select__note" role="status">
          {t('nav.language_english_note', { name: NATIVE_NAMES[value] })}
        </p>
      ) : null}
    </div>
  );
};
