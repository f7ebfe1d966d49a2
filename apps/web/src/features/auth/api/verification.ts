import { z } from 'zod';
import { apiValue } from '../../../lib/api';

const SmsValue = z.object({ expiredMinutes: z.number().optional() }).passthrough();

/** What the code is for: signing in, the phone password reset (both /noLogin), or registration (/register). */
export type SmsPurpose = 'noLogin' | 'reset' | 'register';

/** The route and body of an SMS-code request: the reset code goes through /noLogin, marked as such. */
export const smsRequest = (purpose: SmsPurpose, body: { mobileNum: string; countryDialingCode: string }) => {
  if (purpose === 'register') return { path: '/wps/verification/sms/register', body: { ...body, mobileNo: body.mobileNum } };
  return { path: '/wps/verification/sms/noLogin', body: purpose === 'reset' ? { ...body, purpose: 'reset' as const } : body };
};

/** POST /wps/verification/sms/noLogin or /register — asks the server to text a code. */
export const sendSmsCode = (purpose: SmsPurpose, body: { mobileNum: string; countryDialingCode: string }) => {
  const request = smsRequest(purpose, body);
  return apiValue(request.path, { method: 'POST', body: request.body, value: SmsValue });
};
