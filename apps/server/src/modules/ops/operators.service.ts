import type { OpsOperator, OpsOperatorBody, OpsOperatorListValue, OpsOperatorPatch, OpsOwnPasswordBody } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { OperatorRow } from '../../db/schema.js';
import type { AuditRepository } from './audit.repository.js';
import type { OpsRepository } from './ops.repository.js';
import { allowRoles, type Client, type OperatorContext } from './ops.service.js';
import { OPERATOR_ROLES } from '@apsara/contracts';

const dto = (r: OperatorRow, actor: OperatorContext): OpsOperator => ({
  id: r.id.toString(),
  username: r.username,
  role: r.role,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  lastLoginAt: r.last_login_at?.toISOString() ?? null,
  lastLoginIp: r.last_login_ip,
  me: r.id === actor.operatorId,
});

const shown = (r: OperatorRow) => ({ username: r.username, role: r.role, status: r.status });

/**
 * The site's operator accounts (docs/operators.md). Admins manage them; a site always keeps one
 * active admin, and nobody changes their own role or status (another admin must), so an admin
 * cannot lock the site out by a slip. Passwords are hashed with argon2id like members'; disabling an
 * operator or setting their password ends their sessions.
 */
export const operatorsService = (deps: { ops: OpsRepository; audit: AuditRepository }) => {
  const { ops, audit } = deps;
  const db = ops.db;

  /**
   * The role was checked on the session before the transaction; an admin disabled or demoted since
   * (by another admin, a moment earlier) must not finish the change. Checked on the actor's row
   * under lock, in the transaction that makes the change.
   */
  const stillAdmin = (actor: OperatorContext, row: OperatorRow | undefined) => {
    if (!row || row.role !== 'admin' || row.status !== 'active') throw new AppError('OPERATOR_FORBIDDEN');
  };

  const list = async (actor: OperatorContext): Promise<OpsOperatorListValue> => {
    allowRoles(actor, ['admin']);
    return { items: (await ops.list(actor.merchantId)).map((r) => dto(r, actor)) };
  };

  const create = async (actor: OperatorContext, body: OpsOperatorBody, client: Client): Promise<OpsOperator> => {
    allowRoles(actor, ['admin']);
    const passwordHash = await hashPassword(body.password);
    const row = await db.transaction().execute(async (tx) => {
      stillAdmin(actor, await ops.lockActor(tx, actor.merchantId, actor.operatorId));
      const id = await ops.create({ merchantId: actor.merchantId, username: body.username, passwordHash, role: body.role }, tx);
      if (id === undefined) throw new AppError('USERNAME_TAKEN', [], { fields: [{ field: 'username', rule: 'unique', message: '' }] });
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'operator.create', targetType: 'operator', targetId: id.toString(), after: { username: body.username, role: body.role }, ip: client.ip }, tx);
      return (await ops.findById(actor.merchantId, id, tx))!;
    });
    return dto(row, actor);
  };

  const patch = async (actor: OperatorContext, idText: string, body: OpsOperatorPatch, client: Client): Promise<OpsOperator> => {
    allowRoles(actor, ['admin']);
    const id = BigInt(idText);
    if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
    const row = await db.transaction().execute(async (tx) => {
      const all = await ops.lockAll(tx, actor.merchantId);
      stillAdmin(actor, all.find((o) => o.id === actor.operatorId));
      const current = all.find((o) => o.id === id);
      if (!current) throw new AppError('OPERATOR_NOT_FOUND');
      const next = { ...current, role: body.role ?? current.role, status: body.status ?? current.status };
      const activeAdmins = all.map((o) => (o.id === id ? next : o)).filter((o) => o.role === 'admin' && o.status === 'active');
      if (activeAdmins.length === 0) throw new AppError('OPERATOR_LAST_ADMIN');
      const updated = await ops.update(tx, actor.merchantId, id, { role: body.role, status: body.status });
      const ended = updated.status === 'disabled' ? await ops.revokeAll(tx, actor.merchantId, id) : 0;
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'operator.update', targetType: 'operator', targetId: idText, before: shown(current), after: { ...shown(updated), sessionsEnded: ended }, ip: client.ip }, tx);
      return updated;
    });
    return dto(row, actor);
  };

  const resetPassword = async (actor: OperatorContext, idText: string, password: string, client: Client) => {
    allowRoles(actor, ['admin']);
    const id = BigInt(idText);
    // One's own password is changed with the current one (POST /ops/me/password): a session left open
    // must not be enough to take the account.
    if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
    const target = await ops.findById(actor.merchantId, id);
    if (!target) throw new AppError('OPERATOR_NOT_FOUND');
    const passwordHash = await hashPassword(password);
    return db.transaction().execute(async (tx) => {
      stillAdmin(actor, await ops.lockActor(tx, actor.merchantId, actor.operatorId));
      await ops.update(tx, actor.merchantId, id, { passwordHash });
      const ended = await ops.revokeAll(tx, actor.merchantId, id);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'operator.password_reset', targetType: 'operator', targetId: idText, after: { sessionsEnded: ended }, ip: client.ip }, tx);
      return { changed: true as const, sessionsEnded: ended };
    });
  };

  const changeOwnPassword = async (actor: OperatorContext, body: OpsOwnPasswordBody, client: Client) => {
    allowRoles(actor, OPERATOR_ROLES);
    const me = await ops.findById(actor.merchantId, actor.operatorId);
    if (!me) throw new AppError('OPERATOR_NOT_LOGGED_IN');
    if (!(await verifyPassword(me.password_hash, body.currentPassword))) {
      throw new AppError('OPERATOR_PASSWORD_WRONG', [], { fields: [{ field: 'currentPassword', rule: 'match', message: '' }] });
    }
    const passwordHash = await hashPassword(body.newPassword);
    return db.transaction().execute(async (tx) => {
      await ops.update(tx, actor.merchantId, actor.operatorId, { passwordHash });
      const ended = await ops.revokeAll(tx, actor.merchantId, actor.operatorId, actor.sessionId);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'operator.password_change', targetType: 'operator', targetId: actor.operatorId.toString(), after: { sessionsEnded: ended }, ip: client.ip }, tx);
      return { changed: true as const, sessionsEnded: ended };
    });
  };

  return { list, create, patch, resetPassword, changeOwnPassword };
};
export type OperatorsService = ReturnType<typeof operatorsService>;
