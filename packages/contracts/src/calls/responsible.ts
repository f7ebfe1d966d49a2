import { z } from 'zod';
import { ok } from '../envelope.js';

/*
 * Taking a break (docs/responsible-play.md): a member stops themselves from signing in for a chosen
 * time. It cannot be shortened or lifted early, by the member or by the site; a longer break replaces
 * a shorter one.
 */

/** The breaks a member can take, in days. */
export const SELF_EXCLUSION_DAYS = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '180d': 180, '365d': 365 } as const;
export type SelfExclusionPeriod = keyof typeof SELF_EXCLUSION_DAYS;
export const SELF_EXCLUSION_PERIODS = Object.keys(SELF_EXCLUSION_DAYS) as SelfExclusionPeriod[];
/** Wrong passwords a member may give here in an hour before the form is refused for the rest of it. */
export const SELF_EXCLUSION_TRIES_PER_HOUR = 5;

/** POST /wps/member/self-exclusion — the break, confirmed with the login password. */
export const SelfExclusionBody = z.strictObject({
  period: z.enum(SELF_EXCLUSION_PERIODS as [SelfExclusionPeriod, ...SelfExclusionPeriod[]]),
  password: z.string().min(1).max(64),
});
export type SelfExclusionBody = z.infer<typeof SelfExclusionBody>;
/** When the member may sign in again; every session of theirs has ended. */
export const SelfExclusionValue = z.object({ excludedUntil: z.string() });
export type SelfExclusionValue = z.infer<typeof SelfExclusionValue>;
export const SelfExclusionResponse = ok(SelfExclusionValue);
