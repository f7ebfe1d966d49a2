import { z } from 'zod';

/** Registration fields whose rules come from merchant config (spec §3, §5). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'affiliateCode',
  'referralCode',
  'recommenderId',
  'captcha',
  'verificationCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** One field's rule as the server publishes it. `acceptedPattern` '*' means anything goes. */
export const RegisterFieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
});
export type RegisterFieldRule = z.infer<typeof RegisterFieldRule>;
