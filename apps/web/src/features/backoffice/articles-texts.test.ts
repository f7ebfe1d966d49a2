import { describe, expect, it } from 'vitest';
import { ARTICLE_KINDS, ARTICLE_STATES } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../i18n/locale-checks';
import type { ArticleRule, Publishing } from './logic/articles';

const texts = { en: flatTexts(en as Tree), km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) };
const RULES: ArticleRule[] = ['slug_format', 'required', 'site_lang', 'en_required', 'too_long', 'invalid', 'sort', 'at_format', 'at_past', 'nothing'];
const PUBLISHING: Publishing[] = ['draft', 'now', 'at'];

describe('articles back-office texts', () => {
  it('names every kind, state, way of publishing, rule and audit entry in KM, EN and CN', () => {
    const keys = [
      ...ARTICLE_KINDS.map((k) => `articlesAdmin.kinds.${k}`),
      ...ARTICLE_STATES.map((s) => `articlesAdmin.state.${s}`),
      ...PUBLISHING.flatMap((p) => [`articlesAdmin.publishing.${p}`, `articlesAdmin.publish_hint.${p}`]),
      ...RULES.map((r) => `articlesAdmin.rule.${r}`),
      ...['create', 'update', 'delete'].map((a) => `audit.actions.article.${a}`),
      'audit.prefix.article',
      'audit.target_type.article',
      'audit.target_name.article',
      'articlesAdmin.page.articles',
      'articlesAdmin.action.article.edit',
    ];
    for (const lang of ['en', 'km', 'cn'] as const) for (const key of keys) expect(texts[lang][key], `${lang} ${key}`).toBeTruthy();
  });
});
