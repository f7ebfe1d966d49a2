import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import { ANNOUNCEMENT_RULES, ANNOUNCEMENT_RULE_CODES, OpsAnnouncementBody, OpsAnnouncementFieldsBody, OpsAnnouncementQuery, announcementIssues, announcementRuleMessage } from './announcements.js';

const SCRIPT = { en: /^[\x20-\x7E]+$/, km: /[\u1780-\u17FF]/, cn: /[\u4e00-\u9fff]/ } as const;

const shape = (extra: Partial<Parameters<typeof announcementIssues>[0]> = {}): Parameters<typeof announcementIssues>[0] => ({
  kind: 'player',
  content: 'x',
  groupName: null,
  art: null,
  imageUrl: null,
  url: null,
  linkageType: null,
  execution: null,
  subtitle: null,
  eyebrow: null,
  cta: null,
  audience: 'all',
  startsAt: '2030-01-01T00:00:00Z',
  endsAt: null,
  ...extra,
});

describe('announcement kind rules', () => {
  it('word every rule in every language of the API, each in its own script', () => {
    for (const rule of ANNOUNCEMENT_RULE_CODES) {
      for (const lang of LANGUAGES) {
        const text = announcementRuleMessage(rule, lang);
        expect(text.trim().length, `${rule} ${lang}`).toBeGreaterThan(5);
        expect(text, `${rule} ${lang}`).toMatch(SCRIPT[lang]);
      }
      expect(new Set(LANGUAGES.map((l) => ANNOUNCEMENT_RULES[rule][l])).size, rule).toBe(LANGUAGES.length);
    }
  });

  it('name the field and the rule of each problem', () => {
    expect(announcementIssues(shape())).toEqual([]);
    expect(announcementIssues(shape({ kind: 'banner', content: null }))).toEqual([
      { field: 'groupName', rule: 'groupRequired' },
      { field: 'imageUrl', rule: 'pictureRequired' },
    ]);
    expect(announcementIssues(shape({ kind: 'popup', url: '//evil.example.com', linkageType: 'INTERNAL' }))).toEqual([
      { field: 'execution', rule: 'executionRequired' },
      { field: 'url', rule: 'linkInternal' },
    ]);
    expect(announcementIssues(shape({ kind: 'agent', audience: 'members', imageUrl: '/a.png', endsAt: '2029-01-01T00:00:00Z' }))).toEqual([
      { field: 'imageUrl', rule: 'noticeNoImage' },
      { field: 'audience', rule: 'agentAudience' },
      { field: 'endsAt', rule: 'endAfterStart' },
    ]);
  });

  it('the body with its kind rules refuses in English with the rule code; the route\'s body leaves them to the service', () => {
    const body = { kind: 'banner', title: 'x', startsAt: '2030-01-01T00:00:00Z' };
    const parsed = OpsAnnouncementBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message, (i as { params?: { rule?: string } }).params?.rule])).toEqual([
      ['groupName', ANNOUNCEMENT_RULES.groupRequired.en, 'groupRequired'],
      ['imageUrl', ANNOUNCEMENT_RULES.pictureRequired.en, 'pictureRequired'],
    ]);
    expect(OpsAnnouncementFieldsBody.safeParse(body).success).toBe(true);
  });
});

describe('the operators\' list query', () => {
  it('pages from 1 to 100000 and takes known kinds, phases and ids only', () => {
    expect(OpsAnnouncementQuery.parse({})).toEqual({ page: 1 });
    expect(OpsAnnouncementQuery.parse({ page: '3', phase: 'ended', kind: 'popup', around: '42' })).toEqual({ page: 3, phase: 'ended', kind: 'popup', around: '42' });
    for (const bad of [{ page: '0' }, { page: '100001' }, { page: 'x' }, { phase: 'live' }, { around: '0' }, { around: 'a1' }]) {
      expect(OpsAnnouncementQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
