import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, TextField } from '../../../../components/ui/form/text-field';
import { useCountryCodes } from '../../api/system';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  error?: string;
  hint?: string;
  requiredMark?: boolean;
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
};

/**
 * A mobile number with the country dialing code in front, chosen from the countries the site takes
 * (GET /wps/system/countryCodes, its default first). Until the caller holds one of them, it is told
 * the site's default: the form sends a code the server accepts.
 */
export const PhoneField = forwardRef<HTMLInputElement, Props>(({ error, requiredMark, dialingCode, onDialingCodeChange, ...input }, ref) => {
  const { t } = useTranslation('auth');
  const { data: countries } = useCountryCodes();
  // Two countries may share a code (+1): the one last picked stays shown.
  const [picked, setPicked] = useState<string | null>(null);
  const served = countries ?? [];
  const current =
    served.find((c) => c.countryCode === picked && c.countryDialingCode === dialingCode) ?? served.find((c) => c.countryDialingCode === dialingCode);
  useEffect(() => {
    if (served.length && !current) onDialingCodeChange(served[0].countryDialingCode);
  }, [served, current, onDialingCodeChange]);

  return (
    <TextField
      ref={ref}
      label={t('field.mobileNum')}
      placeholder={t('field.mobileNum_placeholder')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      requiredMark={requiredMark}
      error={error}
      icon={<PhoneIcon />}
      leading={
        // The box shows the code ("KH +855"); the select over it, invisible, lists the countries by name.
        <span className="field__dial">
          <span className="field__dial-face" aria-hidden="true">
            {current ? `${current.countryCode} +${current.countryDialingCode}` : '+'}
          </span>
          <select
            className="field__dial-select"
            value={current?.countryCode ?? ''}
            disabled={!current}
            onChange={(e) => {
              const next = served.find((c) => c.countryCode === e.target.value);
              if (!next) return;
              setPicked(next.countryCode);
              onDialingCodeChange(next.countryDialingCode);
            }}
            aria-label={t('field.dialingCode')}
          >
            {!current && <option value="">+</option>}
            {served.map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {`${c.name} +${c.countryDialingCode}`}
              </option>
            ))}
          </select>
        </span>
      }
      {...input}
    />
  );
});
PhoneField.displayName = 'PhoneField';

type SmsProps = InputHTMLAttributes<HTMLInputElement> & {
  error?: string;
  requiredMark?: boolean;
  secondsLeft: number;
  sending: boolean;
  onSend: () => void;
};

/** SMS code input with its send button; the button counts down before a resend (spec §4 "SMS send"). */
export const SmsCodeField = forwardRef<HTMLInputElement, SmsProps>(({ error, requiredMark, secondsLeft, sending, onSend, ...input }, ref) => {
  const { t } = useTranslation('auth');
  return (
    <TextField
      ref={ref}
      label={t('field.verificationCode')}
      placeholder={t('field.verificationCode_placeholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      requiredMark={requiredMark}
      error={error}
      adornment={
        <button type="button" className="field__send" onClick={onSend} disabled={secondsLeft > 0 || sending}>
          {secondsLeft > 0 ? t('sms.resend_in', { seconds: secondsLeft }) : t('sms.send')}
        </button>
      }
      {...input}
    />
  );
});
SmsCodeField.displayName = 'SmsCodeField';
