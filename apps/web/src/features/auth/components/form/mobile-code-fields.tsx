import { useState } from 'react';
import { DEFAULT_REGISTER_RULES, validateField, validationMessage } from '@apsara/contracts';
import { currentContentLanguage } from '../../../../i18n';
import { useRegisterSetting } from '../../api/system';
import { useSmsSender } from '../sms-login-form';
import { PhoneField, SmsCodeField } from './phone-field';

export type MobileCodeErrors = { mobileNum?: string; verificationCode?: string };

/**
 * The mobile number + SMS code pair of the SMS login and the phone reset: the merchant's own mobile
 * rule (the one the server applies), the send button with its countdown, and the errors of both.
 */
export const useMobileCodeFields = (idBase: string, purpose: 'noLogin' | 'reset' = 'noLogin') => {
  const { data: settings } = useRegisterSetting();
  const sms = useSmsSender(purpose);
  // The phone field sets the site's default once the site's countries are in.
  const [dialingCode, setDialingCode] = useState('');
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<MobileCodeErrors>({});

  const mobileError = () => {
    const rule = settings?.fields.mobileNum ?? DEFAULT_REGISTER_RULES.mobileNum;
    return validateField('mobileNum', mobileNum, { ...rule, enabled: true, required: true }, currentContentLanguage())?.message;
  };
  const checkMobile = () => {
    const message = mobileError();
    setErrors((prev) => ({ ...prev, mobileNum: message }));
    return !message;
  };

  /** Checks both fields, shows their errors, and returns them. */
  const validate = (): MobileCodeErrors => {
    const next = {
      mobileNum: mobileError(),
      verificationCode: code.trim() ? undefined : validationMessage('verificationCodeInvalid', currentContentLanguage()),
    };
    setErrors(next);
    return next;
  };

  const fields = (
    <>
      <PhoneField
        id={`${idBase}-mobile`}
        value={mobileNum}
        onChange={(e) => setMobileNum(e.target.value)}
        onBlur={() => mobileNum && checkMobile()}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        error={errors.mobileNum}
        maxLength={20}
      />
      <SmsCodeField
        id={`${idBase}-code`}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.verificationCode}
        secondsLeft={sms.secondsLeft}
        sending={sms.sending}
        onSend={() => void sms.send(mobileNum.trim(), dialingCode, checkMobile, (message) => setErrors((prev) => ({ ...prev, mobileNum: message })))}
      />
    </>
  );

  return { fields, validate, values: { mobileNum: mobileNum.trim(), countryDialingCode: dialingCode, verificationCode: code.trim() } };
};
