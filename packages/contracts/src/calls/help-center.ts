import { z } from 'zod';
import { LANGUAGES, type Lang } from '../constants.js';
import { ok } from '../envelope.js';
import { localizedTextOf } from './localized.js';
import { SITE_PATH } from './announcements.js';
import { IdString } from './ops.js';
import { text } from './text.js';

/*
 * The help center (spec §2 popups "help center", §7 `/wps/system/helpCenter`; docs/help-center.md):
 * topics each site's operators write, the portal's help popup reads them in the reader's language.
 */

/** The icons a topic may show: names of the portal's icon set (components/ui/icons). */
export const HELP_ICONS = ['help', 'user', 'briefcase', 'slots', 'download', 'shield', 'users', 'mail', 'chat', 'wallet', 'deposit', 'withdraw', 'gift', 'star', 'lock', 'info', 'card', 'clock', 'trophy', 'crown', 'headset', 'globe'] as const;
export type HelpIcon = (typeof HELP_ICONS)[number];

/** What a topic offers under its text: nothing, the feedback form, the live chat (when the site has it) or a page of the site. */
export const HELP_ACTION_KINDS = ['none', 'feedback', 'chat', 'path'] as const;
export type HelpActionKind = (typeof HELP_ACTION_KINDS)[number];

export const HELP_KEY = /^[a-z0-9-]{2,40}$/;
export const HELP_TITLE_MAX = 120;
export const HELP_BODY_MAX = 4000;
export const HELP_PATH_MAX = 200;
/** At most this many topics per site (the popup is a short list, not a knowledge base). */
export const HELP_TOPICS_MAX = 50;

/**
 * A page of this site: one slash, no `//` anywhere, no scheme, backslash, spaces, quotes, angle
 * brackets or control characters (never an open redirect).
 */
export const isHelpPath = (v: string) => v.length <= HELP_PATH_MAX && SITE_PATH.test(v) && !v.includes('//');

export const HelpPath = z.string().max(HELP_PATH_MAX).refine(isHelpPath, { message: 'a path of this site starting with / (no //, no scheme)' });

export const HelpAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('feedback') }),
  z.strictObject({ kind: z.literal('chat') }),
  z.strictObject({ kind: z.literal('path'), path: HelpPath }),
]);
export type HelpAction = z.infer<typeof HelpAction>;

/** A topic's title and body: the project's LocalizedText shape (one string, or `{en, km?, cn?}`). */
export const HelpTitle = localizedTextOf(HELP_TITLE_MAX);
export const HelpBody = localizedTextOf(HELP_BODY_MAX);
export type HelpText = z.infer<typeof HelpTitle>;

/** Whether a text has words in `lang` (one string is every language's). */
export const hasLang = (t: HelpText, lang: Lang) => typeof t === 'string' || (t[lang] ?? '').trim().length > 0;

/** The text in `lang`, else in the site's language, else English. */
export const helpTextIn = (t: HelpText, lang: Lang, siteLang: Lang): string => (typeof t === 'string' ? t : (t[lang] ?? t[siteLang] ?? t.en));

// ---- the portal's call ----

/** GET /wps/system/helpCenter — `lang` is the usual request language (else Accept-Language, else the site's). */
export const HelpCenterQuery = z.object({ lang: text(16).optional() });
export type HelpCenterQuery = z.infer<typeof HelpCenterQuery>;

export const HelpTopicItem = z.object({
  key: z.string(),
  icon: z.enum(HELP_ICONS),
  title: z.string(),
  body: z.string(),
  action: HelpAction,
});
export type HelpTopicItem = z.infer<typeof HelpTopicItem>;

export const HelpCenterValue = z.object({ lang: z.enum(LANGUAGES), topics: z.array(HelpTopicItem) });
export type HelpCenterValue = z.infer<typeof HelpCenterValue>;
export const HelpCenterResponse = ok(HelpCenterValue);

// ---- operators ----

export const OpsHelpTopic = z.object({
  id: IdString,
  key: z.string(),
  sort: z.number().int(),
  icon: z.enum(HELP_ICONS),
  title: HelpTitle,
  body: HelpBody.nullable(),
  action: HelpAction,
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpsHelpTopic = z.infer<typeof OpsHelpTopic>;
export const OpsHelpTopicResponse = ok(OpsHelpTopic);
export const OpsHelpTopicListValue = z.object({ items: z.array(OpsHelpTopic) });
export type OpsHelpTopicListValue = z.infer<typeof OpsHelpTopicListValue>;
export const OpsHelpTopicListResponse = ok(OpsHelpTopicListValue);

const HelpKey = z.string().regex(HELP_KEY, { message: '2–40 lower-case letters, digits or -' });
const Sort = z.number().int().min(0).max(100_000);

/** POST /ops/help-topics — a new topic (last in the list unless `sort` says where). */
export const OpsHelpTopicBody = z.strictObject({
  key: HelpKey,
  icon: z.enum(HELP_ICONS),
  title: HelpTitle,
  body: HelpBody.nullable().default(null),
  action: HelpAction.default({ kind: 'none' }),
  enabled: z.boolean().default(true),
  sort: Sort.optional(),
});
export type OpsHelpTopicBody = z.infer<typeof OpsHelpTopicBody>;

/** PATCH /ops/help-topics/:id — any field; `enabled` switches it on or off, `sort` moves it. */
export const OpsHelpTopicPatch = z
  .strictObject({
    key: HelpKey.optional(),
    icon: z.enum(HELP_ICONS).optional(),
    title: HelpTitle.optional(),
    body: HelpBody.nullable().optional(),
    action: HelpAction.optional(),
    enabled: z.boolean().optional(),
    sort: Sort.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['key'] });
export type OpsHelpTopicPatch = z.infer<typeof OpsHelpTopicPatch>;

/** POST /ops/help-topics/:id/move — one place up or down in the popup's order. */
export const OpsHelpTopicMoveBody = z.strictObject({ direction: z.enum(['up', 'down']) });
export type OpsHelpTopicMoveBody = z.infer<typeof OpsHelpTopicMoveBody>;

export const OpsHelpTopicDeletedValue = z.object({ id: IdString, deleted: z.literal(true) });
export const OpsHelpTopicDeletedResponse = ok(OpsHelpTopicDeletedValue);
