import { DEFAULT_LANG, LANGUAGES, LISTED_LANGUAGES, type Lang } from '@apsara/contracts';

export type ListedLanguage = (typeof LISTED_LANGUAGES)[number];

/** Storage keys the spec names for the chosen language (spec §1). */
export const LANG_STORAGE_KEYS = ['hisLang', 'lang'] as const;

/** Each listed language in its own script, as players look for it. */
export const NATIVE_NAMES: Record<ListedLanguage, string> = {
  km: 'ភាសាខ្មែរ',
  en: 'English',
  cn: '简体中文',
  tw: '繁體中文',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  my: 'မြန်မာ',
  lo: 'ລາວ',
  tl: 'Filipino',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  ur: 'اردو',
  ne: 'नेपाली',
  si: 'සිංහල',
  ja: '日本語',
  ko: '한국어',
  mn: 'Монгол',
  ar: 'العربية',
  fa: 'فارسی',
  he: 'עברית',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  pl: 'Polski',
  cs: 'Čeština',
  ro: 'Română',
  hu: 'Magyar',
  el: 'Ελληνικά',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  sv: 'Svenska',
  fi: 'Suomi',
  da: 'Dansk',
  no: 'Norsk',
};

export const isSupported = (code: string): code is Lang => (LANGUAGES as readonly string[]).includes(code);
export const isListed = (code: string): code is ListedLanguage => (LISTED_LANGUAGES as readonly string[]).includes(code);

/** Maps a BCP 47 device tag to our code: "zh-Hans-CN" → cn, "km-KH" → km, "en-GB" → en. */
export const deviceTagToCode = (tag: string): string => {
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'zh') return 'cn';
  return primary;
};

/**
 * The device language among the supported ones (km, en, cn), in the device's order of preference;
 * KM when none matches (spec §1).
 */
export const pickDeviceLanguage = (deviceTags: readonly string[] | undefined): Lang => {
  for (const tag of deviceTags ?? []) {
    const code = deviceTagToCode(tag);
    if (isSupported(code)) return code;
  }
  return DEFAULT_LANG;
};

/** A saved choice wins when it is still listed; otherwise the device decides. */
export const pickInitialLanguage = (saved: string | null | undefined, deviceTags: readonly string[] | undefined): string =>
  saved && isListed(saved) ? saved : pickDeviceLanguage(deviceTags);

/** The language whose texts are actually shown: listed languages without locale files read EN. */
export const contentLanguage = (code: string): Lang => (isSupported(code) ? code : 'en');

/** The value for <html lang>, matching the texts on screen. */
export const htmlLangOf = (code: string): string => {
  const content = contentLanguage(code);
  return content === 'cn' ? 'zh-CN' : content;
};
