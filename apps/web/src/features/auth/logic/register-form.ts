import type { RegisterField, RegisterFieldRule, RegisterMode, RegisterSettingValue } from '@apsara/contracts';

/** Form order of the configurable registration fields; confirmPassword follows password. */
export const REGISTER_FIELD_ORDER: RegisterField[] = [
  'username',
  'password',
  'payeeName',
  'mobileNum',
  'verificationCode',
  'email',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'referralCode',
  'recommenderId',
  'affiliateCode',
  'captcha',
];

/** Which fields the register form shows, in order (spec §5: only enabled ones; the mode adds or drops some). */
export const visibleRegisterFields = (settings: Pick<RegisterSettingValue, 'fields'>, mode: RegisterMode, smsVerification: boolean): RegisterField[] => {
  const fields = REGISTER_FIELD_ORDER.filter((f) => {
    if (f === 'username') return mode === 'username' && settings.fields.username.enabled;
    if (f === 'mobileNum') return mode === 'mobile' || settings.fields.mobileNum.enabled;
    if (f === 'verificationCode') return smsVerification;
    return settings.fields[f].enabled;
  });
  if (mode === 'username') return fields;
  // In mobile registration the number is the username, so it leads the form, with its SMS code.
  const lead: RegisterField[] = ['mobileNum', 'verificationCode'];
  return [...lead.filter((f) => fields.includes(f)), ...fields.filter((f) => !lead.includes(f))];
};

/** Whether the field carries the * mark; mirrors the effective rules of validateRegistration. */
export const isRegisterFieldRequired = (field: RegisterField, rule: RegisterFieldRule, mode: RegisterMode, smsVerification: boolean) =>
  (field === 'mobileNum' && mode === 'mobile') || (field === 'verificationCode' && smsVerification) || (rule.enabled && rule.required);

/** An invitation code arriving in the link (?affiliateCode= or ?aff=) pre-fills the form. */
export const affiliateCodeFromSearch = (search: string): string => {
  const q = new URLSearchParams(search);
  return (q.get('affiliateCode') ?? q.get('aff') ?? '').trim();
};
