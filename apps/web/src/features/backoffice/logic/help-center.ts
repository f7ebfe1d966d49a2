import {
  HELP_BODY_MAX,
  HELP_ICONS,
  HELP_KEY,
  HELP_TITLE_MAX,
  HelpBody,
  HelpTitle,
  isHelpPath,
  type HelpAction,
  type HelpActionKind,
  type HelpIcon,
  type Lang,
  type OpsHelpTopic,
  type OpsHelpTopicBody,
  type OpsHelpTopicPatch,
} from '@apsara/contracts';
import { TEXT_LANGS, textOf, textsOf, type Texts } from './announcements';

/*
 * The help center's back office (GET/POST /ops/help-topics, PATCH/DELETE …/:id, POST …/:id/move;
 * docs/help-center.md): the topic form as plain data, the bodies it sends and the checks the server
 * makes, so the form names a problem before a round trip.
 */

export const HELP_TEXT_MAX = { title: HELP_TITLE_MAX, body: HELP_BODY_MAX } as const;

export type HelpTopicForm = {
  key: string;
  icon: HelpIcon;
  title: Texts;
  body: Texts;
  action: HelpActionKind;
  /** The page of the site a `path` action opens. */
  path: string;
  enabled: boolean;
};

export type HelpRule = 'key_format' | 'required' | 'site_lang' | 'en_required' | 'too_long' | 'invalid' | 'path_format' | 'icon' | 'nothing';
export type HelpProblems = Partial<Record<string, HelpRule>>;

export const newHelpTopicForm = (): HelpTopicForm => ({ key: '', icon: 'help', title: { en: '', km: '', cn: '' }, body: { en: '', km: '', cn: '' }, action: 'none', path: '', enabled: true });

export const helpTopicForm = (t: OpsHelpTopic): HelpTopicForm => ({
  key: t.key,
  icon: t.icon,
  title: textsOf(t.title),
  body: textsOf(t.body),
  action: t.action.kind,
  path: t.action.kind === 'path' ? t.action.path : '',
  enabled: t.enabled,
});

const actionOf = (f: HelpTopicForm): HelpAction => (f.action === 'path' ? { kind: 'path', path: f.path.trim() } : { kind: f.action });

/** The body of POST /ops/help-topics. */
export const helpTopicBody = (f: HelpTopicForm): OpsHelpTopicBody => ({
  key: f.key.trim(),
  icon: f.icon,
  title: textOf(f.title) ?? '',
  body: textOf(f.body),
  action: actionOf(f),
  enabled: f.enabled,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of PATCH /ops/help-topics/:id: only what changed (the audit's before and after show the change alone). */
export const helpTopicPatch = (t: OpsHelpTopic, f: HelpTopicForm): OpsHelpTopicPatch => {
  const next = helpTopicBody(f);
  const patch: Record<string, unknown> = {};
  if (next.key !== t.key) patch.key = next.key;
  if (next.icon !== t.icon) patch.icon = next.icon;
  if (!same(next.title, t.title)) patch.title = next.title;
  if (!same(next.body, t.body)) patch.body = next.body;
  if (!same(next.action, t.action)) patch.action = next.action;
  if (next.enabled !== t.enabled) patch.enabled = next.enabled;
  return patch as OpsHelpTopicPatch;
};

/** Each box of a text, checked as the contract and the server check it. */
const textProblems = (field: 'title' | 'body', texts: Texts, siteLang: Lang, out: HelpProblems) => {
  const written = TEXT_LANGS.filter((l) => texts[l].trim());
  if (written.length === 0) {
    if (field === 'title') out[`title.${siteLang}`] = 'required';
    return;
  }
  const oneForAll = written.length === 1 && written[0] === 'en';
  if (!texts.en.trim()) out[`${field}.en`] = 'en_required';
  // The title in the site's own language (English alone is one text for every language).
  if (field === 'title' && !oneForAll && !texts[siteLang].trim()) out[`title.${siteLang}`] = 'site_lang';
  const schema = field === 'title' ? HelpTitle : HelpBody;
  for (const lang of TEXT_LANGS) {
    const v = texts[lang].trim();
    if (v && !schema.safeParse(v).success) out[`${field}.${lang}`] = [...v].length > HELP_TEXT_MAX[field] || v.length > HELP_TEXT_MAX[field] ? 'too_long' : 'invalid';
  }
};

/** What the server would refuse in a topic, by form path (`key`, `title.km`, `path` …). */
export const helpTopicProblems = (f: HelpTopicForm, siteLang: Lang): HelpProblems => {
  const out: HelpProblems = {};
  if (!HELP_KEY.test(f.key.trim())) out.key = 'key_format';
  if (!(HELP_ICONS as readonly string[]).includes(f.icon)) out.icon = 'icon';
  textProblems('title', f.title, siteLang, out);
  textProblems('body', f.body, siteLang, out);
  if (f.action === 'path' && !isHelpPath(f.path.trim())) out.path = 'path_format';
  return out;
};

/** Whether a topic at `index` of `count` can move that way. */
export const canMove = (index: number, count: number, direction: 'up' | 'down') => (direction === 'up' ? index > 0 : index < count - 1);

/** The words of a rule, with the bounds of its field. */
export const helpRuleVars = (path: string) => ({ max: path.startsWith('body') ? HELP_BODY_MAX : HELP_TITLE_MAX });
