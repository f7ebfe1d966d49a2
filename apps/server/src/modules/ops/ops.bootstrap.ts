import type { Database } from '../../db/database.js';
import { hashPassword } from '../../lib/password.js';
import { opsRepository } from './ops.repository.js';
import { auditRepository } from './audit.repository.js';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
export type BootstrapResult = { created: boolean; reason?: 'not-configured' | 'no-default-merchant' | 'has-operators' | 'username-taken' };

/**
 * First start: gives the default merchant an admin operator from OPS_BOOTSTRAP_USER/PASSWORD when it has
 * none. Later starts find an operator and do nothing, so changing the variables never resets a password.
 * The password is hashed at once and never logged.
 */
export const bootstrapOperator = async (db: Database, given: { username: string; password: string } | undefined, log?: Log): Promise<BootstrapResult> => {
  if (!given) return { created: false, reason: 'not-configured' };
  const ops = opsRepository(db);
  const merchant = await ops.defaultMerchant();
  if (!merchant) {
    log?.warn({}, 'OPS_BOOTSTRAP_USER is set but there is no default merchant yet; no operator created');
    return { created: false, reason: 'no-default-merchant' };
  }
  if ((await ops.countForMerchant(merchant.id)) > 0) return { created: false, reason: 'has-operators' };
  const id = await ops.create({ merchantId: merchant.id, username: given.username, passwordHash: await hashPassword(given.password), role: 'admin' });
  // Two nodes starting together: the unique username lets only one of them create it.
  if (id === undefined) return { created: false, reason: 'username-taken' };
  await auditRepository(db).record({ merchantId: merchant.id, operatorId: id, action: 'operator.bootstrap', targetType: 'operator', targetId: id.toString(), after: { username: given.username, role: 'admin' } });
  log?.info({ merchant: merchant.code, username: given.username }, 'bootstrap operator created');
  return { created: true };
};
