import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_SENDER_MAX, FEEDBACK_TYPES, feedbackLength, type FeedbackBody } from '@apsara/contracts';

/** What the form holds; `type` is the select's value ('' until one is chosen). */
export type FeedbackFormValues = { type: string; content: string; sender: string; contact: string; captcha: string };
export type FeedbackField = keyof FeedbackFormValues;
export type FeedbackProblem = 'empty' | 'tooShort' | 'tooLong' | 'oneLine';

/** The select's options in the order people look for them: money first, "others" last. */
export const FEEDBACK_TYPE_OPTIONS = [
  { name: 'deposit', code: FEEDBACK_TYPES.deposit },
  { name: 'withdrawal', code: FEEDBACK_TYPES.withdrawal },
  { name: 'game', code: FEEDBACK_TYPES.game },
  { name: 'customerService', code: FEEDBACK_TYPES.customerService },
  { name: 'agentApplication', code: FEEDBACK_TYPES.agentApplication },
  { name: 'others', code: FEEDBACK_TYPES.others },
] as const;

export const typeNameOf = (code: number) => FEEDBACK_TYPE_OPTIONS.find((o) => o.code === code)?.name ?? 'others';

/** The order fields are named in the "… is empty" warning: the order they stand in the form. */
const ORDER: FeedbackField[] = ['type', 'content', 'sender', 'contact', 'captcha'];

/**
 * Spec §5 "Feedback": type, description and captcha are required (and a visitor's name); the
 * description counts 20–200 characters after trimming. Returns each field's problem; `missing` lists
 * the empty required fields in form order, for the one warning that names them all.
 */
export const checkFeedback = (values: FeedbackFormValues, visitor: boolean) => {
  const problems: Partial<Record<FeedbackField, FeedbackProblem>> = {};
  if (!values.type) problems.type = 'empty';
  const length = feedbackLength(values.content);
  if (length === 0) problems.content = 'empty';
  else if (length < FEEDBACK_CONTENT_MIN) problems.content = 'tooShort';
  else if (length > FEEDBACK_CONTENT_MAX) problems.content = 'tooLong';
  if (visitor) {
    const sender = values.sender.trim();
    if (!sender) problems.sender = 'empty';
    else if ([...sender].length > FEEDBACK_SENDER_MAX) problems.sender = 'tooLong';
    if ([...values.contact.trim()].length > FEEDBACK_CONTACT_MAX) problems.contact = 'tooLong';
  }
  if (!values.captcha.trim()) problems.captcha = 'empty';
  const missing = ORDER.filter((f) => problems[f] === 'empty');
  return { problems, missing, ok: Object.keys(problems).length === 0 };
};

/**
 * What the form shows for its values: nothing before the first Send (nobody is told off for a form they
 * have not finished), then the check of the values as they are now, so an error goes away as soon as
 * its field is put right (and a new one shows as soon as a field is broken again).
 */
export const shownFeedbackCheck = (values: FeedbackFormValues, visitor: boolean, tried: boolean): { problems: Partial<Record<FeedbackField, FeedbackProblem>>; missing: FeedbackField[] } => {
  if (!tried) return { problems: {}, missing: [] };
  const { problems, missing } = checkFeedback(values, visitor);
  return { problems, missing };
};

/** The request body for checked values: trimmed, a member's name and contact left to the server. */
export const toFeedbackBody = (values: FeedbackFormValues, visitor: boolean, captchaId: string | null): FeedbackBody => ({
  type: Number(values.type),
  content: values.content.trim(),
  ...(visitor ? { sender: values.sender.trim(), ...(values.contact.trim() ? { contact: values.contact.trim() } : {}) } : {}),
  captcha: values.captcha.trim(),
  ...(captchaId ? { captchaId } : {}),
});
