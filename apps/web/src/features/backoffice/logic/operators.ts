import { OPERATOR_USERNAME, type OperatorRole, type OperatorStatus, type OpsOperator, type OpsOperatorPatch } from '@apsara/contracts';

/*
 * The site's operator accounts (docs/operators.md "Operator accounts"): the rules of a username and
 * a password as the contract has them (OpsOperatorBody, OperatorPassword, OpsOwnPasswordBody), with
 * reasons the form words in the operator's language, and what a change of role or status sends.
 * operators.test.ts holds these to the contract's verdicts.
 */

/** The contract's length of an operator's password. */
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 128;

// C0 controls and DEL except tab, line feed and carriage return (the contract's text()).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type UsernameProblem = 'required' | 'format';

/** 3–64 letters, digits or `_ . @ -`, after trimming. */
export const usernameProblem = (name: string): UsernameProblem | null => {
  const v = name.trim();
  if (!v) return 'required';
  return OPERATOR_USERNAME.test(v) ? null : 'format';
};

export type PasswordProblem = 'required' | 'too_short' | 'too_long' | 'letter_digit' | 'control';

/** 10–128 characters with at least one letter and one digit (operators move money); not trimmed. */
export const operatorPasswordProblem = (password: string): PasswordProblem | null => {
  if (!password) return 'required';
  if (CONTROL.test(password)) return 'control';
  if (password.length > OPERATOR_PASSWORD_MAX) return 'too_long';
  if (password.length < OPERATOR_PASSWORD_MIN) return 'too_short';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'letter_digit';
  return null;
};

export type OwnPasswordProblems = Partial<Record<'currentPassword' | 'newPassword' | 'repeat', PasswordProblem | 'same' | 'mismatch'>>;

/**
 * One's own password change: the current one typed, a new one by the rule that differs from it, and
 * typed twice alike.
 */
export const ownPasswordProblems = (v: { currentPassword: string; newPassword: string; repeat: string }): OwnPasswordProblems => {
  const out: OwnPasswordProblems = {};
  if (!v.currentPassword) out.currentPassword = 'required';
  else if (v.currentPassword.length > OPERATOR_PASSWORD_MAX) out.currentPassword = 'too_long';
  else if (CONTROL.test(v.currentPassword)) out.currentPassword = 'control';
  const fresh = operatorPasswordProblem(v.newPassword);
  if (fresh) out.newPassword = fresh;
  else if (v.newPassword === v.currentPassword) out.newPassword = 'same';
  if (!out.newPassword && v.repeat !== v.newPassword) out.repeat = 'mismatch';
  return out;
};

/** What PATCH /ops/operators/:id sends for a role and status chosen in the form: only what changed, or nothing. */
export const operatorPatchOf = (row: Pick<OpsOperator, 'role' | 'status'>, next: { role: OperatorRole; status: OperatorStatus }): OpsOperatorPatch | null => {
  const patch: { role?: OperatorRole; status?: OperatorStatus } = {};
  if (next.role !== row.role) patch.role = next.role;
  if (next.status !== row.status) patch.status = next.status;
  return Object.keys(patch).length ? (patch as OpsOperatorPatch) : null;
};

/** A password an admin sets for another operator: by the rule, and typed twice alike. */
export const setPasswordProblems = (v: { password: string; repeat: string }): Partial<Record<'password' | 'repeat', PasswordProblem | 'mismatch'>> => {
  const problem = operatorPasswordProblem(v.password);
  if (problem) return { password: problem };
  return v.repeat === v.password ? {} : { repeat: 'mismatch' };
};
