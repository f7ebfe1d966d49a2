import { i18n } from '../../i18n';

/*
 * The back office's texts (locales/<lang>/ops.json) join i18n when this chunk loads: the app's own
 * bundle leaves them out (i18n/index.ts), so players never download them.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/ops.json', { eager: true, import: 'default' });

export const OPS_NAMESPACE = 'ops';

export const registerOpsTexts = () => {
  for (const [path, texts] of Object.entries(files)) {
    const lang = /\/locales\/([^/]+)\/ops\.json$/.exec(path)?.[1];
    if (lang && !i18n.hasResourceBundle(lang, OPS_NAMESPACE)) i18n.addResourceBundle(lang, OPS_NAMESPACE, texts, true, true);
  }
};
