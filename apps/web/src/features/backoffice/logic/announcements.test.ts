import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_KINDS, ANNOUNCEMENT_RULE_CODES, OpsAnnouncementBody, OpsAnnouncementPatch, type OpsAnnouncement } from '@apsara/contracts';
import cn from '../../../locales/cn/ops.json';
import en from '../../../locales/en/ops.json';
import km from '../../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../../i18n/locale-checks';
import {
  KIND_FIELDS,
  bodyOf,
  checkForm,
  formPathOf,
  fromForm,
  isAnnouncementId,
  isoToWall,
  kindRuleIssue,
  languagesOf,
  listSearchAfterSave,
  newForm,
  patchOf,
  phaseFromSearch,
  serverRuleIssue,
  tabFromSearch,
  textIn,
  textOf,
  textsOf,
  titleText,
  toForm,
  wallToIso,
  type AnnouncementForm,
} from './announcements';

const ZONE = 'Asia/Phnom_Penh';
const NOW = new Date('2026-11-28T02:30:45.123Z');

/** A form of the kind that passes, as an operator fills the least of it. */
const filled = (kind: AnnouncementForm['kind']): AnnouncementForm => {
  const f = newForm(kind, ZONE, NOW);
  f.title.en = 'Maintenance tonight';
  if (KIND_FIELDS[kind].content) f.content.en = 'Slots pause from 02:00 to 02:30.';
  if (kind === 'banner') f.art = 'welcome';
  return f;
};

const pathsOf = (f: AnnouncementForm) => checkForm(f, ZONE).map((i) => `${i.path}:${i.rule}`);

describe('announcement times in the site zone', () => {
  it('sends the wall clock typed with the zone offset, and reads instants back as that wall clock', () => {
    expect(wallToIso('2026-11-28T09:00', ZONE)).toBe('2026-11-28T09:00:00+07:00');
    expect(isoToWall('2026-11-28T02:00:00.000Z', ZONE)).toBe('2026-11-28T09:00');
    expect(isoToWall(wallToIso('2026-12-31T23:59', ZONE), ZONE)).toBe('2026-12-31T23:59');
    expect(Date.parse(wallToIso('2026-11-28T09:00', ZONE)!)).toBe(Date.parse('2026-11-28T02:00:00Z'));
  });

  it('takes the offset in force on that day where daylight saving changes it', () => {
    expect(wallToIso('2026-01-15T12:00', 'Europe/London')).toBe('2026-01-15T12:00:00+00:00');
    expect(wallToIso('2026-07-15T12:00', 'Europe/London')).toBe('2026-07-15T12:00:00+01:00');
    expect(wallToIso('2026-07-15T12:00', 'America/New_York')).toBe('2026-07-15T12:00:00-04:00');
    expect(wallToIso('2026-07-15T12:00', 'Asia/Kolkata')).toBe('2026-07-15T12:00:00+05:30');
  });

  it('refuses what is no date and time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-11-28', '2026-11-28T24:00', '28/11/2026 09:00']) expect(wallToIso(bad, ZONE), bad).toBeNull();
    expect(isoToWall(null, ZONE)).toBe('');
    expect(isoToWall('not a time', ZONE)).toBe('');
  });

  it('starts a new announcement at this minute of the site clock', () => {
    expect(newForm('player', ZONE, NOW).startsAt).toBe('2026-11-28T09:30');
    expect(newForm('player', ZONE, NOW).endsAt).toBe('');
  });
});

describe('texts in several languages', () => {
  it('sends English alone as one string, more languages as {en, km?, cn?}, nothing as null', () => {
    expect(textOf({ en: ' Hello ', km: '', cn: ' ' })).toBe('Hello');
    expect(textOf({ en: 'Hello', km: 'សួស្តី', cn: '' })).toEqual({ en: 'Hello', km: 'សួស្តី' });
    expect(textOf({ en: 'Hello', km: 'សួស្តី', cn: '你好' })).toEqual({ en: 'Hello', km: 'សួស្តី', cn: '你好' });
    expect(textOf({ en: '', km: '', cn: '' })).toBeNull();
  });

  it('reads a text back into its boxes', () => {
    expect(textsOf('Hello')).toEqual({ en: 'Hello', km: '', cn: '' });
    expect(textsOf({ en: 'Hello', cn: '你好' })).toEqual({ en: 'Hello', km: '', cn: '你好' });
    expect(textsOf(null)).toEqual({ en: '', km: '', cn: '' });
  });

  it('lists a text by its English words and tells which languages it has', () => {
    expect(titleText('One for all')).toBe('One for all');
    expect(titleText({ en: 'English', km: 'ខ្មែរ' })).toBe('English');
    expect(languagesOf('One for all')).toBe('all');
    expect(languagesOf({ en: 'English', cn: '中文' })).toEqual(['en', 'cn']);
    expect(textIn({ en: 'English', km: '', cn: '中文' }, 'km')).toBe('English');
    expect(textIn({ en: 'English', km: '', cn: '中文' }, 'cn')).toBe('中文');
  });

  it('reads only known tabs from the address', () => {
    expect(tabFromSearch('popup')).toBe('popup');
    expect(tabFromSearch('nonsense')).toBe('all');
    expect(tabFromSearch(null)).toBe('all');
  });
});

describe('the form for each kind', () => {
  it('sends what each kind has and null for the rest, which the contract accepts', () => {
    for (const kind of ANNOUNCEMENT_KINDS) {
      const f = filled(kind);
      // Leftovers of another kind typed before the kind was changed never reach the server.
      f.subtitle.en = 'left over';
      f.groupName = 'w_login';
      f.execution = 'daily';
      f.imageUrl = '/banners/x.jpg';
      f.linkageType = 'INTERNAL';
      f.url = '/promotions';
      f.pinned = true;
      f.audience = 'members';
      expect(checkForm(f, ZONE), kind).toEqual([]);
      const body = bodyOf(f, ZONE);
      expect(OpsAnnouncementBody.safeParse(body).success, kind).toBe(true);
      expect(body.subtitle !== null, kind).toBe(kind === 'banner');
      expect(body.groupName !== null, kind).toBe(kind === 'banner');
      expect(body.execution !== null, kind).toBe(kind === 'popup');
      expect(body.imageUrl !== null, kind).toBe(['banner', 'popup', 'promotion'].includes(kind));
      expect(body.url !== null, kind).toBe(['banner', 'popup', 'promotion'].includes(kind));
      expect(body.pinned, kind).toBe(kind !== 'banner');
      expect(body.audience, kind).toBe(kind === 'agent' ? 'all' : 'members');
      expect(body.startsAt).toBe('2026-11-28T09:30:00+07:00');
    }
  });

  it('sends a player notice as an operator writes it', () => {
    const f = filled('player');
    f.title.km = 'ការថែទាំយប់នេះ';
    f.endsAt = '2026-11-29T06:00';
    f.sort = '5';
    expect(bodyOf(f, ZONE)).toEqual({
      kind: 'player',
      title: { en: 'Maintenance tonight', km: 'ការថែទាំយប់នេះ' },
      content: 'Slots pause from 02:00 to 02:30.',
      subtitle: null,
      eyebrow: null,
      cta: null,
      groupName: null,
      art: null,
      imageUrl: null,
      url: null,
      linkageType: null,
      execution: null,
      audience: 'all',
      pinned: false,
      sort: 5,
      startsAt: '2026-11-28T09:30:00+07:00',
      endsAt: '2026-11-29T06:00:00+07:00',
      active: true,
    });
  });
});

/** Forms changed from a valid one: the form's check and the contract must give the same verdict. */
const CASES: [string, AnnouncementForm['kind'], (f: AnnouncementForm) => void, string[]][] = [
  ['a valid notice', 'player', () => {}, []],
  ['no title', 'player', (f) => (f.title.en = '  '), ['title.en:title_required']],
  ['a Khmer title without English', 'player', (f) => ((f.title.en = ''), (f.title.km = 'ចំណងជើង')), ['title.en:en_required']],
  ['a title too long in Chinese', 'agent', (f) => (f.title.cn = '长'.repeat(121)), ['title.cn:too_long']],
  ['a notice without content', 'player', (f) => (f.content.en = ''), ['content.en:content_required']],
  ['content too long', 'promotion', (f) => (f.content.en = 'x'.repeat(4001)), ['content.en:too_long']],
  ['a banner without group or picture', 'banner', (f) => ((f.groupName = ''), (f.art = '')), ['groupName:group_required', 'imageUrl:picture_required']],
  ['a banner with an image and no drawn picture', 'banner', (f) => ((f.art = ''), (f.imageUrl = 'https://cdn.example/b.jpg')), []],
  ['a banner image from another scheme', 'banner', (f) => (f.imageUrl = 'http://cdn.example/b.jpg'), ['imageUrl:image_format']],
  ['a banner image path leaving the site', 'banner', (f) => (f.imageUrl = '//evil.example/b.jpg'), ['imageUrl:image_format']],
  ['a banner subtitle in Khmer only', 'banner', (f) => (f.subtitle.km = 'ចំណងជើងរង'), ['subtitle.en:en_required']],
  ['a banner call to action too long', 'banner', (f) => (f.cta.en = 'x'.repeat(61)), ['cta.en:too_long']],
  ['a popup without how often', 'popup', (f) => (f.execution = ''), ['execution:execution_required']],
  ['a link type without address', 'popup', (f) => (f.linkageType = 'INTERNAL'), ['url:url_required']],
  ['an internal link to another site', 'banner', (f) => ((f.linkageType = 'INTERNAL'), (f.url = 'https://x.example')), ['url:url_internal']],
  ['an internal link starting //', 'promotion', (f) => ((f.linkageType = 'INTERNAL'), (f.url = '//x.example/a')), ['url:url_internal']],
  ['an external link without https', 'popup', (f) => ((f.linkageType = 'EXTERNAL'), (f.url = 'http://x.example')), ['url:url_external']],
  ['an external https link', 'popup', (f) => ((f.linkageType = 'EXTERNAL'), (f.url = 'https://x.example/a')), []],
  ['an end before the start', 'player', (f) => (f.endsAt = '2026-11-28T09:00'), ['endsAt:end_order']],
  ['an end at the start', 'player', (f) => (f.endsAt = '2026-11-28T09:30'), ['endsAt:end_order']],
  ['no start', 'player', (f) => (f.startsAt = ''), ['startsAt:start_required']],
  ['a start that is no date', 'player', (f) => (f.startsAt = '2026-02-31T10:00'), ['startsAt:datetime_invalid']],
  ['an order below zero', 'player', (f) => (f.sort = '-1'), ['sort:sort']],
  ['an order too high', 'player', (f) => (f.sort = '10001'), ['sort:sort']],
  ['an order with decimals', 'player', (f) => (f.sort = '1.5'), ['sort:sort']],
];

describe('the form check gives the contract verdict, on the field that fixes it', () => {
  for (const [name, kind, change, expected] of CASES) {
    it(name, () => {
      const f = filled(kind);
      change(f);
      expect(pathsOf(f)).toEqual(expected);
      const draft = fromForm(f, ZONE);
      expect(OpsAnnouncementBody.safeParse(draft).success).toBe(expected.length === 0);
    });
  }
});

const STORED: OpsAnnouncement = {
  id: '41',
  kind: 'banner',
  title: { en: 'Welcome bonus', km: 'ប្រាក់រង្វាន់ស្វាគមន៍', cn: '首存奖金' },
  content: null,
  subtitle: 'Double your first deposit',
  eyebrow: null,
  cta: { en: 'Claim', cn: '领取' },
  groupName: 'w_home',
  art: 'welcome',
  imageUrl: null,
  url: '/promotions',
  linkageType: 'INTERNAL',
  execution: null,
  audience: 'all',
  pinned: false,
  sort: 10,
  // Written through the API with seconds: the form shows minutes and does not call that a change.
  startsAt: '2026-11-20T01:02:03.456Z',
  endsAt: null,
  active: true,
  phase: 'showing',
  createdAt: '2026-11-20T01:02:03.456Z',
  updatedAt: '2026-11-20T01:02:03.456Z',
};

describe('editing an announcement', () => {
  it('opens it as it is stored', () => {
    const f = toForm(STORED, ZONE);
    expect(f.title).toEqual({ en: 'Welcome bonus', km: 'ប្រាក់រង្វាន់ស្វាគមន៍', cn: '首存奖金' });
    expect(f.subtitle).toEqual({ en: 'Double your first deposit', km: '', cn: '' });
    expect(f.startsAt).toBe('2026-11-20T08:02');
    expect(f.endsAt).toBe('');
    expect(checkForm(f, ZONE)).toEqual([]);
  });

  it('sends only what changed, never the kind', () => {
    const f = toForm(STORED, ZONE);
    expect(patchOf(STORED, f, ZONE)).toEqual({});
    f.cta.km = 'ទទួល';
    f.active = false;
    f.endsAt = '2026-12-01T00:00';
    const patch = patchOf(STORED, f, ZONE);
    expect(patch).toEqual({ cta: { en: 'Claim', km: 'ទទួល', cn: '领取' }, active: false, endsAt: '2026-12-01T00:00:00+07:00' });
    expect(OpsAnnouncementPatch.safeParse(patch).success).toBe(true);
  });

  it('clears a field the operator emptied', () => {
    const f = toForm(STORED, ZONE);
    f.subtitle.en = '';
    f.linkageType = '';
    expect(patchOf(STORED, f, ZONE)).toEqual({ subtitle: null, url: null, linkageType: null });
  });
});

describe("the server's field errors on the form", () => {
  it('puts each named field on its box', () => {
    expect(formPathOf('title')).toBe('title.en');
    expect(formPathOf('title.km')).toBe('title.km');
    expect(formPathOf('content')).toBe('content.en');
    expect(formPathOf('linkageType')).toBe('url');
    expect(formPathOf('art')).toBe('imageUrl');
    expect(formPathOf('endsAt')).toBe('endsAt');
    expect(formPathOf('groupName')).toBe('groupName');
    expect(formPathOf('kind')).toBe('root');
    expect(formPathOf('(body)')).toBe('root');
  });
});

describe('kind rules by their code', () => {
  const LOCALES = { en: flatTexts(en as Tree), km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) };

  it('land every rule of the contract on a box of the form, worded in each language of the back office', () => {
    for (const rule of ANNOUNCEMENT_RULE_CODES) {
      const field = rule === 'artBannerOnly' ? 'art' : rule === 'textBannerOnly' ? 'cta' : rule.startsWith('link') || rule === 'noticeNoLink' ? 'url' : 'groupName';
      const issue = kindRuleIssue({ field, rule });
      expect(issue.path, rule).not.toBe('root');
      for (const [lang, texts] of Object.entries(LOCALES)) expect(texts[`announcements.rule.${issue.rule}`], `${rule} ${lang}`).toBeTruthy();
    }
    expect(kindRuleIssue({ field: 'art', rule: 'artBannerOnly' })).toEqual({ path: 'imageUrl', rule: 'invalid' });
    expect(kindRuleIssue({ field: 'content', rule: 'contentRequired' })).toEqual({ path: 'content.en', rule: 'content_required' });
  });

  it('word a server field error themselves when they know its rule, and leave the server\'s words otherwise', () => {
    expect(serverRuleIssue({ field: 'groupName', rule: 'groupRequired' })).toEqual({ path: 'groupName', rule: 'group_required' });
    expect(serverRuleIssue({ field: 'url', rule: 'linkExternal' })).toEqual({ path: 'url', rule: 'url_external' });
    expect(serverRuleIssue({ field: 'endsAt', rule: 'endAfterStart' })).toEqual({ path: 'endsAt', rule: 'end_order' });
    // The form never sends what its kind lacks: should the server say so, its own (localized) words stand.
    expect(serverRuleIssue({ field: 'imageUrl', rule: 'noticeNoImage' })).toBeNull();
    // Not a kind rule: a schema rule ("tooLong") or a code from elsewhere.
    expect(serverRuleIssue({ field: 'title', rule: 'tooLong' })).toBeNull();
    expect(serverRuleIssue({ field: 'title', rule: 'kind' })).toBeNull();
  });

  it('the form words a kind rule as the contract means it', () => {
    // The banner the contract refuses for want of a group is the one the form refuses on that box.
    const f = filled('banner');
    f.groupName = '';
    expect(checkForm(f, ZONE)).toEqual([{ path: 'groupName', rule: 'group_required' }]);
  });
});

describe('the list in the address', () => {
  it('reads a phase filter, and nothing else as one', () => {
    expect(phaseFromSearch('ended')).toBe('ended');
    for (const bad of [null, '', 'live', 'ENDED']) expect(phaseFromSearch(bad), String(bad)).toBeUndefined();
  });

  it('asks the server only for ids it could hold', () => {
    for (const ok of ['1', '42', '123456789012345678']) expect(isAnnouncementId(ok), ok).toBe(true);
    for (const bad of ['0', '-1', '01', 'abc', '1.5', '1234567890123456789', '', 'new']) expect(isAnnouncementId(bad), bad).toBe(false);
  });

  it('goes back after a save to a list that holds the one saved: its kind\'s tab, and the phase filter only if it passes', () => {
    expect(listSearchAfterSave({ tab: 'all' }, { kind: 'popup', phase: 'showing' })).toBe('?');
    expect(listSearchAfterSave({ tab: 'player' }, { kind: 'player', phase: 'showing' })).toBe('?kind=player');
    // Asked from the player tab, the kind chosen in the form was banner: the banners' tab.
    expect(listSearchAfterSave({ tab: 'player' }, { kind: 'banner', phase: 'scheduled' })).toBe('?kind=banner');
    expect(listSearchAfterSave({ tab: 'popup', phase: 'scheduled' }, { kind: 'popup', phase: 'scheduled' })).toBe('?kind=popup&phase=scheduled');
    expect(listSearchAfterSave({ tab: 'all', phase: 'ended' }, { kind: 'agent', phase: 'showing' })).toBe('?');
  });
});
