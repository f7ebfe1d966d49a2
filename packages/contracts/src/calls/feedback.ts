import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { IdString } from './ops.js';
import { text, trimmedText } from './text.js';

/**
 * Feedback and complaints (spec §3 "Feedback", §5 "Feedback"): a question type, a description of
 * 20–200 characters after trimming, the sender's name and a captcha. Types keep the spec's numbers
 * (5 is not used).
 */
export const FEEDBACK_TYPES = { others: 0, deposit: 1, withdrawal: 2, game: 3, customerService: 4, agentApplication: 6 } as const;
export type FeedbackTypeName = keyof typeof FEEDBACK_TYPES;
export const FEEDBACK_TYPE_CODES = Object.values(FEEDBACK_TYPES) as readonly number[];
export const FEEDBACK_CONTENT_MIN = 20;
export const FEEDBACK_CONTENT_MAX = 200;
export const FEEDBACK_SENDER_MAX = 40;
export const FEEDBACK_CONTACT_MAX = 100;
export const FEEDBACK_REPLY_MAX = 500;
/** Feedback one member may send in an hour. */
export const FEEDBACK_PER_HOUR = 5;
/** Feedback one address may send in an hour: higher, as a café or an office shares one address. */
export const FEEDBACK_PER_HOUR_PER_ADDRESS = 20;

const isFeedbackType = (v: number) => FEEDBACK_TYPE_CODES.includes(v);
/** In a JSON body: a number, nothing coerced (null, "", false and [] are not "others"). */
export const FeedbackType = z.number().int().refine(isFeedbackType, { message: `one of ${FEEDBACK_TYPE_CODES.join(', ')}` });
/** In a query string: digits only, then the same set. */
const FeedbackTypeParam = z
  .string()
  .regex(/^\d{1,2}$/, { message: `one of ${FEEDBACK_TYPE_CODES.join(', ')}` })
  .transform(Number)
  .refine(isFeedbackType, { message: `one of ${FEEDBACK_TYPE_CODES.join(', ')}` });

/** Characters counted as Unicode code points (an emoji is one; a Khmer syllable with its signs is several). */
export const feedbackLength = (value: string) => [...value.trim()].length;

const trimmedLine = (max: number) => trimmedText(0, max).refine((v) => !/[\r\n\t]/.test(v), { message: 'one line only' });

/** PUT /wps/feedback — signed in or not; a visitor must give a name, a member's is their account. */
export const FeedbackBody = z.strictObject({
  type: FeedbackType,
  content: trimmedText(FEEDBACK_CONTENT_MIN, FEEDBACK_CONTENT_MAX),
  sender: trimmedLine(FEEDBACK_SENDER_MAX).optional(),
  /** How a visitor can be answered (e-mail, phone, messenger); optional. */
  contact: trimmedLine(FEEDBACK_CONTACT_MAX).optional(),
  captcha: text(16).optional(),
  captchaId: text(64).optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;

export const FeedbackStatus = z.enum(['open', 'resolved']);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

export const FeedbackSentValue = z.object({ id: IdString, status: FeedbackStatus, createdAt: z.string() });
export const FeedbackSentResponse = ok(FeedbackSentValue);
export type FeedbackSentValue = z.infer<typeof FeedbackSentValue>;

/** A member's own feedback, with the operator's answer once resolved. */
export const MyFeedback = z.object({
  id: IdString,
  type: z.number().int(),
  content: z.string(),
  status: FeedbackStatus,
  reply: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MyFeedback = z.infer<typeof MyFeedback>;

export const FeedbackListQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;
export const MyFeedbackListValue = z.object({ items: z.array(MyFeedback), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export const MyFeedbackListResponse = ok(MyFeedbackListValue);
export type MyFeedbackListValue = z.infer<typeof MyFeedbackListValue>;

/** GET /ops/feedback — what an operator reads: who sent it and how to answer a visitor. */
export const OpsFeedback = MyFeedback.extend({
  sender: z.string(),
  contact: z.string().nullable(),
  memberId: IdString.nullable(),
  username: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type OpsFeedback = z.infer<typeof OpsFeedback>;
export const OpsFeedbackQuery = FeedbackListQuery.extend({ status: FeedbackStatus.optional(), type: FeedbackTypeParam.optional() });
export type OpsFeedbackQuery = z.infer<typeof OpsFeedbackQuery>;
export const OpsFeedbackListValue = z.object({ items: z.array(OpsFeedback), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export const OpsFeedbackListResponse = ok(OpsFeedbackListValue);
export type OpsFeedbackListValue = z.infer<typeof OpsFeedbackListValue>;

export const OpsFeedbackParams = z.object({ id: IdString });
/** POST /ops/feedback/:id/resolve — the answer the member reads beside their feedback. */
export const OpsFeedbackResolveBody = z.strictObject({
  reply: trimmedText(1, FEEDBACK_REPLY_MAX),
});
export type OpsFeedbackResolveBody = z.infer<typeof OpsFeedbackResolveBody>;
export const OpsFeedbackResolveResponse = ok(OpsFeedback);
