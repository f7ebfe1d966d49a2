/**
 * The global loader painted by index.html before React starts. Navigation hides it (spec §2), and
 * long actions such as logout may show it again.
 */
const element = () => (typeof document === 'undefined' ? null : document.getElementById('app-loader'));

export const showLoader = () => {
  const el = element();
  if (!el) return;
  el.classList.remove('is-hidden');
  el.setAttribute('aria-busy', 'true');
};

export const hideLoader = () => {
  const el = element();
  if (!el) return;
  el.classList.add('is-hidden');
  el.setAttribute('aria-busy', 'false');
};
