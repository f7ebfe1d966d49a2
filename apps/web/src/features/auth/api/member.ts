import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ChangePasswordBody, LoginValue, MemberIconValue, MemberInfoValue, RegisterBody } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

export const MEMBER_INFO_KEY = ['member', 'info'] as const;
/** Not under ['member', 'info']: cancelling or re-reading member info must not touch the avatar. */
export const MEMBER_ICON_KEY = ['member', 'icon'] as const;

/** GET /wps/member/info */
export const getMemberInfo = () => apiValue('/wps/member/info', { value: MemberInfoValue });

/** GET /wps/member/info/icon */
export const getMemberIcon = () => apiValue('/wps/member/info/icon', { value: MemberIconValue });
export const useMemberIcon = (enabled: boolean) =>
  useQuery({ queryKey: MEMBER_ICON_KEY, queryFn: getMemberIcon, enabled, staleTime: 10 * 60 * 1000 });

export type RegisterPayload = z.input<typeof RegisterBody>;

/** PUT /wps/member/register or /wps/member/register/mobile — success logs the new member in. */
export const register = (body: RegisterPayload, mode: 'username' | 'mobile') =>
  apiValue(mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register', { method: 'PUT', body, value: LoginValue });

/** POST /wps/member/password */
export const changePassword = (body: z.input<typeof ChangePasswordBody>) =>
  apiValue('/wps/member/password', {
    method: 'POST',
    body,
    value: z.object({ changed: z.literal(true), reloginRequired: z.boolean() }),
  });

/** POST /wps/member/password/email — forgot password by e-mail. */
export const forgotPasswordByEmail = (body: { username: string; email: string }) =>
  apiValue('/wps/member/password/email', { method: 'POST', body, value: z.unknown() });

/** POST /wps/member/password/reset — a new password with the token of an e-mailed reset link. */
export const resetPasswordWithToken = (body: { token: string; newPassword: string; confirmNewPassword: string }) =>
  apiValue('/wps/member/password/reset', { method: 'POST', body, value: z.object({ reset: z.literal(true), reloginRequired: z.boolean() }) });

/** POST /wps/member/password/verification — forgot password by phone and SMS code. */
export const forgotPasswordByPhone = (body: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string }) =>
  apiValue('/wps/member/password/verification', { method: 'POST', body, value: z.unknown() });
