import { USERNAME_CHARS } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';

/*
 * The username filter of the team's transactions and bets: whom the list is about. It arrives in the
 * address (?username=, from a row of team management) or is typed, and is checked here before the
 * server is asked, with the characters sign-in accepts (the server's own rule for this parameter).
 */

/** The username a page's address names, trimmed; '' for everyone. */
export const usernameFromSearch = (search: URLSearchParams): string => (search.get('username') ?? '').trim();

/** Why a typed username cannot be asked for: 'chars' (outside the sign-in alphabet, or too long), else null. Empty is fine: everyone. */
export const usernameProblem = (value: string): 'chars' | null => {
  const name = value.trim();
  if (name === '') return null;
  return USERNAME_CHARS.test(name) ? null : 'chars';
};

/**
 * The message a failed list read puts by the username field: the server's word that nobody in the
 * team has that name (TEAM_MEMBER_UNKNOWN), or that the parameter was refused. Null for any other
 * failure, which the list itself shows.
 */
export const usernameErrorOf = (error: unknown): string | null => {
  if (!isApiError(error)) return null;
  if (error.code === 'TEAM_MEMBER_UNKNOWN') return error.message;
  if (error.code === 'VALIDATION_FAILED') {
    const field = error.fields.find((f) => f.field === 'username');
    if (field) return field.message || error.message;
  }
  return null;
};

/** The address of a page for a username: the other parameters kept, `username` set or removed. */
export const withUsername = (search: URLSearchParams, username: string): URLSearchParams => {
  const next = new URLSearchParams(search);
  const name = username.trim();
  if (name) next.set('username', name);
  else next.delete('username');
  return next;
};
