import { validateOpenAccount, type Lang, type OpenAccountBody, type RegisterFieldRule } from '@apsara/contracts';
import type { ApiError } from '../../../lib/api';

/*
 * registerCenter: the agent opens a member or agent account under themself. The form is checked with
 * the contracts' own rule (the merchant's username and password rules, the sign-in alphabet and the
 * confirmation) before it is sent, and the server's refusals are put back on the fields they name.
 */

export type AccountKind = OpenAccountBody['kind'];
export const ACCOUNT_KINDS: readonly AccountKind[] = ['member', 'agent'];

export type OpenAccountValues = { kind: AccountKind; username: string; password: string; confirmPassword: string; nickname: string };
export type OpenAccountField = Exclude<keyof OpenAccountValues, 'kind'> | 'kind';

/** The fields the form shows, in its order (a server error about any other lands above the button). */
export const OPEN_ACCOUNT_FIELDS: readonly OpenAccountField[] = ['kind', 'username', 'password', 'confirmPassword', 'nickname'];

/** The contracts' schema allows a nickname of 32 characters. */
export const NICKNAME_MAX = 32;

export const EMPTY_OPEN_ACCOUNT: OpenAccountValues = { kind: 'member', username: '', password: '', confirmPassword: '', nickname: '' };

export type OpenAccountRules = { username: RegisterFieldRule; password: RegisterFieldRule };

/** Field → message for everything the client can tell before sending; empty when the form may be sent. */
export const openAccountErrors = (values: OpenAccountValues, rules: OpenAccountRules, lang: Lang): Partial<Record<OpenAccountField, string>> => {
  const errors: Partial<Record<OpenAccountField, string>> = {};
  for (const issue of validateOpenAccount(values, rules, lang)) errors[issue.field as OpenAccountField] ??= issue.message;
  return errors;
};

/** What is sent: the username trimmed (as the server stores it), no nickname when none was typed. */
export const toOpenAccountBody = (values: OpenAccountValues): OpenAccountBody => {
  const nickname = values.nickname.trim();
  return {
    kind: values.kind,
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(nickname ? { nickname } : {}),
  };
};

/** Codes about one field even when the server names none. */
const CODE_FIELD: Partial<Record<string, OpenAccountField>> = { USERNAME_TAKEN: 'username' };

export type PlacedOpenAccountError = { fields: Partial<Record<OpenAccountField, string>>; form: string | null };

/**
 * The server's refusal on the fields it names (VALIDATION_FAILED with `fields`, USERNAME_TAKEN), or
 * above the button when no shown field fits (RATE_LIMITED after too many accounts, a network failure).
 * A field entry without words borrows the envelope's message.
 */
export const placeOpenAccountError = (error: Pick<ApiError, 'code' | 'message' | 'fields'>): PlacedOpenAccountError => {
  const fields: Partial<Record<OpenAccountField, string>> = {};
  const rest: string[] = [];
  const place = (field: string, message: string) => {
    if ((OPEN_ACCOUNT_FIELDS as readonly string[]).includes(field)) fields[field as OpenAccountField] ??= message;
    else if (!rest.includes(message)) rest.push(message);
  };
  error.fields.forEach((f) => place(f.field, f.message || error.message));
  if (!error.fields.length) {
    const field = CODE_FIELD[error.code];
    if (field) place(field, error.message);
    else rest.push(error.message);
  }
  return { fields, form: rest.length ? rest.join(' ') : null };
};

/**
 * The agent's own invitation link: the site's registration page with their code filled in
 * (?affiliateCode=, which the register popup reads), so whoever registers through it joins their team.
 */
export const agentInviteLink = (code: string, origin: string) => `${origin}/register?${new URLSearchParams({ affiliateCode: code })}`;
