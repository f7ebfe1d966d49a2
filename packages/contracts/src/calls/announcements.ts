import { z } from 'zod';
import { LIST_PAGE_SIZE, type Lang } from '../constants.js';
import { ok } from '../envelope.js';
import { localizedTextOf } from './localized.js';
import { IdString } from './ops.js';

/*
 * Announcements (spec §2 "A banner carousel sits at the top of pages", "a notice marquee", the
 * announcement and notice popups, the agent center's agentAnnouncement; §3 Banner and Announcement
 * groups; §7 relay call MCSFE_getListAnnouncements, "GET with types B, PL, PU, PR, H and platform W").
 * docs/announcements.md.
 *
 * What a site tells its players, written by its operators: banners (B) at the top of pages, player
 * notices (PL) in the marquee and the announcement popup, popups (PU) shown once on arrival, promotion
 * notices (PR) with their pictures, and notices for agents (AG, the agent center). Texts are one string
 * for every language or one per language (English the fallback); the portal picks the language itself.
 */

export const ANNOUNCEMENT_KINDS = ['banner', 'player', 'popup', 'promotion', 'agent'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/** The type codes of the call (spec §7). H is accepted and has no group of its own on this site. */
export const ANNOUNCEMENT_TYPE_CODES = ['B', 'PL', 'PU', 'PR', 'H', 'AG'] as const;
export type AnnouncementTypeCode = (typeof ANNOUNCEMENT_TYPE_CODES)[number];
export const KIND_OF_TYPE: Readonly<Record<AnnouncementTypeCode, AnnouncementKind | null>> = { B: 'banner', PL: 'player', PU: 'popup', PR: 'promotion', H: null, AG: 'agent' };

/** Where a banner shows (spec §3 groupName). */
export const BANNER_GROUPS = ['w_home', 'w_login', 'w_register', 'w_leftmenu'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** The portal's drawn banner pictures, for banners without an image of their own. */
export const BANNER_ARTS = ['welcome', 'live', 'slots', 'sports'] as const;
export type BannerArt = (typeof BANNER_ARTS)[number];

/** How often a popup shows to one browser: once ever, once a browser session, once a day. */
export const POPUP_EXECUTIONS = ['once', 'session', 'daily'] as const;
export type PopupExecution = (typeof POPUP_EXECUTIONS)[number];

/** Who reads it: everyone, only signed-in members, or only visitors (a banner inviting to register). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'members', 'visitors'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const LINKAGE_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export type LinkageType = (typeof LINKAGE_TYPES)[number];

/** Announcements of one kind a site may show at once: a marquee of hundreds helps no one. */
export const ANNOUNCEMENTS_SHOWN_MAX = 100;

const Title = localizedTextOf(120);
const Content = localizedTextOf(4000);
const Short = localizedTextOf(60);
const Subtitle = localizedTextOf(200);

/**
 * A path of this site: one slash, then no second slash or backslash (browsers read `//host` and
 * `/\host` as another site), no spaces, quotes, angle brackets, backslashes or control characters.
 */
export const SITE_PATH = /^\/(?![/\\])[^\s<>"\\\u0000-\u001F\u007F]*$/;
/** An https address with nothing a page or a log could misread in it. */
export const HTTPS_URL = /^https:\/\/[^\s<>"\\\u0000-\u001F\u007F]+$/;

/** A picture: a path of this site ("/banners/x.jpg") or an https address. */
const ImageUrl = z
  .string()
  .max(500)
  .refine((v) => SITE_PATH.test(v) || HTTPS_URL.test(v), { message: 'a path starting with / or an https:// address' });

/** INTERNAL: a route of the portal ("/promotions"); EXTERNAL: an https page, opened in a new tab. The rule broken, if any. */
export const linkIssue = (type: LinkageType, url: string): 'linkInternal' | 'linkExternal' | null => {
  if (type === 'INTERNAL') return SITE_PATH.test(url) ? null : 'linkInternal';
  return HTTPS_URL.test(url) ? null : 'linkExternal';
};

export const BannerItem = z.object({
  id: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  /** The target (spec §3 url + linkageType); null when the banner opens nothing. */
  url: z.string().nullable(),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  imageUrl: z.string().nullable(),
  art: z.enum(BANNER_ARTS).nullable(),
  title: Title,
  subtitle: Subtitle.nullable(),
  eyebrow: Short.nullable(),
  cta: Short.nullable(),
  sequence: z.number().int(),
});
export type BannerItem = z.infer<typeof BannerItem>;

/** A player notice (marquee, announcement popup) or an agents' notice: title and content. */
export const NoticeItem = z.object({
  id: z.string(),
  title: Title,
  content: Content,
  /** When it began to show (its start). */
  publishedAt: z.string(),
  /** Pinned notices come first. */
  pinned: z.boolean(),
});
export type NoticeItem = z.infer<typeof NoticeItem>;

export const PopupItem = NoticeItem.extend({
  execution: z.enum(POPUP_EXECUTIONS),
  url: z.string().nullable(),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  imageUrl: z.string().nullable(),
  /** Changes whenever an operator edits it: a popup seen before shows again once changed. */
  version: z.string(),
});
export type PopupItem = z.infer<typeof PopupItem>;

/** A promotion notice (spec §3: announcementImages with sequence and url). */
export const PromotionNoticeItem = NoticeItem.extend({
  url: z.string().nullable(),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  announcementImages: z.array(z.object({ sequence: z.number().int(), url: z.string() })),
});
export type PromotionNoticeItem = z.infer<typeof PromotionNoticeItem>;

const TypeList = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const codes = v.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
    const bad = codes.find((c) => !(ANNOUNCEMENT_TYPE_CODES as readonly string[]).includes(c));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `unknown type ${bad.slice(0, 8)}; one or more of ${ANNOUNCEMENT_TYPE_CODES.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(codes)] as AnnouncementTypeCode[];
  });

/** GET /wps/announcements and the relay call MCSFE_getListAnnouncements (spec: types B, PL, PU, PR, H; platform W). */
export const AnnouncementQuery = z.object({
  types: TypeList.default(['B', 'PL', 'PU', 'PR']),
  platform: z.enum(['W']).default('W'),
});
export type AnnouncementQuery = z.infer<typeof AnnouncementQuery>;

/** Groups not asked for are empty. `agent` is filled only for a signed-in agent who asked for AG. */
export const AnnouncementListValue = z.object({
  banners: z.array(BannerItem),
  player: z.array(NoticeItem),
  popup: z.array(PopupItem),
  promotion: z.array(PromotionNoticeItem),
  agent: z.array(NoticeItem),
  serverTime: z.string(),
});
export type AnnouncementListValue = z.infer<typeof AnnouncementListValue>;
export const AnnouncementListResponse = ok(AnnouncementListValue);

// ---- Operators ----

/** A moment with its offset, between the years 2000 and 2100 (an announcement's schedule). */
/** An ISO time with its offset, between the years 2000 and 2100 (a typo of a century is refused). */
export const Instant = z.iso
  .datetime({ offset: true })
  .refine((v) => {
    const t = Date.parse(v);
    return t >= Date.UTC(2000, 0, 1) && t < Date.UTC(2100, 0, 1);
  }, { message: 'a date between 2000 and 2100' });

const OpsAnnouncementFields = {
  title: Title,
  content: Content.nullable().default(null),
  subtitle: Subtitle.nullable().default(null),
  eyebrow: Short.nullable().default(null),
  cta: Short.nullable().default(null),
  groupName: z.enum(BANNER_GROUPS).nullable().default(null),
  art: z.enum(BANNER_ARTS).nullable().default(null),
  imageUrl: ImageUrl.nullable().default(null),
  url: z.string().max(500).nullable().default(null),
  linkageType: z.enum(LINKAGE_TYPES).nullable().default(null),
  execution: z.enum(POPUP_EXECUTIONS).nullable().default(null),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).default('all'),
  pinned: z.boolean().default(false),
  sort: z.number().int().min(0).max(10_000).default(0),
  startsAt: Instant,
  endsAt: Instant.nullable().default(null),
  active: z.boolean().default(true),
};

/**
 * What each kind needs and refuses, by a stable code (the `rule` of the field error the server answers,
 * so a client may word it itself), with its words in each language of the API. The server says them
 * in the caller's language (`announcementRuleMessage`).
 */
export const ANNOUNCEMENT_RULES = {
  groupRequired: { en: 'A banner needs its group: where it shows', km: 'បដាត្រូវការក្រុមរបស់វា៖ កន្លែងដែលវាបង្ហាញ', cn: '横幅需要选择分组（显示位置）' },
  pictureRequired: { en: 'A banner needs an image or a drawn picture', km: 'បដាត្រូវការរូបភាព ឬរូបគំនូរមួយ', cn: '横幅需要一张图片或一幅内置插画' },
  groupBannerOnly: { en: 'Only banners have a group', km: 'មានតែបដាទេដែលមានក្រុម', cn: '只有横幅才有分组' },
  artBannerOnly: { en: 'Only banners have a drawn picture', km: 'មានតែបដាទេដែលមានរូបគំនូរ', cn: '只有横幅才有内置插画' },
  textBannerOnly: { en: 'Only banners have this text', km: 'មានតែបដាទេដែលមានអត្ថបទនេះ', cn: '只有横幅才有此文字' },
  contentRequired: { en: 'A notice needs its content', km: 'សេចក្ដីជូនដំណឹងត្រូវការខ្លឹមសាររបស់វា', cn: '公告需要填写内容' },
  executionRequired: { en: 'A popup needs how often it shows', km: 'ផ្ទាំងលេចឡើងត្រូវការកំណត់ថាបង្ហាញញឹកញាប់ប៉ុណ្ណា', cn: '弹窗需要设置显示频率' },
  executionPopupOnly: { en: 'Only popups have how often they show', km: 'មានតែផ្ទាំងលេចឡើងទេដែលមានការកំណត់ភាពញឹកញាប់នៃការបង្ហាញ', cn: '只有弹窗才有显示频率' },
  noticeNoLink: { en: 'Player and agent notices have no link', km: 'សេចក្ដីជូនដំណឹងសម្រាប់អ្នកលេង និងភ្នាក់ងារមិនមានតំណទេ', cn: '玩家公告和代理公告不能带链接' },
  noticeNoImage: { en: 'Player and agent notices have no image', km: 'សេចក្ដីជូនដំណឹងសម្រាប់អ្នកលេង និងភ្នាក់ងារមិនមានរូបភាពទេ', cn: '玩家公告和代理公告不能带图片' },
  agentAudience: { en: 'Agent notices are read by agents only', km: 'សេចក្ដីជូនដំណឹងសម្រាប់ភ្នាក់ងារ គឺសម្រាប់តែភ្នាក់ងារអានប៉ុណ្ណោះ', cn: '代理公告仅供代理阅读' },
  linkIncomplete: { en: 'A link needs both its address and its type', km: 'តំណត្រូវការទាំងអាសយដ្ឋាន និងប្រភេទរបស់វា', cn: '链接需要同时填写地址和类型' },
  linkInternal: { en: 'An INTERNAL link is a path of the portal starting with /, e.g. /promotions', km: 'តំណ INTERNAL គឺជាផ្លូវនៃគេហទំព័រ ដែលចាប់ផ្ដើមដោយ / ឧទាហរណ៍ /promotions', cn: 'INTERNAL 链接须为以 / 开头的站内路径，例如 /promotions' },
  linkExternal: { en: 'An EXTERNAL link is an address starting with https://', km: 'តំណ EXTERNAL គឺជាអាសយដ្ឋាន ដែលចាប់ផ្ដើមដោយ https://', cn: 'EXTERNAL 链接须为以 https:// 开头的地址' },
  endAfterStart: { en: 'The end must be after the start', km: 'ពេលបញ្ចប់ត្រូវតែនៅក្រោយពេលចាប់ផ្ដើម', cn: '结束时间必须晚于开始时间' },
} as const satisfies Record<string, Record<Lang, string>>;
export type AnnouncementRule = keyof typeof ANNOUNCEMENT_RULES;
export const ANNOUNCEMENT_RULE_CODES = Object.keys(ANNOUNCEMENT_RULES) as AnnouncementRule[];

/** A kind rule in `lang`. */
export const announcementRuleMessage = (rule: AnnouncementRule, lang: Lang): string => ANNOUNCEMENT_RULES[rule][lang];

type Shape = {
  kind: AnnouncementKind;
  content: unknown;
  groupName: unknown;
  art: unknown;
  imageUrl: unknown;
  url: string | null;
  linkageType: LinkageType | null;
  execution: unknown;
  subtitle: unknown;
  eyebrow: unknown;
  cta: unknown;
  audience: AnnouncementAudience;
  startsAt: string;
  endsAt: string | null;
};

export type AnnouncementField = 'groupName' | 'imageUrl' | 'art' | 'subtitle' | 'eyebrow' | 'cta' | 'content' | 'execution' | 'url' | 'audience' | 'endsAt';
/** A kind rule broken, and the field it is about. */
export type AnnouncementIssue = { field: AnnouncementField; rule: AnnouncementRule };

/**
 * What each kind needs and refuses, for a new announcement and for one after a change (the service
 * checks the merged row with this too).
 */
export const announcementIssues = (v: Shape): AnnouncementIssue[] => {
  const issues: AnnouncementIssue[] = [];
  const add = (field: AnnouncementField, rule: AnnouncementRule) => issues.push({ field, rule });
  const banner = v.kind === 'banner';
  if (banner) {
    if (v.groupName === null) add('groupName', 'groupRequired');
    if (v.art === null && v.imageUrl === null) add('imageUrl', 'pictureRequired');
  } else {
    if (v.groupName !== null) add('groupName', 'groupBannerOnly');
    if (v.art !== null) add('art', 'artBannerOnly');
    for (const f of ['subtitle', 'eyebrow', 'cta'] as const) if (v[f] !== null) add(f, 'textBannerOnly');
    if (v.content === null) add('content', 'contentRequired');
  }
  if (v.kind === 'popup' && v.execution === null) add('execution', 'executionRequired');
  if (v.kind !== 'popup' && v.execution !== null) add('execution', 'executionPopupOnly');
  if (v.kind === 'player' || v.kind === 'agent') {
    if (v.url !== null || v.linkageType !== null) add('url', 'noticeNoLink');
    if (v.imageUrl !== null) add('imageUrl', 'noticeNoImage');
  }
  if (v.kind === 'agent' && v.audience !== 'all') add('audience', 'agentAudience');
  if ((v.url === null) !== (v.linkageType === null)) add('url', 'linkIncomplete');
  else if (v.url !== null && v.linkageType !== null) {
    const rule = linkIssue(v.linkageType, v.url);
    if (rule) add('url', rule);
  }
  if (v.endsAt !== null && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) add('endsAt', 'endAfterStart');
  return issues;
};

const OpsAnnouncementObject = z.strictObject({ kind: z.enum(ANNOUNCEMENT_KINDS), ...OpsAnnouncementFields });

/**
 * POST /ops/announcements as the route reads it: every field's own rules. The kind rules
 * (`announcementIssues`) are the service's, which words them in the caller's language.
 */
export const OpsAnnouncementFieldsBody = OpsAnnouncementObject;

/** POST /ops/announcements, kind rules included (in English): what a form or a client checks before sending. */
export const OpsAnnouncementBody = OpsAnnouncementObject.superRefine((v, ctx) => {
  for (const { field, rule } of announcementIssues(v)) ctx.addIssue({ code: 'custom', path: [field], message: announcementRuleMessage(rule, 'en'), params: { rule } });
});
export type OpsAnnouncementBody = z.infer<typeof OpsAnnouncementBody>;

/** PATCH /ops/announcements/:id — any field but the kind; the result must still be whole for its kind. */
export const OpsAnnouncementPatch = z
  .strictObject({
    title: OpsAnnouncementFields.title.optional(),
    content: Content.nullable().optional(),
    subtitle: Subtitle.nullable().optional(),
    eyebrow: Short.nullable().optional(),
    cta: Short.nullable().optional(),
    groupName: z.enum(BANNER_GROUPS).nullable().optional(),
    art: z.enum(BANNER_ARTS).nullable().optional(),
    imageUrl: ImageUrl.nullable().optional(),
    url: z.string().max(500).nullable().optional(),
    linkageType: z.enum(LINKAGE_TYPES).nullable().optional(),
    execution: z.enum(POPUP_EXECUTIONS).nullable().optional(),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES).optional(),
    pinned: z.boolean().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    startsAt: Instant.optional(),
    endsAt: Instant.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['active'] });
export type OpsAnnouncementPatch = z.infer<typeof OpsAnnouncementPatch>;

export const ANNOUNCEMENT_PHASES = ['scheduled', 'showing', 'ended', 'off'] as const;
export type AnnouncementPhase = (typeof ANNOUNCEMENT_PHASES)[number];

export const OpsAnnouncement = z.object({
  id: IdString,
  kind: z.enum(ANNOUNCEMENT_KINDS),
  title: Title,
  content: Content.nullable(),
  subtitle: Subtitle.nullable(),
  eyebrow: Short.nullable(),
  cta: Short.nullable(),
  groupName: z.enum(BANNER_GROUPS).nullable(),
  art: z.enum(BANNER_ARTS).nullable(),
  imageUrl: z.string().nullable(),
  url: z.string().nullable(),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  pinned: z.boolean(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** Where it stands now: waiting for its start, showing, past its end, or switched off. */
  phase: z.enum(ANNOUNCEMENT_PHASES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpsAnnouncement = z.infer<typeof OpsAnnouncement>;
export const OpsAnnouncementResponse = ok(OpsAnnouncement);

/** GET /ops/announcements — the site's announcements, 20 a page, kind by kind, in the order the portal shows them. */
export const OpsAnnouncementQuery = z.object({
  kind: z.enum(ANNOUNCEMENT_KINDS).optional(),
  /** Where they stand now (`phase`). */
  phase: z.enum(ANNOUNCEMENT_PHASES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /**
   * An announcement to find: the answer is the page holding it (its `page` says which), e.g. one just
   * written. Not in the list (another filter, another site, no such id): the page asked for.
   */
  around: IdString.optional(),
});
export type OpsAnnouncementQuery = z.infer<typeof OpsAnnouncementQuery>;
export const OpsAnnouncementListValue = z.object({ items: z.array(OpsAnnouncement), page: z.number().int(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number().int() });
export type OpsAnnouncementListValue = z.infer<typeof OpsAnnouncementListValue>;
export const OpsAnnouncementListResponse = ok(OpsAnnouncementListValue);
