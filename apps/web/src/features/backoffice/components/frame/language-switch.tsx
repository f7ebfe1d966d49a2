import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@apsara/contracts';
import { setLanguage } from '../../../../i18n';
import { NATIVE_NAMES, contentLanguage } from '../../../../i18n/languages';

/**
 * The back office speaks the three languages with texts of their own (KM, EN, CN): a compact switch
 * of three, not the player site's list of thirty-odd languages that would show English anyway.
 */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation('ops');
  const current = contentLanguage(i18n.language);
  return (
    <div className="bo-lang" role="group" aria-label={t('frame.language')}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          className="bo-lang__btn"
          lang={code === 'cn' ? 'zh-CN' : code}
          aria-pressed={code === current}
          onClick={() => void setLanguage(code)}
        >
          {code === 'en' ? 'EN' : NATIVE_NAMES[code]}
        </button>
      ))}
    </div>
  );
};
