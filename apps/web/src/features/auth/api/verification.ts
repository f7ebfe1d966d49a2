import { z } from 'zod';
import { apiValue } from '../../../lib/api';

const SmsValue = z.object({ expiredMinutes: z.number().optional() }).passthrough();

export type SmsPurpose = 'noLogin' | 'register';

/** POST /wps/verification/sms/noLogin or /register — asks the server to text a code. */
export const sendSmsCode = (purpose: SmsPurpose, body: { mobileNum: string; countryDialingCode: string }) =>
  apiValue(`/wps/verification/sms/${purpose}`, {
    method: 'POST',
    body: purpose === 'register' ? { ...body, mobileNo: body.mobileNum } : body,
    value: SmsValue,
  });
