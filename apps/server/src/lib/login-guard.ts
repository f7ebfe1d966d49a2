import { AppError } from './app-error.js';
import type { ThrottleStore } from './throttle.js';

/** Failures are counted over this window before they fade. */
export const FAILURE_WINDOW_MS = 15 * 60_000;

export type LoginGuardKeys = {
  /** (name, address): the lock that a stranger can only bring down on themselves. */
  pair: string;
  /** The address across every name: counts refusals only. */
  ip: string;
  /** The name across every address, when the caller wants it (the captcha threshold). */
  account?: string;
};

/**
 * One sign-in attempt, shared by member and operator login. The attempt is counted *before* the
 * password is checked, atomically, so a parallel burst cannot slip extra guesses past a captcha or
 * the lock. `refuse` records a refusal against the address and, from the `lockAfterFailures`-th
 * attempt of this name from this address, locks that pair for `lockMinutes`; `succeed` clears the
 * name's counts (never the address's: a success there would hide spraying).
 */
export const beginLoginAttempt = async (
  throttles: ThrottleStore,
  keys: LoginGuardKeys,
  sec: { lockAfterFailures: number; lockMinutes: number },
  tooManyData?: Record<string, unknown>,
) => {
  const [pair, byIp, account] = await Promise.all([
    throttles.hit(keys.pair, FAILURE_WINDOW_MS),
    throttles.peek(keys.ip, FAILURE_WINDOW_MS),
    keys.account ? throttles.hit(keys.account, FAILURE_WINDOW_MS) : Promise.resolve(undefined),
  ]);
  const tooMany = () => new AppError('TOO_MANY_REQUESTS', [sec.lockMinutes], tooManyData ? { data: tooManyData } : {});
  if (pair.lockedUntil && pair.lockedUntil.getTime() > Date.now()) throw tooMany();

  const refuse = async (error: AppError): Promise<never> => {
    await throttles.hit(keys.ip, FAILURE_WINDOW_MS);
    if (pair.count >= sec.lockAfterFailures) {
      await throttles.lock(keys.pair, new Date(Date.now() + sec.lockMinutes * 60_000));
      throw tooMany();
    }
    throw error;
  };

  return {
    pair,
    byIp,
    account,
    tooMany,
    refuse,
    /** More attempts than the lock allows already (a burst that raced past the lock). */
    overLimit: pair.count > sec.lockAfterFailures,
    succeed: () => throttles.reset(...[keys.account, keys.pair].filter((k): k is string => !!k)),
  };
};
