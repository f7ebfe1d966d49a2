import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BankCard,
  SecurityOverviewValue,
  SelfExclusionValue,
  type BindBankCardBody,
  type SelfExclusionBody,
  type PaymentPasswordBody,
  type RealNameBody,
  type UnbindBankCardBody,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/member/security */
export const useSecurityOverview = () =>
  useQuery({ queryKey: MEMBER_KEYS.security, queryFn: () => apiValue('/wps/member/security', { value: SecurityOverviewValue }) });

/** POST /wps/member/security/real-name — once. */
export const setRealName = (body: RealNameBody) =>
  apiValue('/wps/member/security/real-name', { method: 'POST', body, value: z.object({ realName: z.string() }) });

/** POST /wps/member/security/payment-password — set (with the login password) or change (with the old one). */
export const savePaymentPassword = (body: PaymentPasswordBody) =>
  apiValue('/wps/member/security/payment-password', { method: 'POST', body, value: z.object({ hasPaymentPassword: z.literal(true) }) });

/** POST /wps/member/bank-cards */
export const bindBankCard = (body: BindBankCardBody) => apiValue('/wps/member/bank-cards', { method: 'POST', body, value: BankCard });

/** DELETE /wps/member/bank-cards/:id with the payment password in the body. */
export const unbindBankCard = (id: string, body: UnbindBankCardBody) =>
  apiValue(`/wps/member/bank-cards/${encodeURIComponent(id)}`, { method: 'DELETE', body, value: z.object({ removed: z.literal(true) }) });

/** POST /wps/member/self-exclusion — a break from the site; every session of the member ends. */
export const takeBreak = (body: SelfExclusionBody) => apiValue('/wps/member/self-exclusion', { method: 'POST', body, value: SelfExclusionValue });
