import { type Lang } from '@apsara/contracts';
import { AppError } from './app-error.js';

/** Each language's name, written in each language. */
const LANG_NAMES: Record<Lang, Record<Lang, string>> = {
  en: { en: 'English', km: 'Khmer', cn: 'Chinese' },
  km: { en: 'អង់គ្លេស', km: 'ខ្មែរ', cn: 'ចិន' },
  cn: { en: '英文', km: '高棉文', cn: '中文' },
};

/** What an operator's text lacks, said in the operator's language: which part, and the site's language. */
const RULE: Record<Lang, Record<'title' | 'body', (language: string) => string>> = {
  en: { title: (l) => `The title is needed in the site's language (${l})`, body: (l) => `The text is needed in the site's language (${l})` },
  km: { title: (l) => `ចំណងជើងត្រូវមានជាភាសារបស់គេហទំព័រ (${l})`, body: (l) => `អត្ថបទត្រូវមានជាភាសារបស់គេហទំព័រ (${l})` },
  cn: { title: (l) => `标题须包含本站默认语言（${l}）`, body: (l) => `正文须包含本站默认语言（${l}）` },
};

/** LocalizedText: one string for every language, or one per language. */
type Localized = string | Partial<Record<Lang, string>>;

const hasLang = (t: Localized, lang: Lang) => typeof t === 'string' || (t[lang] ?? '').trim().length > 0;

/**
 * Operators' texts must have words in the site's own language (one string counts for every language):
 * a 400 naming each `<field>.<site language>` that lacks them, rule `siteLanguage`.
 */
export const requireSiteLanguage = (texts: { field: string; text: Localized | undefined; part?: 'title' | 'body' }[], siteLang: Lang, lang: Lang) => {
  const missing = texts.filter((t) => t.text !== undefined && !hasLang(t.text, siteLang));
  if (missing.length === 0) return;
  const fields = missing.map((t) => ({ field: `${t.field}.${siteLang}`, rule: 'siteLanguage', message: RULE[lang][t.part ?? 'title'](LANG_NAMES[lang][siteLang]) }));
  throw new AppError('VALIDATION_FAILED', fields.map((f) => f.field), { fields });
};
