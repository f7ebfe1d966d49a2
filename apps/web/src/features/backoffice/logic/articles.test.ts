import { describe, expect, it } from 'vitest';
import type { OpsArticle } from '@apsara/contracts';
import { articleBody, articleForm, articlePatch, articleProblems, newArticleForm, slugFrom, type ArticleForm } from './articles';

const ZONE = 'Asia/Phnom_Penh';
const NOW = Date.parse('2026-12-04T10:00:00Z');

const stored: OpsArticle = {
  id: '7',
  kind: 'news',
  slug: 'mines-is-here',
  title: { en: 'Mines is here', km: 'Mines មកដល់ហើយ' },
  summary: null,
  body: { en: 'Play it.', km: 'លេងវា។' },
  sort: 0,
  publishedAt: '2026-12-01T02:00:00.000Z',
  createdAt: '2026-12-01T01:00:00.000Z',
  updatedAt: '2026-12-01T01:00:00.000Z',
};

const filled = (extra: Partial<ArticleForm> = {}): ArticleForm => ({
  ...newArticleForm('blog'),
  slug: 'a-post',
  title: { en: 'A post', km: 'អត្ថបទមួយ', cn: '' },
  body: { en: 'Words.', km: 'ពាក្យ។', cn: '' },
  ...extra,
});

describe('article form', () => {
  it('makes an address from an English title, and none from Khmer alone', () => {
    expect(slugFrom('Step 1: Create your account!')).toBe('step-1-create-your-account');
    expect(slugFrom('Café — déjà vu')).toBe('cafe-deja-vu');
    expect(slugFrom('ជំហានទី ១')).toBe('');
    expect(slugFrom(`${'word '.repeat(30)}`).length).toBeLessThanOrEqual(80);
  });

  it('sends a draft, a publish-now and a scheduled article as the contract takes them', () => {
    expect(articleBody(filled(), ZONE, NOW)).toEqual({ kind: 'blog', slug: 'a-post', title: { en: 'A post', km: 'អត្ថបទមួយ' }, summary: null, body: { en: 'Words.', km: 'ពាក្យ។' }, sort: 0, publishedAt: null });
    expect(articleBody(filled({ publish: 'now' }), ZONE, NOW).publishedAt).toBe('2026-12-04T10:00:00.000Z');
    // 09:00 on the 5th in Phnom Penh is 02:00 UTC.
    expect(articleBody(filled({ publish: 'at', at: '2026-12-05T09:00' }), ZONE, NOW).publishedAt).toBe('2026-12-05T09:00:00+07:00');
  });

  it('reads a stored article back and sends only what changed, keeping a published time as it was', () => {
    const form = articleForm(stored, ZONE, NOW);
    expect(form).toMatchObject({ kind: 'news', slug: 'mines-is-here', publish: 'now', at: '2026-12-01T09:00', summary: { en: '', km: '', cn: '' } });
    expect(articlePatch(stored, form, ZONE, NOW)).toEqual({});
    expect(articlePatch(stored, { ...form, slug: 'mines' }, ZONE, NOW)).toEqual({ slug: 'mines' });
    expect(articlePatch(stored, { ...form, publish: 'draft' }, ZONE, NOW)).toEqual({ publishedAt: null });
    expect(articlePatch(stored, { ...form, publish: 'at', at: '2026-12-06T08:30' }, ZONE, NOW)).toEqual({ publishedAt: '2026-12-06T08:30:00+07:00' });
    // A draft published now gets now.
    expect(articlePatch({ ...stored, publishedAt: null }, { ...form, publish: 'now' }, ZONE, NOW)).toEqual({ publishedAt: '2026-12-04T10:00:00.000Z' });
    expect(articleForm({ ...stored, publishedAt: '2026-12-09T00:00:00Z' }, ZONE, NOW).publish).toBe('at');
  });

  it('names what the server would refuse, by form path', () => {
    expect(articleProblems(filled(), 'km', ZONE, NOW)).toEqual({});
    expect(articleProblems(filled({ slug: 'Bad Slug' }), 'km', ZONE, NOW)).toEqual({ slug: 'slug_format' });
    expect(articleProblems(filled({ title: { en: '', km: '', cn: '' } }), 'km', ZONE, NOW)).toEqual({ 'title.km': 'required' });
    expect(articleProblems(filled({ body: { en: 'Only English', km: '', cn: 'only cn' } }), 'km', ZONE, NOW)).toEqual({ 'body.km': 'site_lang' });
    // English alone serves every language.
    expect(articleProblems(filled({ title: { en: 'Only English', km: '', cn: '' } }), 'km', ZONE, NOW)).toEqual({});
    expect(articleProblems(filled({ summary: { en: '', km: 'សង្ខេប', cn: '' } }), 'km', ZONE, NOW)).toEqual({ 'summary.en': 'en_required' });
    expect(articleProblems(filled({ body: { en: 'x'.repeat(20_001), km: 'ក', cn: '' } }), 'km', ZONE, NOW)).toEqual({ 'body.en': 'too_long' });
    expect(articleProblems(filled({ sort: '-1' }), 'km', ZONE, NOW)).toEqual({ sort: 'sort' });
    expect(articleProblems(filled({ publish: 'at', at: '' }), 'km', ZONE, NOW)).toEqual({ at: 'at_format' });
    expect(articleProblems(filled({ publish: 'at', at: '2026-12-01T09:00' }), 'km', ZONE, NOW)).toEqual({ at: 'at_past' });
  });
});
