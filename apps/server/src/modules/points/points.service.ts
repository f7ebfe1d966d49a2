import {
  fromMinor,
  isTrialType,
  LIST_PAGE_SIZE,
  pointOrderNumber,
  localize,
  type Lang,
  pointsForCash,
  POINT_EARN_SOURCES,
  toMinor,
  type OpsPointAdjustBody,
  type OpsPointAdjustValue,
  type OpsPointGoods,
  type OpsPointGoodsBody,
  type OpsPointGoodsPatch,
  type OpsPointOrder,
  type OpsPointOrderDecisionValue,
  type OpsPointOrderListValue,
  type OpsPointOrderQuery,
  type PointBalanceValue,
  type PointConfigValue,
  type PointConvertBody,
  type PointEntryListValue,
  type PointEntryQuery,
  type PointGoods,
  type PointGoodsArt,
  type PointGoodsListValue,
  type PointOrder,
  type PointOrderListQuery,
  type PointOrderListValue,
  type PointOrderResultValue,
  type PointRedeemBody,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import { memberLanguage } from '../../lib/lang.js';
import type { RecordNotice } from '../../lib/events.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET, type MemberRepository } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MessagesRepository } from '../messages/messages.repository.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { SecurityService } from '../security/security.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { GoodsRow, OrderView, PointsRepository } from './points.repository.js';

/** The house account cash paid into the points mall goes to (conversions and goods' cash parts). */
export const POINTS_SALES = 'POINTS_SALES';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const DECIDE_ROLES = ['admin', 'finance'] as const;
const GOODS_ROLES = ['admin'] as const;
const ADJUST_ROLES = ['admin', 'finance'] as const;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const hashOf = (value: unknown) => sha256(JSON.stringify(value));

/** Thrown inside a transaction when another request with the same key got there first: answered as a replay. */
class KeyTaken extends Error {}

const goodsDto = (g: GoodsRow): PointGoods => ({
  id: g.id.toString(),
  name: g.name,
  description: g.description ?? null,
  art: g.art as PointGoodsArt,
  kind: g.kind,
  points: Number(g.points),
  amount: fromMinor(g.amount),
  stock: g.stock,
  remaining: g.remaining,
  limitPerMember: g.limit_per_member ?? null,
});

const opsGoodsDto = (g: GoodsRow): OpsPointGoods => ({ ...goodsDto(g), onSale: g.on_sale, sort: g.sort, createdAt: g.created_at.toISOString() });

const orderDto = (o: OrderView): PointOrder => ({
  id: o.id.toString(),
  number: pointOrderNumber(o.id),
  kind: o.kind,
  goodsName: o.goods_name ?? null,
  goodsArt: (o.goods_art as PointGoodsArt | null) ?? null,
  quantity: o.quantity,
  points: Number(o.points),
  amount: fromMinor(o.amount),
  address: o.address ?? null,
  status: o.status,
  remark: o.remark ?? null,
  createdAt: o.created_at.toISOString(),
  decidedAt: iso(o.decided_at),
});

const opsOrderDto = (o: OrderView): OpsPointOrder => ({ ...orderDto(o), memberId: o.member_id.toString(), username: o.username, decidedBy: o.decided_by_name ?? null });

/** What a decision's inbox message says, in each language the portal speaks. */
type DecisionWords = { number: string; goods: string; quantity: number; points: number; cash: string | null; remark: string | null };
type DecisionText = (w: DecisionWords) => { title: string; body: string };
const DECISION_MESSAGE: Record<Lang, { approve: DecisionText; reject: DecisionText }> = {
  en: {
    approve: (w) => ({
      title: `Your points mall redemption ${w.number} is approved`,
      body: [`${w.goods} × ${w.quantity}, for ${w.points} points${w.cash ? ` and ${w.cash}` : ''}, is approved.`, w.remark ? `From the site: ${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
    reject: (w) => ({
      title: `Your points mall redemption ${w.number} was not approved`,
      body: [`${w.goods} × ${w.quantity} was not approved. Your ${w.points} points are back${w.cash ? `, and the ${w.cash} held for it is yours to use again` : ''}.`, w.remark ? `Why: ${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
  },
  km: {
    approve: (w) => ({
      title: `ការប្តូររង្វាន់ពិន្ទុ ${w.number} របស់អ្នកត្រូវបានអនុម័ត`,
      body: [`${w.goods} × ${w.quantity} ក្នុងតម្លៃ ${w.points} ពិន្ទុ${w.cash ? ` និង ${w.cash}` : ''} ត្រូវបានអនុម័ត។`, w.remark ? `ពីគេហទំព័រ៖ ${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
    reject: (w) => ({
      title: `ការប្តូររង្វាន់ពិន្ទុ ${w.number} របស់អ្នកមិនត្រូវបានអនុម័តទេ`,
      body: [`${w.goods} × ${w.quantity} មិនត្រូវបានអនុម័តទេ។ ពិន្ទុ ${w.points} របស់អ្នកត្រូវបានប្រគល់វិញ${w.cash ? ` ហើយ ${w.cash} ដែលបានបង្កកអាចប្រើបានវិញ` : ''}។`, w.remark ? `មូលហេតុ៖ ${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
  },
  cn: {
    approve: (w) => ({
      title: `您的积分兑换 ${w.number} 已通过审核`,
      body: [`${w.goods} × ${w.quantity}（${w.points} 积分${w.cash ? ` 加 ${w.cash}` : ''}）已通过审核。`, w.remark ? `本站备注：${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
    reject: (w) => ({
      title: `您的积分兑换 ${w.number} 未通过审核`,
      body: [`${w.goods} × ${w.quantity} 未通过审核。${w.points} 积分已退回${w.cash ? `，冻结的 ${w.cash} 已可再次使用` : ''}。`, w.remark ? `原因：${w.remark}` : null].filter(Boolean).join('\n\n'),
    }),
  },
};

/**
 * The points mall (spec §2, §3 "Points", §4 redeem states). A member spends points (and, for some goods,
 * cash from the main wallet) on goods, and may buy points with cash; the site reviews goods
 * redemptions. Every change of points is a line of the points book written with the balance it leaves,
 * in the same transaction as the rest of the action (the order, the stock, the ledger posting or hold),
 * so an action happens whole or not at all. Client keys make every write safe to resend.
 */
export const pointsService = (deps: { repo: PointsRepository; ledger: LedgerService; members: MemberRepository; security: SecurityService; audit: AuditRepository; inbox?: MessagesRepository; notify?: RecordNotice }) => {
  const { repo, ledger, members, security, audit, inbox, notify = () => {} } = deps;

  const requireEnabled = (merchant: Merchant) => {
    if (!merchant.config.flags.PTSYS3) throw new AppError('POINTS_DISABLED');
  };

  /** The calling member, for a member call of an open points mall; trial accounts have no points. */
  const memberOf = async (merchant: Merchant, auth: AuthContext) => {
    requireEnabled(merchant);
    security.realAccountOnly(auth);
    const me = await members.findById(merchant.id, auth.memberId);
    if (!me) throw new AppError('NOT_LOGGED_IN');
    return me;
  };

  const mainAccount = (merchant: Merchant, memberId: bigint) => ledger.memberAccount(merchant.id, memberId, MAIN_WALLET, merchant.currency);

  const available = async (merchant: Merchant, memberId: bigint) => {
    const { balance, held } = await ledger.balanceOf(merchant.id, await mainAccount(merchant, memberId));
    return balance - held;
  };

  const config = (merchant: Merchant): PointConfigValue => {
    const { earn, convert } = merchant.config.points;
    return {
      enabled: merchant.config.flags.PTSYS3,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      earn: POINT_EARN_SOURCES.map((source) => ({ source, perAmount: fromMinor(toMinor(earn[source].perAmount)), points: earn[source].points })),
      convert: { enabled: convert.enabled, pointsPerUnit: convert.pointsPerUnit, min: fromMinor(toMinor(convert.min)), max: fromMinor(toMinor(convert.max)) },
      expires: false,
    };
  };

  const goods = async (merchant: Merchant): Promise<PointGoodsListValue> => {
    requireEnabled(merchant);
    return { items: (await repo.goodsOnSale(merchant.id)).map(goodsDto), currencySymbol: merchant.currencySymbol };
  };

  const balance = async (merchant: Merchant, auth: AuthContext): Promise<PointBalanceValue> => {
    const me = await memberOf(merchant, auth);
    const [summary, cash] = await Promise.all([repo.summary(merchant.id, me.id), available(merchant, me.id)]);
    return {
      points: Number(summary.balance),
      lifetimeEarned: Number(summary.lifetimeEarned),
      applying: summary.applying,
      available: fromMinor(cash),
      hasPaymentPassword: !!me.payment_password_hash,
      taken: summary.taken.map((t) => ({ goodsId: t.goodsId.toString(), quantity: t.quantity })),
    };
  };

  /** The answer for an order made under `key` before (or just now by a request racing this one). */
  const replayOrder = async (merchant: Merchant, memberId: bigint, key: string, hash: string): Promise<PointOrderResultValue> => {
    const found = await repo.findOrderByKey(memberId, key);
    if (!found) throw new Error('point order key vanished');
    if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const [summary, cash] = await Promise.all([repo.summary(merchant.id, memberId), available(merchant, memberId)]);
    return { order: orderDto(found), points: Number(summary.balance), available: fromMinor(cash), replayed: true };
  };

  /**
   * Writes a new order in one transaction. The member's points row is locked first: one member's points
   * writes run one at a time, always taking the points row before goods and ledger accounts (so they
   * never wait on each other in a circle), and a key the member used meanwhile is seen under that lock
   * and answered as the first request's replay, before any rule is judged again.
   */
  const placeOrder = async (
    merchant: Merchant,
    memberId: bigint,
    key: string,
    hash: string,
    work: (tx: Tx, points: bigint) => Promise<{ orderId: bigint; points: bigint }>,
  ): Promise<PointOrderResultValue> => {
    let made: { orderId: bigint; points: bigint };
    try {
      made = await ledger.inTransaction(merchant.id, async (tx) => {
        const account = await repo.lockAccount(tx, merchant.id, memberId);
        if (await repo.findOrderByKey(memberId, key, tx)) throw new KeyTaken();
        return work(tx, account.balance);
      });
    } catch (e) {
      if (e instanceof KeyTaken) return replayOrder(merchant, memberId, key, hash);
      throw e;
    }
    const [order, cash] = await Promise.all([repo.findOrder(merchant.id, made.orderId), available(merchant, memberId)]);
    if (!order) throw new Error('point order vanished');
    return { order: orderDto(order), points: Number(made.points), available: fromMinor(cash), replayed: false };
  };

  /**
   * Goods redemption (MCS2_redeemPointReward): points leave at once, the stock goes down, and the cash
   * part (if any) is held in the main wallet until the site approves (captured) or rejects (released,
   * points and stock returned).
   */
  const redeem = async (merchant: Merchant, auth: AuthContext, body: PointRedeemBody): Promise<PointOrderResultValue> => {
    const me = await memberOf(merchant, auth);
    const hash = hashOf({ kind: 'goods', goodsId: body.goodsId, quantity: body.quantity, address: body.address ?? null });
    // A resent request is answered with the first one before anything else is judged (as withdrawals are).
    if (await repo.findOrderByKey(me.id, body.idempotencyKey)) return replayOrder(merchant, me.id, body.idempotencyKey, hash);
    const listed = await repo.findGoods(merchant.id, BigInt(body.goodsId));
    if (!listed || !listed.on_sale) throw new AppError('POINT_GOODS_NOT_FOUND');
    if (listed.kind === 'physical' && !body.address) throw new AppError('POINT_ADDRESS_REQUIRED', [], { fields: [{ field: 'address', rule: 'required', message: '' }] });
    if (listed.kind === 'virtual' && body.address !== undefined) throw new AppError('VALIDATION_FAILED', ['address'], { fields: [{ field: 'address', rule: 'not_needed', message: '' }] });
    await security.verifyPaymentPassword(merchant.id, me.id, me.payment_password_hash ?? null, body.paymentPassword);
    const cashAccount = await mainAccount(merchant, me.id);

    const result = await placeOrder(merchant, me.id, body.idempotencyKey, hash, async (tx, pointsHeld) => {
      const g = await repo.lockGoods(tx, merchant.id, listed.id);
      if (!g || !g.on_sale) throw new AppError('POINT_GOODS_NOT_FOUND');
      if (g.remaining < body.quantity) throw new AppError('POINT_GOODS_SOLD_OUT', [g.remaining], { fields: [{ field: 'quantity', rule: 'max', message: '' }] });
      if (g.limit_per_member !== null) {
        const taken = await repo.takenBy(tx, g.id, me.id);
        if (taken + body.quantity > g.limit_per_member) throw new AppError('POINT_GOODS_LIMIT', [g.limit_per_member, taken], { fields: [{ field: 'quantity', rule: 'max', message: '' }] });
      }
      const points = g.points * BigInt(body.quantity);
      const amount = g.amount * BigInt(body.quantity);
      if (pointsHeld < points) throw new AppError('POINTS_INSUFFICIENT', [pointsHeld.toString(), points.toString()]);
      const inserted = await repo.insertOrder(tx, { merchantId: merchant.id, memberId: me.id, kind: 'goods', goodsId: g.id, quantity: body.quantity, points, amount, address: body.address ?? null, status: 'applying', key: body.idempotencyKey, hash });
      if (!inserted) throw new KeyTaken();
      await repo.updateGoods(tx, g.id, { remaining: g.remaining - body.quantity });
      const line = await repo.addLine(tx, { merchantId: merchant.id, memberId: me.id, kind: 'redeem', change: -points, orderId: inserted.id });
      if (amount > 0n) {
        const hold = await ledger.hold({ merchantId: merchant.id, accountId: cashAccount, amount, idempotencyKey: `point-order:${inserted.id}`, reference: pointOrderNumber(inserted.id) }, tx);
        await repo.updateOrder(tx, inserted.id, { hold_id: hold.holdId });
      }
      return { orderId: inserted.id, points: line.balance };
    });
    // Points alone move no money, so no balance event would tell the member's other open pages.
    if (!result.replayed) notify(merchant.id, me.id, `point-order:${result.order.id}:applying`);
    return result;
  };

  /** Cash to points (MCS2_convertPoint): whole units of the main wallet at the site's ratio, done at once. */
  const convert = async (merchant: Merchant, auth: AuthContext, body: PointConvertBody): Promise<PointOrderResultValue> => {
    const me = await memberOf(merchant, auth);
    const amount = toMinor(body.amount);
    // What was asked, not what the site's ratio made of it: a resend stays a replay after the ratio changes.
    const hash = hashOf({ kind: 'convert', amount: amount.toString() });
    if (await repo.findOrderByKey(me.id, body.idempotencyKey)) return replayOrder(merchant, me.id, body.idempotencyKey, hash);
    const rule = merchant.config.points.convert;
    if (!rule.enabled) throw new AppError('POINT_CONVERT_DISABLED');
    const [min, max] = [toMinor(rule.min), toMinor(rule.max)];
    if (amount < min || amount > max) throw new AppError('POINT_CONVERT_OUT_OF_RANGE', [fromMinor(min), fromMinor(max)], { fields: [{ field: 'amount', rule: 'range', message: '' }] });
    await security.verifyPaymentPassword(merchant.id, me.id, me.payment_password_hash ?? null, body.paymentPassword);
    const points = pointsForCash(amount, rule.pointsPerUnit);
    const [cashAccount, sales] = await Promise.all([mainAccount(merchant, me.id), ledger.houseAccount(merchant.id, POINTS_SALES, merchant.currency)]);

    return placeOrder(merchant, me.id, body.idempotencyKey, hash, async (tx) => {
      // The posting names the record's number, and the record is born approved naming its posting.
      const id = await repo.nextOrderId(tx);
      const posting = await ledger.post(
        {
          merchantId: merchant.id,
          type: 'POINTS_PURCHASE',
          idempotencyKey: `point-order:${id}`,
          legs: [{ accountId: cashAccount, amount: -amount }, { accountId: sales, amount }],
          reference: pointOrderNumber(id),
          metadata: { points: points.toString() },
        },
        tx,
      );
      const inserted = await repo.insertOrder(tx, { id, merchantId: merchant.id, memberId: me.id, kind: 'convert', goodsId: null, quantity: 1, points, amount, address: null, status: 'approved', key: body.idempotencyKey, hash, ledgerTransactionId: posting.transactionId });
      if (!inserted) throw new KeyTaken();
      const line = await repo.addLine(tx, { merchantId: merchant.id, memberId: me.id, kind: 'convert', change: points, orderId: id, basis: amount });
      return { orderId: id, points: line.balance };
    });
  };

  const orders = async (merchant: Merchant, auth: AuthContext, query: PointOrderListQuery): Promise<PointOrderListValue> => {
    const me = await memberOf(merchant, auth);
    const { items, total } = await repo.orderPage(merchant.id, { memberId: me.id, status: query.status, kind: query.kind }, query.page);
    return { items: items.map(orderDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  const details = async (merchant: Merchant, auth: AuthContext, query: PointEntryQuery): Promise<PointEntryListValue> => {
    const me = await memberOf(merchant, auth);
    const { items, total } = await repo.entryPage(merchant.id, me.id, query.kind, query.page);
    return {
      items: items.map((e) => ({
        id: e.id.toString(),
        createdAt: e.created_at.toISOString(),
        kind: e.kind as PointEntryListValue['items'][number]['kind'],
        change: Number(e.change),
        balance: Number(e.balance_after),
        orderNumber: e.order_id === null ? null : pointOrderNumber(e.order_id),
        basis: e.basis === null ? null : fromMinor(e.basis),
        note: e.note ?? null,
      })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  // ---- operators ----

  const opsGoods = async (actor: OperatorContext) => {
    allowRoles(actor, READ_ROLES);
    return { items: (await repo.allGoods(actor.merchantId)).map(opsGoodsDto) };
  };

  const createGoods = async (actor: OperatorContext, body: OpsPointGoodsBody, client: Client): Promise<OpsPointGoods> => {
    allowRoles(actor, GOODS_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const created = await repo.createGoods(
        {
        merchantId: actor.merchantId,
        name: body.name,
        description: body.description ?? null,
        art: body.art,
        kind: body.kind,
        points: BigInt(body.points),
        amount: toMinor(body.amount),
        stock: body.stock,
        limitPerMember: body.limitPerMember,
        onSale: body.onSale,
        sort: body.sort,
      }, tx);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'point_goods.create', targetType: 'point_goods', targetId: created.id.toString(), after: { ...body }, ip: client.ip }, tx);
      return created;
    });
    return opsGoodsDto(row);
  };

  const patchGoods = async (actor: OperatorContext, idText: string, body: OpsPointGoodsPatch, client: Client): Promise<OpsPointGoods> => {
    allowRoles(actor, GOODS_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const g = await repo.lockGoods(tx, actor.merchantId, BigInt(idText));
      if (!g) throw new AppError('POINT_GOODS_NOT_FOUND');
      const updated = await repo.updateGoods(tx, g.id, {
        ...(body.onSale === undefined ? {} : { on_sale: body.onSale }),
        ...(body.points === undefined ? {} : { points: BigInt(body.points) }),
        ...(body.amount === undefined ? {} : { amount: toMinor(body.amount) }),
        ...(body.limitPerMember === undefined ? {} : { limit_per_member: body.limitPerMember }),
        ...(body.sort === undefined ? {} : { sort: body.sort }),
        ...(body.addStock === undefined ? {} : { stock: g.stock + body.addStock, remaining: g.remaining + body.addStock }),
      });
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'point_goods.update',
          targetType: 'point_goods',
          targetId: g.id.toString(),
          before: { onSale: g.on_sale, points: Number(g.points), amount: fromMinor(g.amount), stock: g.stock, remaining: g.remaining, limitPerMember: g.limit_per_member, sort: g.sort },
          after: { onSale: updated.on_sale, points: Number(updated.points), amount: fromMinor(updated.amount), stock: updated.stock, remaining: updated.remaining, limitPerMember: updated.limit_per_member, sort: updated.sort },
          ip: client.ip,
        },
        tx,
      );
      return updated;
    });
    return opsGoodsDto(row);
  };

  const opsOrders = async (actor: OperatorContext, query: OpsPointOrderQuery): Promise<OpsPointOrderListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await repo.orderPage(actor.merchantId, { status: query.status }, query.page);
    return { items: items.map(opsOrderDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /**
   * The site's decision on a goods redemption, locked and audited with its effects: approving captures
   * the held cash into points sales; rejecting releases it and gives the points and the stock back. The
   * decision it is already in is answered as a replay; the other one is refused.
   */
  const decide = async (actor: OperatorContext, merchant: Merchant, idText: string, decision: 'approve' | 'reject', remark: string | undefined, client: Client): Promise<OpsPointOrderDecisionValue> => {
    allowRoles(actor, DECIDE_ROLES);
    if (decision === 'reject' && !remark) throw new AppError('VALIDATION_FAILED', ['remark'], { fields: [{ field: 'remark', rule: 'required', message: '' }] });
    const id = BigInt(idText);
    const target = decision === 'approve' ? 'approved' : 'rejected';
    const sales = decision === 'approve' ? await ledger.houseAccount(actor.merchantId, POINTS_SALES, merchant.currency) : 0n;

    let messageId: bigint | null = null;
    const outcome = await ledger.inTransaction(actor.merchantId, async (tx) => {
      messageId = null;
      const o = await repo.lockOrder(tx, actor.merchantId, id);
      if (!o || o.kind !== 'goods') throw new AppError('NOT_FOUND');
      if (o.status === target) return { replayed: true, memberId: o.member_id };
      if (o.status !== 'applying') throw new AppError('POINT_ORDER_DECIDED');
      const base = { merchantId: actor.merchantId, operatorId: actor.operatorId, targetType: 'point_order', targetId: id.toString(), reason: remark ?? null, ip: client.ip };
      const facts = { number: pointOrderNumber(id), memberId: o.member_id.toString(), points: Number(o.points), amount: fromMinor(o.amount), quantity: o.quantity };
      let transactionId: bigint | null = null;
      if (decision === 'approve') {
        if (o.hold_id !== null) transactionId = (await ledger.captureHold(actor.merchantId, o.hold_id, sales, 'POINTS_REDEMPTION', tx)).transactionId;
      } else {
        // The member's points row, then the good, then the ledger: the order every points write keeps.
        await repo.lockAccount(tx, actor.merchantId, o.member_id);
        const g = await repo.lockGoods(tx, actor.merchantId, o.goods_id!);
        if (!g) throw new Error('redeemed goods vanished');
        await repo.updateGoods(tx, g.id, { remaining: g.remaining + o.quantity });
        if (o.hold_id !== null) await ledger.releaseHold(actor.merchantId, o.hold_id, tx);
        await repo.addLine(tx, { merchantId: actor.merchantId, memberId: o.member_id, kind: 'refund', change: o.points, orderId: id, operatorId: actor.operatorId });
      }
      await repo.updateOrder(tx, id, { status: target, remark: remark ?? null, decided_by: actor.operatorId, decided_at: new Date(), ledger_transaction_id: transactionId });
      await audit.record({ ...base, action: `point_order.${decision}`, before: { status: o.status }, after: { status: target, ...facts }, ledgerTransactionId: transactionId }, tx);
      // The member hears of it in the inbox, in their language, with the site's remark (a voucher's code,
      // a delivery date, or why it was refused): the goods' own words promise it.
      if (inbox) {
        const facts = await repo.decisionFacts(tx, actor.merchantId, o.goods_id!, o.member_id);
        const lang = memberLanguage(facts.language, merchant.defaultLanguage);
        const words = { number: pointOrderNumber(id), goods: facts.goodsName ? localize(facts.goodsName, lang) : '', quantity: o.quantity, points: Number(o.points), cash: o.amount > 0n ? `${merchant.currencySymbol}${fromMinor(o.amount)}` : null, remark: remark ?? null };
        const text = DECISION_MESSAGE[lang][decision](words);
        messageId = (await inbox.send({ merchantId: actor.merchantId, memberId: o.member_id, title: text.title, body: text.body, sentBy: actor.operatorId }, tx)).id;
      }
      return { replayed: false, memberId: o.member_id };
    });
    // A decision without cash moves no money, so no balance event would tell the member's open pages.
    if (!outcome.replayed) notify(actor.merchantId, outcome.memberId, `point-order:${id}:${target}`);
    if (!outcome.replayed && messageId !== null) notify(actor.merchantId, outcome.memberId, `message:${messageId}`);
    const after = await repo.findOrder(actor.merchantId, id);
    if (!after) throw new Error('point order vanished');
    return { ...opsOrderDto(after), replayed: outcome.replayed };
  };

  /** An operator's signed points adjustment with a reason, once per key, audited with the balance before and after. */
  const adjust = async (actor: OperatorContext, memberIdText: string, body: OpsPointAdjustBody, client: Client): Promise<OpsPointAdjustValue> => {
    allowRoles(actor, ADJUST_ROLES);
    const memberId = BigInt(memberIdText);
    const member = await members.findById(actor.merchantId, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    if (isTrialType(member.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const key = `ops:${body.idempotencyKey}`;
    const hash = hashOf({ points: body.points, reason: body.reason });
    const replay = async (): Promise<OpsPointAdjustValue> => {
      const found = await repo.findEntryByKey(memberId, key);
      if (!found) throw new Error('point adjustment key vanished');
      if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { entryId: found.id.toString(), memberId: memberIdText, change: Number(found.change), balance: Number(found.balance_after), replayed: true };
    };
    if (await repo.findEntryByKey(memberId, key)) return replay();
    const change = BigInt(body.points);
    try {
      const made = await repo.db.transaction().execute(async (tx) => {
        const account = await repo.lockAccount(tx, actor.merchantId, memberId);
        // The same key sent again while the first was running: answered with the first.
        if (await repo.findEntryByKey(memberId, key, tx)) throw new KeyTaken();
        if (account.balance + change < 0n) throw new AppError('POINTS_INSUFFICIENT', [account.balance.toString(), (-change).toString()]);
        const line = await repo.addLine(tx, { merchantId: actor.merchantId, memberId, kind: 'adjust', change, note: body.reason, idempotencyKey: key, requestHash: hash, operatorId: actor.operatorId });
        await audit.record(
          { merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'member.points_adjustment', targetType: 'member', targetId: memberIdText, before: { points: Number(account.balance) }, after: { points: Number(line.balance), change: body.points }, reason: body.reason, ip: client.ip },
          tx,
        );
        return line;
      });
      notify(actor.merchantId, memberId, `points:${made.entryId}`);
      return { entryId: made.entryId.toString(), memberId: memberIdText, change: body.points, balance: Number(made.balance), replayed: false };
    } catch (e) {
      if (e instanceof KeyTaken) return replay();
      throw e;
    }
  };

  return { config, goods, balance, redeem, convert, orders, details, opsGoods, createGoods, patchGoods, opsOrders, decide, adjust };
};
export type PointsService = ReturnType<typeof pointsService>;
