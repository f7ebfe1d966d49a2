import { i18n } from '../i18n';

/**
 * The global loader painted by index.html before React starts. Navigation hides it (spec §2), and
 * long actions such as logout may show it again. index.html can only name it in one language; from
 * the first script on, its name follows the language on screen.
 */
const element = () => (typeof document === 'undefined' ? null : document.getElementById('app-loader'));

const name = () => {
  element()?.setAttribute('aria-label', i18n.t('common:loading'));
};
name();
i18n.on('languageChanged', name);

export const showLoader = () => {
  const el = element();
  if (!el) return;
  name();
  el.classList.remove('is-hidden');
  el.setAttribute('aria-busy', 'true');
};

export const hideLoader = () => {
  const el = element();
  if (!el) return;
  el.classList.add('is-hidden');
  el.setAttribute('aria-busy', 'false');
};
