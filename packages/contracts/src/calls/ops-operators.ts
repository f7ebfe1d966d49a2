import { z } from 'zod';
import { ok } from '../envelope.js';
import { IdString, OPERATOR_USERNAME, OperatorRole } from './ops.js';
import { text } from './text.js';

/*
 * The site's operator accounts (docs/operators.md "Operator accounts"): an admin makes, changes,
 * disables and resets them; every operator changes their own password. Passwords never appear in
 * answers, logs or the audit log.
 */

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** 10–128 characters with at least a letter and a digit: operators move money. */
export const OperatorPassword = text(128)
  .min(10, { message: 'at least 10 characters' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: 'needs at least one letter and one digit' });

export const OpsOperator = z.object({
  id: IdString,
  username: z.string(),
  role: OperatorRole,
  status: z.enum(OPERATOR_STATUSES),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** The operator asking: an admin cannot change their own role or status. */
  me: z.boolean(),
});
export type OpsOperator = z.infer<typeof OpsOperator>;
export const OpsOperatorResponse = ok(OpsOperator);
export const OpsOperatorListValue = z.object({ items: z.array(OpsOperator) });
export type OpsOperatorListValue = z.infer<typeof OpsOperatorListValue>;
export const OpsOperatorListResponse = ok(OpsOperatorListValue);

/** POST /ops/operators */
export const OpsOperatorBody = z.strictObject({
  username: z.string().trim().regex(OPERATOR_USERNAME, { message: '3–64 letters, digits or _ . @ -' }),
  password: OperatorPassword,
  role: OperatorRole,
});
export type OpsOperatorBody = z.infer<typeof OpsOperatorBody>;

/** PATCH /ops/operators/:id — role and status; disabling signs the operator out everywhere. */
export const OpsOperatorPatch = z
  .strictObject({ role: OperatorRole.optional(), status: z.enum(OPERATOR_STATUSES).optional() })
  .refine((v) => v.role !== undefined || v.status !== undefined, { message: 'nothing to change', path: ['status'] });
export type OpsOperatorPatch = z.infer<typeof OpsOperatorPatch>;

/** POST /ops/operators/:id/password — an admin sets a new password; the operator's sessions end. */
export const OpsOperatorPasswordBody = z.strictObject({ password: OperatorPassword });
export type OpsOperatorPasswordBody = z.infer<typeof OpsOperatorPasswordBody>;

/** POST /ops/me/password — an operator's own change; their other sessions end. */
export const OpsOwnPasswordBody = z
  .strictObject({ currentPassword: text(128).min(1), newPassword: OperatorPassword })
  .refine((v) => v.currentPassword !== v.newPassword, { message: 'must differ from the current password', path: ['newPassword'] });
export type OpsOwnPasswordBody = z.infer<typeof OpsOwnPasswordBody>;
export const OpsPasswordChangedResponse = ok(z.object({ changed: z.literal(true), sessionsEnded: z.number().int() }));
