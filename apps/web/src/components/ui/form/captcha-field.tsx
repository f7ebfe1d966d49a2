import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../../../lib/captcha';
import { ShieldIcon, TextField } from './text-field';

type Props = InputHTMLAttributes<HTMLInputElement> & { captcha: CaptchaState; error?: string; requiredMark?: boolean };

/** Captcha answer input with its image; pressing the image fetches a new one (at most once a second). */
export const CaptchaField = forwardRef<HTMLInputElement, Props>(({ captcha, error, requiredMark, ...input }, ref) => {
  const { t } = useTranslation();
  return (
    <TextField
      ref={ref}
      label={t('form.captcha')}
      placeholder={t('form.captcha_placeholder')}
      autoComplete="off"
      inputMode="text"
      maxLength={16}
      icon={<ShieldIcon />}
      requiredMark={requiredMark}
      error={error ?? captcha.error ?? undefined}
      adornment={
        <button
          type="button"
          className="captcha-button"
          onClick={captcha.refresh}
          disabled={captcha.coolingDown}
          aria-label={t('form.captcha_refresh')}
          title={t('form.captcha_refresh')}
        >
          {captcha.image ? <img src={captcha.image} alt="" width={110} height={40} /> : <span className="captcha-button__loading" aria-hidden="true" />}
        </button>
      }
      {...input}
    />
  );
});
CaptchaField.displayName = 'CaptchaField';
