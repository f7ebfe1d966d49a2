import { SELF_EXCLUSION_DAYS, type SelfExclusionPeriod } from '@apsara/contracts';

const DAY_MS = 86_400_000;

/** When a break taken now would end (the server counts from its own clock, the same whole days). */
export const breakEndsAt = (period: SelfExclusionPeriod, now: Date) => new Date(now.getTime() + SELF_EXCLUSION_DAYS[period] * DAY_MS);
