import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Icon } from '../../../../components/ui/icons/icons';
import { LANG_TAG, TEXT_LANGS, TEXT_MAX, htmlLang, type AnnouncementForm, type TextField } from '../../logic/announcements';
import { errorAt } from '../settings/settings-kit';

type Props = {
  field: TextField;
  label: string;
  register: UseFormRegister<AnnouncementForm>;
  errors: FieldErrors<AnnouncementForm>;
  /** English is needed (the title, a notice's content); otherwise the whole text is optional. */
  required: boolean;
  multiline?: boolean;
  /** What was typed, for the count under a long text. */
  values: AnnouncementForm[TextField];
};

/**
 * One text in the portal's three languages: English (the fallback every player sees when their
 * language is missing), Khmer and Chinese. Each box is named "<text> in <language>" for screen
 * readers and tests; the short language tag beside it is what the eye reads.
 */
export const LangTexts = ({ field, label, register, errors, required, multiline = false, values }: Props) => {
  const { t } = useTranslation('ops');
  const base = useId();
  const max = TEXT_MAX[field];
  const hintId = `${base}-hint`;
  return (
    <fieldset className={`bo-langtext${multiline ? ' bo-langtext--area' : ''}`} aria-describedby={hintId}>
      <legend className="bo-langtext__legend">
        {label}
        <span className="bo-langtext__need">{required ? t('announcements.en_needed') : t('announcements.optional')}</span>
      </legend>
      <p id={hintId} className="bo-langtext__hint">
        {t('announcements.langs_hint', { max })}
      </p>
      {TEXT_LANGS.map((lang) => {
        const id = `${base}-${lang}`;
        const error = errorAt(errors as FieldErrors, `${field}.${lang}`);
        const name = t('announcements.text_in', { text: label, lang: t(`announcements.lang.${lang}`) });
        const input = {
          id,
          'aria-label': name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          lang: htmlLang(lang),
          className: 'mc-field__input',
          autoComplete: 'off',
          ...register(`${field}.${lang}`),
        } as const;
        const length = values[lang].trim().length;
        return (
          <div key={lang} className={`bo-langtext__row${error ? ' is-invalid' : ''}`}>
            <label htmlFor={id} className={`bo-langtext__tag bo-langtext__tag--${lang}`} title={t(`announcements.lang.${lang}`)}>
              <span aria-hidden="true" lang={htmlLang(lang)}>
                {LANG_TAG[lang]}
              </span>
              <span className="visually-hidden">{name}</span>
            </label>
            <div className="bo-langtext__box">
              {multiline ? <textarea rows={lang === 'en' ? 4 : 3} {...input} /> : <input type="text" {...input} />}
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
    </fieldset>
  );
};
