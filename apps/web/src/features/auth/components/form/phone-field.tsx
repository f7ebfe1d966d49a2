import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, TextField } from '../../../../components/ui/form/text-field';

/** Dialing codes of the markets the portal serves, Cambodia first (KM is the default language). */
export const DIALING_CODES = [
  { countryCode: 'KH', countryDialingCode: '855' },
  { countryCode: 'VN', countryDialingCode: '84' },
  { countryCode: 'TH', countryDialingCode: '66' },
  { countryCode: 'CN', countryDialingCode: '86' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'PH', countryDialingCode: '63' },
  { countryCode: 'ID', countryDialingCode: '62' },
  { countryCode: 'LA', countryDialingCode: '856' },
  { countryCode: 'MM', countryDialingCode: '95' },
  { countryCode: 'SG', countryDialingCode: '65' },
] as const;
export const DEFAULT_DIALING_CODE: string = DIALING_CODES[0].countryDialingCode;

type Props = InputHTMLAttributes<HTMLInputElement> & {
  error?: string;
  hint?: string;
  requiredMark?: boolean;
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
};

export const PhoneField = forwardRef<HTMLInputElement, Props>(({ error, requiredMark, dialingCode, onDialingCodeChange, ...input }, ref) => {
  const { t } = useTranslation('auth');
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
        <select
          className="field__dial"
          value={dialingCode}
          onChange={(e) => onDialingCodeChange(e.target.value)}
          aria-label={t('field.dialingCode')}
        >
          {DIALING_CODES.map((c) => (
            <option key={c.countryCode} value={c.countryDialingCode}>
              {`${c.countryCode} +${c.countryDialingCode}`}
            </option>
          ))}
        </select>
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
