import { FEEDBACK_PER_HOUR, FEEDBACK_PER_HOUR_PER_ADDRESS, LIST_PAGE_SIZE, isTrialType, type FeedbackBody, type FeedbackListQuery, type FeedbackSentValue, type MyFeedback, type MyFeedbackListValue, type OpsFeedback, type OpsFeedbackListValue, type OpsFeedbackQuery, type OpsFeedbackResolveBody } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { memberLanguage } from '../../lib/lang.js';
import type { RecordNotice } from '../../lib/events.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import type { MessagesRepository } from '../messages/messages.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const ANSWER_ROLES = ['admin', 'support'] as const;
const HOUR_MS = 3_600_000;

/** The inbox message that carries an answer, in the member's language. */
const ANSWER_TITLE: Record<'en' | 'km' | 'cn', (id: string) => string> = {
  en: (id) => `Your feedback #${id} has an answer`,
  km: (id) => `មតិកែលម្អ #${id} របស់អ្នកមានចម្លើយហើយ`,
  cn: (id) => `您的反馈 #${id} 已答复`,
};
/** In the member's language; a member who never chose one reads the site's default, then English. */
const answerTitle = (language: string | null, siteLanguage: string, id: string) => ANSWER_TITLE[memberLanguage(language, siteLanguage)](id);

const toMine = (r: FeedbackRow): MyFeedback => ({
  id: r.id.toString(),
  type: r.type,
  content: r.content,
  status: r.status,
  reply: r.reply,
  createdAt: r.created_at.toISOString(),
  resolvedAt: r.resolved_at?.toISOString() ?? null,
});

const toOps = (r: FeedbackRow): OpsFeedback => ({
  ...toMine(r),
  sender: r.sender,
  contact: r.contact,
  memberId: r.member_id?.toString() ?? null,
  username: r.username ?? null,
  resolvedBy: r.resolver ?? null,
});

/**
 * Feedback and complaints (spec §3, §5): anyone may send it, a visitor with a name, a member as their
 * account; a captcha every time, and at most FEEDBACK_PER_HOUR an hour per member and
 * FEEDBACK_PER_HOUR_PER_ADDRESS per address (members and visitors alike).
 * Members read their own with the answer; operators list and answer them, each answer audited.
 */
export const feedbackService = (deps: { repo: FeedbackRepository; captchas: CaptchaService; throttles: ThrottleStore; audit: AuditRepository; inbox?: MessagesRepository; notify?: RecordNotice }) => {
  const { repo, captchas, throttles, audit, inbox, notify = () => {} } = deps;

  const send = async (merchantId: bigint, sender: AuthContext | null, body: FeedbackBody, client: Client): Promise<FeedbackSentValue> => {
    const name = sender ? sender.username : body.sender;
    if (!name) throw new AppError('FEEDBACK_SENDER_REQUIRED');
    if (!body.captcha?.trim()) throw new AppError('CAPTCHA_REQUIRED');
    const limits = [
      { key: `feedback:${merchantId}:ip:${client.ip}`, max: FEEDBACK_PER_HOUR_PER_ADDRESS },
      ...(sender ? [{ key: `feedback:${merchantId}:member:${sender.memberId}`, max: FEEDBACK_PER_HOUR }] : []),
    ];
    const tooMany = (windowStart: Date | null) => {
      const left = windowStart ? windowStart.getTime() + HOUR_MS - Date.now() : HOUR_MS;
      return new AppError('TOO_MANY_REQUESTS', [Math.max(1, Math.ceil(left / 60_000))]);
    };
    // Read before the captcha is spent, counted only once it passed: a refused try costs no quota.
    for (const { key, max } of limits) {
      const state = await throttles.peek(key, HOUR_MS);
      if (state.count >= max) throw tooMany(state.windowStart);
    }
    if (!(await captchas.verify(merchantId, body.captchaId, body.captcha))) throw new AppError('CAPTCHA_INVALID');
    // The count itself decides: sends racing past the read above are numbered one by one here.
    for (const { key, max } of limits) {
      const state = await throttles.hit(key, HOUR_MS);
      if (state.count > max) throw tooMany(state.windowStart);
    }
    const row = await repo.create({
      merchantId,
      memberId: sender?.memberId ?? null,
      sender: name,
      contact: sender ? null : (body.contact || null),
      type: body.type,
      content: body.content,
      ip: client.ip,
    });
    return { id: row.id.toString(), status: row.status, createdAt: row.created_at.toISOString() };
  };

  const listMine = async (auth: AuthContext, query: FeedbackListQuery): Promise<MyFeedbackListValue> => {
    const { items, total } = await repo.page(auth.merchantId, { memberId: auth.memberId }, query.page);
    return { items: items.map(toMine), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  const listForOps = async (actor: OperatorContext, query: OpsFeedbackQuery): Promise<OpsFeedbackListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await repo.page(actor.merchantId, { status: query.status, type: query.type }, query.page);
    return { items: items.map(toOps), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /**
   * Answers open feedback once: locked, resolved and audited in one transaction, with an inbox message
   * to a member who sent it (the answer, titled in their language); a second answer is a 409.
   */
  const resolve = async (actor: OperatorContext, siteLanguage: string, idText: string, body: OpsFeedbackResolveBody, client: Client): Promise<OpsFeedback> => {
    allowRoles(actor, ANSWER_ROLES);
    const id = BigInt(idText);
    const result = await repo.db.transaction().execute(async (tx) => {
      const locked = await repo.lock(tx, actor.merchantId, id);
      if (!locked) throw new AppError('NOT_FOUND');
      if (locked.status !== 'open') throw new AppError('FEEDBACK_ALREADY_RESOLVED');
      await repo.resolve(tx, id, body.reply, actor.operatorId);
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'feedback.resolve',
          targetType: 'feedback',
          targetId: id.toString(),
          before: { status: 'open' },
          after: { status: 'resolved', reply: body.reply },
          ip: client.ip,
        },
        tx,
      );
      const answered = (await repo.find(actor.merchantId, id, tx))!;
      // Trial accounts have no inbox (spec §4): they read the answer beside their feedback only.
      const message =
        answered.member_id && inbox && !isTrialType(answered.member_type ?? 0)
          ? await inbox.send({ merchantId: actor.merchantId, memberId: answered.member_id, title: answerTitle(answered.member_language, siteLanguage, id.toString()), body: body.reply, sentBy: actor.operatorId }, tx)
          : null;
      return { answered, message };
    });
    const { answered: row, message } = result;
    // One notice for both: the feedback list and the inbox count are read again.
    if (row.member_id) notify(actor.merchantId, row.member_id, message ? `message:${message.id}` : `feedback:${id}:resolved`);
    return toOps(row);
  };

  return { send, listMine, listForOps, resolve };
};
export type FeedbackService = ReturnType<typeof feedbackService>;
