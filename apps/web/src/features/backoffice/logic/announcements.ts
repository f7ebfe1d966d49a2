import {
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_PHASES,
  ANNOUNCEMENT_RULE_CODES,
  OpsAnnouncementBody,
  announcementIssues,
  type AnnouncementAudience,
  type AnnouncementIssue,
  type AnnouncementKind,
  type AnnouncementPhase,
  type AnnouncementRule,
  type BannerArt,
  type BannerGroup,
  type LinkageType,
  type LocalizedText,
  type OpsAnnouncement,
  type OpsAnnouncementPatch,
  type PopupExecution,
} from '@apsara/contracts';
import { offsetMinutes, zoneParts } from '../../../lib/date-range';

/*
 * The announcements form (POST /ops/announcements, PATCH /ops/announcements/:id). Inputs hold text,
 * so the form has its own values, the conversion both ways, and a check that gives the contract's
 * verdict (OpsAnnouncementBody, whose kind rules are `announcementIssues`) field by field with
 * message keys in the operator's language. announcements.test.ts holds the two to the same verdicts;
 * the server checks again and its field errors land on the same fields.
 */

export type AnnouncementTab = 'all' | AnnouncementKind;
export const ANNOUNCEMENT_TABS: readonly AnnouncementTab[] = ['all', ...ANNOUNCEMENT_KINDS];

export const tabFromSearch = (raw: string | null): AnnouncementTab => ((ANNOUNCEMENT_TABS as readonly string[]).includes(raw ?? '') ? (raw as AnnouncementTab) : 'all');

/** The list's filter by where each stands (?phase=); anything else is no filter. */
export const phaseFromSearch = (raw: string | null): AnnouncementPhase | undefined =>
  (ANNOUNCEMENT_PHASES as readonly string[]).includes(raw ?? '') ? (raw as AnnouncementPhase) : undefined;

/** An id the server could hold (as its `:id` routes take them); anything else is not asked for. */
export const isAnnouncementId = (raw: string): boolean => /^[1-9]\d{0,17}$/.test(raw);

/**
 * The list to go back to once an announcement is saved: the tab it was asked from (its own kind's tab
 * unless on "all"), keeping the phase filter only if the saved one passes it, so it is in the list;
 * the page is found by the server (`around`).
 */
export const listSearchAfterSave = (from: { tab: AnnouncementTab; phase?: AnnouncementPhase }, saved: { kind: AnnouncementKind; phase: AnnouncementPhase }): string => {
  const search = new URLSearchParams();
  if (from.tab !== 'all') search.set('kind', saved.kind);
  if (from.phase && from.phase === saved.phase) search.set('phase', from.phase);
  return `?${search.toString()}`;
};

/** What the form shows for each kind (docs/announcements.md, "Kinds"). */
export const KIND_FIELDS = {
  banner: { content: false, bannerTexts: true, group: true, art: true, image: true, link: true, execution: false, pinned: false, audience: true },
  player: { content: true, bannerTexts: false, group: false, art: false, image: false, link: false, execution: false, pinned: true, audience: true },
  popup: { content: true, bannerTexts: false, group: false, art: false, image: true, link: true, execution: true, pinned: true, audience: true },
  promotion: { content: true, bannerTexts: false, group: false, art: false, image: true, link: true, execution: false, pinned: true, audience: true },
  // Agent notices are read by agents only: no audience to choose.
  agent: { content: true, bannerTexts: false, group: false, art: false, image: false, link: false, execution: false, pinned: true, audience: false },
} as const satisfies Record<AnnouncementKind, Record<string, boolean>>;

// ---- Texts in several languages ----

export const TEXT_LANGS = ['en', 'km', 'cn'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];
export type Texts = Record<TextLang, string>;

/** The short tag of each language box, the same in every language of the back office (as its language switch). */
export const LANG_TAG: Record<TextLang, string> = { en: 'EN', km: 'ខ្មែរ', cn: '中文' };
export const htmlLang = (lang: TextLang) => (lang === 'cn' ? 'zh-CN' : lang);

export const TEXT_FIELDS = ['title', 'content', 'subtitle', 'eyebrow', 'cta'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The contract's limits of each text (localizedTextOf(max) in calls/announcements.ts). */
export const TEXT_MAX: Record<TextField, number> = { title: 120, content: 4000, subtitle: 200, eyebrow: 60, cta: 60 };

const noTexts = (): Texts => ({ en: '', km: '', cn: '' });

/** A text as the form edits it: one string for every language is the English box, the others empty (they fall back to it). */
export const textsOf = (text: LocalizedText | string | null | undefined): Texts => {
  if (text === null || text === undefined) return noTexts();
  if (typeof text === 'string') return { en: text, km: '', cn: '' };
  return { en: text.en, km: text.km ?? '', cn: text.cn ?? '' };
};

/**
 * The boxes as the contract takes them: nothing written is null, English alone is one string for
 * every language, more is {en, km?, cn?}. Kept as typed (only the ends trimmed).
 */
export const textOf = (texts: Texts): LocalizedText | null => {
  const [en, km, cn] = TEXT_LANGS.map((l) => texts[l].trim());
  if (!en && !km && !cn) return null;
  if (!km && !cn) return en;
  return { en, ...(km ? { km } : {}), ...(cn ? { cn } : {}) };
};

/** The title a list shows: the English text (or the one text for every language). */
export const titleText = (text: LocalizedText): string => (typeof text === 'string' ? text : text.en);

/** The languages a text is written in; one string serves them all. */
export const languagesOf = (text: LocalizedText | null): TextLang[] | 'all' => {
  if (text === null) return [];
  if (typeof text === 'string') return 'all';
  return TEXT_LANGS.filter((l) => Boolean(text[l]));
};

/** The text in one language, else English (as the portal picks it). */
export const textIn = (texts: Texts, lang: TextLang): string => texts[lang].trim() || texts.en.trim();

// ---- Times: the site's wall clock in the inputs, instants with the offset on the wire ----

const pad = (n: number) => String(n).padStart(2, '0');
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** "2026-11-28T09:00" in the zone → "2026-11-28T09:00:00+07:00"; null when it is no real date and time. */
export const wallToIso = (wall: string, timeZone: string): string | null => {
  const m = WALL.exec(wall.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // Two passes find the offset in force at that wall time, daylight-saving switches included.
  let offset = offsetMinutes(timeZone, new Date(utc));
  offset = offsetMinutes(timeZone, new Date(utc - offset * 60_000));
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00${formatOffset(offset)}`;
};

/** An instant as the zone's wall clock for a datetime-local input ("2026-11-28T09:00"). */
export const isoToWall = (iso: string | null, timeZone: string): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = zoneParts(timeZone, at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

// ---- The form ----

export type AnnouncementForm = {
  kind: AnnouncementKind;
  title: Texts;
  content: Texts;
  subtitle: Texts;
  eyebrow: Texts;
  cta: Texts;
  groupName: BannerGroup | '';
  art: BannerArt | '';
  imageUrl: string;
  /** '' = no link. */
  linkageType: LinkageType | '';
  url: string;
  execution: PopupExecution | '';
  audience: AnnouncementAudience;
  pinned: boolean;
  sort: string;
  /** The site's wall clock, "yyyy-MM-ddTHH:mm". */
  startsAt: string;
  /** '' = no end. */
  endsAt: string;
  active: boolean;
};

/** A new announcement of a kind: showing from this minute, no end, the fields its kind needs empty. */
export const newForm = (kind: AnnouncementKind, timeZone: string, now: Date = new Date()): AnnouncementForm => ({
  kind,
  title: noTexts(),
  content: noTexts(),
  subtitle: noTexts(),
  eyebrow: noTexts(),
  cta: noTexts(),
  groupName: kind === 'banner' ? 'w_home' : '',
  art: '',
  imageUrl: '',
  linkageType: '',
  url: '',
  execution: kind === 'popup' ? 'once' : '',
  audience: 'all',
  pinned: false,
  sort: '0',
  startsAt: isoToWall(now.toISOString(), timeZone),
  endsAt: '',
  active: true,
});

export const toForm = (a: OpsAnnouncement, timeZone: string): AnnouncementForm => ({
  kind: a.kind,
  title: textsOf(a.title),
  content: textsOf(a.content),
  subtitle: textsOf(a.subtitle),
  eyebrow: textsOf(a.eyebrow),
  cta: textsOf(a.cta),
  groupName: a.groupName ?? '',
  art: a.art ?? '',
  imageUrl: a.imageUrl ?? '',
  linkageType: a.linkageType ?? '',
  url: a.url ?? '',
  execution: a.execution ?? '',
  audience: a.audience,
  pinned: a.pinned,
  sort: String(a.sort),
  startsAt: isoToWall(a.startsAt, timeZone),
  endsAt: isoToWall(a.endsAt, timeZone),
  active: a.active,
});

/** The body of POST /ops/announcements as the form stands (fields the kind does not have are null). */
export type AnnouncementDraft = Omit<OpsAnnouncementBody, 'startsAt' | 'title'> & { title: LocalizedText | null; startsAt: string | null };

const SORT = /^\d{1,5}$/;

export const fromForm = (f: AnnouncementForm, timeZone: string): AnnouncementDraft => {
  const has = KIND_FIELDS[f.kind];
  const link = has.link && f.linkageType !== '';
  return {
    kind: f.kind,
    title: textOf(f.title),
    content: has.content ? textOf(f.content) : null,
    subtitle: has.bannerTexts ? textOf(f.subtitle) : null,
    eyebrow: has.bannerTexts ? textOf(f.eyebrow) : null,
    cta: has.bannerTexts ? textOf(f.cta) : null,
    groupName: has.group && f.groupName ? f.groupName : null,
    art: has.art && f.art ? f.art : null,
    imageUrl: has.image && f.imageUrl.trim() ? f.imageUrl.trim() : null,
    url: link && f.url.trim() ? f.url.trim() : null,
    linkageType: link ? (f.linkageType as LinkageType) : null,
    execution: has.execution && f.execution ? f.execution : null,
    audience: has.audience ? f.audience : 'all',
    pinned: has.pinned ? f.pinned : false,
    sort: SORT.test(f.sort.trim()) ? Number(f.sort.trim()) : -1,
    startsAt: wallToIso(f.startsAt, timeZone),
    endsAt: f.endsAt.trim() ? (wallToIso(f.endsAt, timeZone) ?? 'invalid') : null,
    active: f.active,
  };
};

// ---- The check ----

/** A form field by its path ("title.en", "groupName", "endsAt"). */
export type FormPath = `${TextField}.${TextLang}` | 'groupName' | 'art' | 'imageUrl' | 'linkageType' | 'url' | 'execution' | 'audience' | 'pinned' | 'sort' | 'startsAt' | 'endsAt' | 'active' | 'root';

/** A problem on a field: the message key (ops `announcements.rule.<rule>`) and its values. */
export type FormIssue = { path: FormPath; rule: string; vars?: Record<string, string | number> };

const PATH_SAFE = /^\/(?!\/)[^\s<>"]*$/;
const HTTPS = /^https:\/\/[^\s<>"]+$/;

const textIssues = (f: AnnouncementForm, field: TextField, required: boolean): FormIssue[] => {
  const texts = f[field];
  const issues: FormIssue[] = [];
  const en = texts.en.trim();
  if (!en && (required || texts.km.trim() || texts.cn.trim())) issues.push({ path: `${field}.en`, rule: required && !texts.km.trim() && !texts.cn.trim() ? `${field}_required` : 'en_required' });
  for (const lang of TEXT_LANGS) {
    if (texts[lang].trim().length > TEXT_MAX[field]) issues.push({ path: `${field}.${lang}`, rule: 'too_long', vars: { max: TEXT_MAX[field] } });
  }
  return issues;
};

/**
 * The form's own words for a kind rule (ops `announcements.rule.<key>`); rules the form cannot break
 * (it leaves out what a kind does not have) keep the server's words, which are in the operator's
 * language too.
 */
const KIND_RULE_KEY: Partial<Record<AnnouncementRule, string>> = {
  groupRequired: 'group_required',
  pictureRequired: 'picture_required',
  contentRequired: 'content_required',
  executionRequired: 'execution_required',
  agentAudience: 'audience_agent',
  linkIncomplete: 'url_required',
  linkInternal: 'url_internal',
  linkExternal: 'url_external',
  endAfterStart: 'end_order',
};

const isKindRule = (rule: string): rule is AnnouncementRule => (ANNOUNCEMENT_RULE_CODES as readonly string[]).includes(rule);

/** A kind rule (`announcementIssues`) on the form: its field's box, and the form's words for it. */
export const kindRuleIssue = ({ field, rule }: AnnouncementIssue): FormIssue => ({ path: formPathOf(field), rule: KIND_RULE_KEY[rule] ?? 'invalid' });

/**
 * A field error of the server (VALIDATION_FAILED) that the form words itself: a kind rule it knows by
 * its code. Null for the others, whose message (in the operator's language) is shown as it came.
 */
export const serverRuleIssue = (f: { field: string; rule: string }): FormIssue | null => {
  if (!isKindRule(f.rule) || KIND_RULE_KEY[f.rule] === undefined) return null;
  return kindRuleIssue({ field: f.field as AnnouncementIssue['field'], rule: f.rule });
};

/**
 * The form's problems, one per field at most, in the order the form shows them: each field's own
 * rules first, then what the kind needs (`announcementIssues`, the contract's own rules), then
 * anything else the body's schema refuses. No problems means the server's schema accepts the body.
 */
export const checkForm = (f: AnnouncementForm, timeZone: string): FormIssue[] => {
  const has = KIND_FIELDS[f.kind];
  const issues: FormIssue[] = [...textIssues(f, 'title', true)];
  if (has.content) issues.push(...textIssues(f, 'content', true));
  if (has.bannerTexts) for (const field of ['subtitle', 'eyebrow', 'cta'] as const) issues.push(...textIssues(f, field, false));
  const image = f.imageUrl.trim();
  if (has.image && image && (image.length > 500 || !(PATH_SAFE.test(image) || HTTPS.test(image)))) issues.push({ path: 'imageUrl', rule: 'image_format' });
  const url = f.url.trim();
  if (has.link && f.linkageType !== '') {
    if (!url) issues.push({ path: 'url', rule: 'url_required' });
    else if (url.length > 500) issues.push({ path: 'url', rule: 'too_long', vars: { max: 500 } });
  }
  if (!SORT.test(f.sort.trim()) || Number(f.sort.trim()) > 10_000) issues.push({ path: 'sort', rule: 'sort' });
  const body = fromForm(f, timeZone);
  if (!f.startsAt.trim()) issues.push({ path: 'startsAt', rule: 'start_required' });
  else if (body.startsAt === null) issues.push({ path: 'startsAt', rule: 'datetime_invalid' });
  if (body.endsAt === 'invalid') issues.push({ path: 'endsAt', rule: 'datetime_invalid' });

  const taken = new Set<string>(issues.map((i) => i.path));
  const add = (issue: FormIssue) => {
    if (taken.has(issue.path)) return;
    taken.add(issue.path);
    issues.push(issue);
  };
  if (body.startsAt !== null && body.endsAt !== 'invalid') {
    for (const issue of announcementIssues({ ...body, startsAt: body.startsAt })) add(kindRuleIssue(issue));
  }
  // The contract has the last word: whatever else it refuses lands on its field (none is known today).
  if (issues.length === 0) {
    const parsed = OpsAnnouncementBody.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) add({ path: formPathOf(String(issue.path[0] ?? '')), rule: 'invalid' });
  }
  return issues;
};

/** The body to send once `checkForm` found nothing. */
export const bodyOf = (f: AnnouncementForm, timeZone: string): OpsAnnouncementBody => OpsAnnouncementBody.parse(fromForm(f, timeZone));

/**
 * The change of an edited announcement: the fields whose value differs from the one it was opened
 * with (read through the same form, so a text written as one string is not "changed" into {en}),
 * never the kind. Another operator's change to a field left alone here is kept.
 */
export const patchOf = (original: OpsAnnouncement, f: AnnouncementForm, timeZone: string): OpsAnnouncementPatch => {
  const before = fromForm(toForm(original, timeZone), timeZone);
  const after = fromForm(f, timeZone);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AnnouncementDraft)[]) {
    if (key === 'kind') continue;
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as OpsAnnouncementPatch;
};

/**
 * A field the server names (VALIDATION_FAILED) as the form's path: a text's language box ("title.km"),
 * a whole text on its English box, a link's type on its address. Unknown names go to the form's root.
 */
export const formPathOf = (field: string): FormPath => {
  const [head, lang] = field.split('.');
  if ((TEXT_FIELDS as readonly string[]).includes(head)) return `${head as TextField}.${(TEXT_LANGS as readonly string[]).includes(lang ?? '') ? (lang as TextLang) : 'en'}`;
  if (head === 'art') return 'imageUrl';
  if (head === 'linkageType') return 'url';
  const known: FormPath[] = ['groupName', 'imageUrl', 'url', 'execution', 'audience', 'pinned', 'sort', 'startsAt', 'endsAt', 'active'];
  return (known as string[]).includes(head) ? (head as FormPath) : 'root';
};
