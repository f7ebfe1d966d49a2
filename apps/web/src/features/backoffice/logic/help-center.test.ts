import { describe, expect, it } from 'vitest';
import { OpsHelpTopicBody, OpsHelpTopicPatch, type OpsHelpTopic } from '@apsara/contracts';
import { BO_MENU, boPagePath } from './pages';
import { can, pageVisible, readOnlyOn } from './roles';
import { canMove, helpTopicBody, helpTopicForm, helpTopicPatch, helpTopicProblems, newHelpTopicForm, type HelpTopicForm } from './help-center';

const form = (extra: Partial<HelpTopicForm> = {}): HelpTopicForm => ({
  ...newHelpTopicForm(),
  key: 'withdraw-limits',
  icon: 'wallet',
  title: { en: 'Withdrawal limits', km: 'ដែនកំណត់ដកប្រាក់', cn: '' },
  body: { en: 'Up to 5 a day.', km: '', cn: '' },
  ...extra,
});

const topic: OpsHelpTopic = {
  id: '7',
  key: 'app',
  sort: 40,
  icon: 'download',
  title: { en: 'Mobile app', km: 'កម្មវិធីទូរស័ព្ទ', cn: '手机APP' },
  body: { en: 'Our apps.', km: 'កម្មវិធី។', cn: 'APP。' },
  action: { kind: 'path', path: '/download' },
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('help center form', () => {
  it('sends what the contract takes: English alone as one text, a page only for a page action', () => {
    const body = helpTopicBody(form({ title: { en: ' Limits ', km: '', cn: '' }, action: 'path', path: ' /member/withdraw ' }));
    expect(body).toEqual({ key: 'withdraw-limits', icon: 'wallet', title: 'Limits', body: 'Up to 5 a day.', action: { kind: 'path', path: '/member/withdraw' }, enabled: true });
    expect(OpsHelpTopicBody.safeParse(body).success).toBe(true);
    expect(helpTopicBody(form({ body: { en: '', km: '', cn: '' }, action: 'chat', path: '/ignored' }))).toMatchObject({ body: null, action: { kind: 'chat' } });
  });

  it('finds what the server would refuse, by field', () => {
    expect(helpTopicProblems(form(), 'km')).toEqual({});
    expect(helpTopicProblems(form({ key: 'Bad Key' }), 'km')).toEqual({ key: 'key_format' });
    expect(helpTopicProblems(form({ key: 'x' }), 'km')).toEqual({ key: 'key_format' });
    expect(helpTopicProblems(form({ title: { en: '', km: '', cn: '' } }), 'km')).toEqual({ 'title.km': 'required' });
    // English alone is every language's title; with Chinese too, the site's Khmer is missing.
    expect(helpTopicProblems(form({ title: { en: 'Limits', km: '', cn: '' } }), 'km')).toEqual({});
    expect(helpTopicProblems(form({ title: { en: 'Limits', km: '', cn: '限额' } }), 'km')).toEqual({ 'title.km': 'site_lang' });
    expect(helpTopicProblems(form({ title: { en: '', km: 'ដែនកំណត់', cn: '' } }), 'km')).toEqual({ 'title.en': 'en_required' });
    expect(helpTopicProblems(form({ title: { en: 'x'.repeat(121), km: 'ក', cn: '' } }), 'km')).toEqual({ 'title.en': 'too_long' });
    expect(helpTopicProblems(form({ body: { en: 'ok', km: '', cn: 'x'.repeat(4001) } }), 'km')).toEqual({ 'body.cn': 'too_long' });
    for (const path of ['https://evil.example', '//evil.example', '/a//b', 'download', '/\\evil']) {
      expect(helpTopicProblems(form({ action: 'path', path }), 'km'), path).toEqual({ path: 'path_format' });
    }
    expect(helpTopicProblems(form({ action: 'path', path: '/download' }), 'km')).toEqual({});
  });

  it('starts an edit from the topic and sends only what changed', () => {
    const f = helpTopicForm(topic);
    expect(f).toMatchObject({ key: 'app', icon: 'download', action: 'path', path: '/download', title: { en: 'Mobile app', km: 'កម្មវិធីទូរស័ព្ទ', cn: '手机APP' } });
    expect(helpTopicPatch(topic, f)).toEqual({});
    const changed = helpTopicPatch(topic, { ...f, title: { ...f.title, en: 'Our app' }, action: 'none' });
    expect(changed).toEqual({ title: { en: 'Our app', km: 'កម្មវិធីទូរស័ព្ទ', cn: '手机APP' }, action: { kind: 'none' } });
    expect(OpsHelpTopicPatch.safeParse(changed).success).toBe(true);
  });

  it('moves only within the list', () => {
    expect(canMove(0, 3, 'up')).toBe(false);
    expect(canMove(0, 3, 'down')).toBe(true);
    expect(canMove(2, 3, 'down')).toBe(false);
    expect(canMove(2, 3, 'up')).toBe(true);
  });
});

describe('help center page', () => {
  it('lives at /backoffice/help-center in the site group; admins alone change it, every role reads it', () => {
    expect(boPagePath('helpCenter')).toBe('/backoffice/help-center');
    expect(BO_MENU.find((g) => g.key === 'site')!.pages).toContain('helpCenter');
    expect(can('admin', 'helpTopic.edit')).toBe(true);
    expect(can('finance', 'helpTopic.edit')).toBe(false);
    expect(can('support', 'helpTopic.edit')).toBe(false);
    for (const role of ['admin', 'finance', 'support'] as const) expect(pageVisible(role, 'helpCenter')).toBe(true);
    expect(readOnlyOn('support', 'helpCenter')).toBe(true);
    expect(readOnlyOn('admin', 'helpCenter')).toBe(false);
  });
});
