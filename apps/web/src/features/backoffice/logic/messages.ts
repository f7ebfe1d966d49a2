import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, OpsMessageBody } from '@apsara/contracts';

/*
 * Member messages (POST /ops/messages, docs/messages.md): the compose form as plain data, its checks
 * (the contract's own schema, so the console refuses exactly what the server refuses) and the body
 * it sends.
 */

export type MessageAudience = 'one' | 'all';
export type MessageForm = { audience: MessageAudience; toUsername: string; title: string; body: string };
export type MessageField = 'toUsername' | 'title' | 'body';
/** Rule keys, worded under `contentAdmin.messages.rule.<key>`. */
export type MessageRule = 'required' | 'too_long' | 'one_line' | 'username' | 'invalid';

export const emptyMessageForm = (): MessageForm => ({ audience: 'one', toUsername: '', title: '', body: '' });

/** The body of POST /ops/messages: one member by username, or every member, never both. */
export const messageBody = (f: MessageForm, idempotencyKey?: string): OpsMessageBody => ({
  title: f.title.trim(),
  body: f.body.trim(),
  ...(f.audience === 'one' ? { toUsername: f.toUsername.trim() } : { toAll: true as const }),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/** Counted as the server counts: Unicode code points after trimming. */
export const textLength = (v: string) => [...v.trim()].length;

const ruleOf = (field: MessageField, f: MessageForm): MessageRule => {
  const v = f[field].trim();
  if (!v) return 'required';
  if (field === 'title' && /[\r\n]/.test(v)) return 'one_line';
  if (field === 'title' && textLength(v) > MESSAGE_TITLE_MAX) return 'too_long';
  if (field === 'body' && textLength(v) > MESSAGE_BODY_MAX) return 'too_long';
  if (field === 'toUsername') return 'username';
  return 'invalid';
};

/** What the server would refuse, per field: the contract's schema decides, the rule names why. */
export const messageProblems = (f: MessageForm): Partial<Record<MessageField, MessageRule>> => {
  const parsed = OpsMessageBody.safeParse(messageBody(f));
  if (parsed.success) return {};
  const out: Partial<Record<MessageField, MessageRule>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'title' || field === 'body' || field === 'toUsername') out[field] ??= ruleOf(field, f);
  }
  return out;
};

/** A message's recipient as the list shows it: null is every member of the site. */
export const recipientOf = (toUsername: string | null): { all: true } | { all: false; username: string } => (toUsername === null ? { all: true } : { all: false, username: toUsername });
