import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, TOKEN_STORAGE_KEY } from '@apsara/contracts';
import { LANG_STORAGE_KEYS, contentLanguage, htmlLangOf, pickInitialLanguage } from './languages';

/*
 * Every `src/locales/<lang>/<namespace>.json` becomes a namespace, so a feature adds its texts by
 * dropping a file in (the auth feature's auth.json is picked up the same way). The back office's
 * texts (ops.json) are the exception: they come with the back-office chunk (features/backoffice),
 * so players never download them.
 */
const files = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/ops.json'], { eager: true, import: 'default' });

const resources: Resource = {};
const namespaces = new Set<string>();
for (const [path, texts] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match;
  resources[lang] ??= {};
  resources[lang][ns] = texts;
  namespaces.add(ns);
}

const readSaved = (): string | null => {
  try {
    return localStorage.getItem('lang') ?? localStorage.getItem('hisLang');
  } catch {
    return null;
  }
};

const deviceLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

const remember = (lang: string) => {
  try {
    for (const key of LANG_STORAGE_KEYS) localStorage.setItem(key, lang);
  } catch {
    // Private mode or storage full: the choice simply does not survive a reload.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lang);
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', remember);

void i18n.use(initReactI18next).init({
  resources,
  lng: pickInitialLanguage(readSaved(), deviceLanguages()),
  fallbackLng: ['en', DEFAULT_LANG],
  ns: [...namespaces],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // No library notice in players' consoles.
  showSupportNotice: false,
});

/** The language to send as Accept-Language: the one whose texts are on screen. */
export const currentContentLanguage = () => contentLanguage(i18n.language ?? DEFAULT_LANG);

/**
 * Changes the UI language, remembers it and, for a signed-in member, tells the server so messages,
 * SMS and e-mail reach them in that language. The server call is fire-and-forget: the UI never waits.
 * Plain fetch on purpose: lib/api imports this module for its language header.
 */
export const setLanguage = async (lang: string) => {
  await i18n.changeLanguage(lang);
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    token = null;
  }
  if (!token) return;
  void fetch('/wps/member/language', {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': contentLanguage(lang),
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ language: lang }),
  }).catch(() => undefined);
};
