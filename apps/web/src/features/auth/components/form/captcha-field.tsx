import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../../hooks/use-captcha';
import { ShieldIcon, TextField } from './text-field';

type Props = InputHTMLAttributes<HTMLInputElement> & { captcha: CaptchaState; error?: string; requiredMark?: boolean };

/** Captcha answer input with its image; pressing the image fetches a new one (at most once a second). */
export const CaptchaField = forwardRef<HTMLInputElement, Props>(({ captcha, error, requiredMark, ...input }, ref) => {
  const { t } = useTranslation('auth');
  return (
    <TextField
      ref={ref}
      label={t('field.captcha')}
      placeholder={t('field.captcha_placeholder')}
      autoComplete="off"
      inputMode="text"
      maxLength={16}
      icon={<ShieldIcon />}
      requiredMark={requiredMark}
      error={error ?? captcha.error ?? undefined}
      adornment={
        <button
          type="button"
          className="au-captcha"
          onClick={captcha.refresh}
          disabled={captcha.coolingDown}
          aria-label={t('field.captcha_refresh')}
          title={t('field.captcha_refresh')}
        >
          {captcha.image ? <img src={captcha.image} alt="" width={110} height={40} /> : <span className="au-captcha__loading" aria-hidden="true" />}
        </button>
      }
      {...input}
    />
  );
});
CaptchaField.displayName = 'CaptchaField';
