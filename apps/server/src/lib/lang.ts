import { DEFAULT_LANG, LANGUAGES, type Lang } from '@apsara/contracts';

const ALIASES: Record<string, Lang> = { zh: 'cn', 'zh-cn': 'cn', 'zh-hans': 'cn', cn: 'cn', en: 'en', km: 'km', 'km-kh': 'km' };

const pick = (tag: string): Lang | undefined => {
  const t = tag.trim().toLowerCase().split(';')[0];
  if (!t) return undefined;
  return ALIASES[t] ?? ALIASES[t.split('-')[0]] ?? (LANGUAGES as readonly string[]).find((l) => l === t) as Lang | undefined;
};

/** The request's language: explicit `lang` wins, then Accept-Language in order, then the merchant's default. */
export const resolveLang = (explicit: string | undefined, acceptLanguage: string | undefined, fallback: Lang = DEFAULT_LANG): Lang => {
  if (explicit) {
    const l = pick(explicit);
    if (l) return l;
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const l = pick(part);
    if (l) return l;
  }
  return fallback;
};

/** The language to write to a member in: theirs when they chose one the portal speaks, else the site's, else English. */
export const memberLanguage = (member: string | null | undefined, site: string): Lang => {
  const known = (l: string | null | undefined): l is Lang => !!l && (LANGUAGES as readonly string[]).includes(l);
  return known(member) ? member : known(site) ? site : 'en';
};
