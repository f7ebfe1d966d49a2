import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { patternMessage, type ChangePasswordInput, type Lang, type RegisterFieldRule } from '@apsara/contracts';
import { PasswordField } from '../../../../components/ui/form/text-field';

/**
 * The new password and its confirmation, with the site's password rule as the hint: the change-password
 * popup and the e-mailed reset link's popup ask them alike.
 */
export const NewPasswordFields = ({ idPrefix, rule, lang, register, errors }: {
  idPrefix: string;
  rule: RegisterFieldRule;
  lang: Lang;
  register: UseFormRegister<ChangePasswordInput>;
  errors: FieldErrors<ChangePasswordInput>;
}) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new`}
        label={t('field.newPassword')}
        placeholder={t('field.newPassword_placeholder')}
        autoComplete="new-password"
        maxLength={128}
        hint={patternMessage(rule.patternId, lang, rule.minLength, rule.maxLength)}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={t('field.confirmNewPassword')}
        placeholder={t('field.confirmNewPassword_placeholder')}
        autoComplete="new-password"
        maxLength={128}
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
    </>
  );
};
