import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Icon } from '../../../../components/ui/icons/icons';
import { LANG_TAG, TEXT_LANGS, htmlLang, type TextLang } from '../../logic/announcements';

type Props = {
  label: string;
  /** Beside the label: whether English is needed or the whole text is optional. */
  need: string;
  /** Under the label, before the boxes. */
  hint: ReactNode;
  max: number;
  multiline?: boolean;
  /** Rows of a multiline box: English gets more room than the others. */
  rows?: { en: number; other: number };
  /** The form's own binding of one language's box. */
  register: (lang: TextLang) => UseFormRegisterReturn;
  errorOf: (lang: TextLang) => string | undefined;
  /** What was typed in one box, counted as the form's rules count it (shown under a long text). */
  lengthOf: (lang: TextLang) => number;
  /** A rule about the whole text, shown under the three boxes. */
  wholeError?: string;
  className?: string;
};

/**
 * One text in the portal's three languages: English (the fallback every player sees when their
 * language is missing), Khmer and Chinese. Each box is named "<text> in <language>" for screen
 * readers and tests; the short language tag beside it is what the eye reads. The announcement editor
 * and the chat settings both use it, each with its own form.
 */
export const LangTextBoxes = ({ label, need, hint, max, multiline = false, rows = { en: 4, other: 3 }, register, errorOf, lengthOf, wholeError, className }: Props) => {
  const { t } = useTranslation('ops');
  const base = useId();
  const hintId = `${base}-hint`;
  return (
    <fieldset className={['bo-langtext', className, multiline ? 'bo-langtext--area' : ''].filter(Boolean).join(' ')} aria-describedby={hintId}>
      <legend className="bo-langtext__legend">
        {label}
        <span className="bo-langtext__need">{need}</span>
      </legend>
      <p id={hintId} className="bo-langtext__hint">
        {hint}
      </p>
      {TEXT_LANGS.map((lang) => {
        const id = `${base}-${lang}`;
        const error = errorOf(lang);
        const name = t('announcements.text_in', { text: label, lang: t(`announcements.lang.${lang}`) });
        const input = {
          id,
          'aria-label': name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          lang: htmlLang(lang),
          className: 'mc-field__input',
          autoComplete: 'off',
          ...register(lang),
        } as const;
        const length = lengthOf(lang);
        return (
          <div key={lang} className={`bo-langtext__row${error ? ' is-invalid' : ''}`}>
            <label htmlFor={id} className={`bo-langtext__tag bo-langtext__tag--${lang}`} title={t(`announcements.lang.${lang}`)}>
              <span aria-hidden="true" lang={htmlLang(lang)}>
                {LANG_TAG[lang]}
              </span>
              <span className="visually-hidden">{name}</span>
            </label>
            <div className="bo-langtext__box">
              {multiline ? <textarea rows={lang === 'en' ? rows.en : rows.other} {...input} /> : <input type="text" {...input} />}
              {multiline && length > 0 && (
                <span className={`bo-langtext__count num${length > max ? ' is-over' : ''}`} aria-hidden="true">
                  {length} / {max}
                </span>
              )}
              {error && (
                <p id={`${id}-error`} className="mc-field__error" role="alert">
                  <Icon name="alert" size={14} />
                  {error}
                </p>
              )}
            </div>
          </div>
        );
      })}
      {wholeError && (
        <p className="mc-field__error" role="alert">
          <Icon name="alert" size={14} />
          {wholeError}
        </p>
      )}
    </fieldset>
  );
};
