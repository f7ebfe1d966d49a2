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

/** The most a referral code may be on the wire (RegisterBody.referralCode); longer is no code of ours. */
const REFERRAL_CODE_MAX = 64;

/**
 * A friend's invitation arriving in the link (?ref=, as the member center's invitation link has it, or
 * ?referralCode=) pre-fills the registration's referralCode, whether or not the form shows the field.
 * Whether the code belongs to a member is the server's word (REFERRAL_CODE_INVALID); a value too long
 * to be sent at all is no code.
 */
export const referralCodeFromSearch = (search: string): string => {
  const q = new URLSearchParams(search);
  const code = (q.get('ref') || q.get('referralCode') || '').trim();
  return code.length <= REFERRAL_CODE_MAX ? code : '';
};

const REFERRAL_STORAGE_KEY = 'registerReferralCode';

/**
 * The invitation this visitor came with: the link's, remembered for the tab (the address loses it when
 * the popup closes and the visitor looks around first), or the one remembered earlier.
 */
export const pendingReferralCode = (search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): string => {
  const fromLink = referralCodeFromSearch(search);
  if (fromLink) {
    storage?.setItem(REFERRAL_STORAGE_KEY, fromLink);
    return fromLink;
  }
  return storage?.getItem(REFERRAL_STORAGE_KEY) ?? '';
};

/** The visitor removed the invitation, or registered with it: it is not offered again. */
export const forgetReferralCode = (storage: Pick<Storage, 'removeItem'> | undefined) => storage?.removeItem(REFERRAL_STORAGE_KEY);
