import { LOGIN_CONFIRM_CODE_LENGTH, LoginChallenge } from '@apsara/contracts';
import type { ApiError } from '../../../lib/api';

/**
 * Two-factor login confirmation (spec §2, docs/two-factor.md): the login answers
 * LOGIN_CONFIRMATION_REQUIRED with the challenge in `data` when the address is new to the account.
 * Returns that challenge, or null for any other refusal (or a malformed one: then the form shows
 * the server's message as for any error).
 */
export const challengeOf = (error: Pick<ApiError, 'code' | 'data'>): LoginChallenge | null => {
  if (error.code !== 'LOGIN_CONFIRMATION_REQUIRED') return null;
  const parsed = LoginChallenge.safeParse(error.data);
  return parsed.success ? parsed.data : null;
};

/** What the code box keeps of what was typed or pasted ("123 456", "12-34-56"): its digits, at most six. */
export const normalizeCode = (input: string) => input.replace(/\D/g, '').slice(0, LOGIN_CONFIRM_CODE_LENGTH);

export const isCompleteCode = (code: string) => code.length === LOGIN_CONFIRM_CODE_LENGTH && /^\d+$/.test(code);

/** Refusals after which this challenge can't be answered any more: the member must sign in again. */
export const isDeadChallenge = (code: string) => code === 'LOGIN_CONFIRMATION_INVALID';

/** "4:05" for 245 seconds. */
export const formatMinutes = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
