import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TEXT_MAX, type AnnouncementForm, type TextField } from '../../logic/announcements';
import { LangTextBoxes } from '../common/lang-text-boxes';
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

/** One of an announcement's texts in EN/KM/CN. */
export const LangTexts = ({ field, label, register, errors, required, multiline = false, values }: Props) => {
  const { t } = useTranslation('ops');
  const max = TEXT_MAX[field];
  return (
    <LangTextBoxes
      label={label}
      need={required ? t('announcements.en_needed') : t('announcements.optional')}
      hint={t('announcements.langs_hint', { max })}
      max={max}
      multiline={multiline}
      register={(lang) => register(`${field}.${lang}`)}
      errorOf={(lang) => errorAt(errors as FieldErrors, `${field}.${lang}`)}
      lengthOf={(lang) => values[lang].trim().length}
    />
  );
};
