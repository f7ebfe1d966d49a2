/**
 * Page scroll lock shared by every open modal (spec §2: a modal locks page scroll and restores the
 * position on close). Counted, so stacked modals unlock only when the last one closes.
 */
let locks = 0;
let savedY = 0;
let savedStyle = '';

export const lockScroll = () => {
  locks += 1;
  if (locks > 1 || typeof document === 'undefined') return;
  const body = document.body;
  savedY = window.scrollY;
  savedStyle = body.getAttribute('style') ?? '';
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  // position:fixed is the only lock iOS Safari honours; the negative top keeps the page where it was.
  Object.assign(body.style, {
    position: 'fixed',
    top: `-${savedY}px`,
    left: '0',
    right: '0',
    width: '100%',
    overflow: 'hidden',
    paddingRight: scrollbar > 0 ? `${scrollbar}px` : body.style.paddingRight,
  });
};

export const unlockScroll = () => {
  if (locks === 0) return;
  locks -= 1;
  if (locks > 0 || typeof document === 'undefined') return;
  const body = document.body;
  if (savedStyle) body.setAttribute('style', savedStyle);
  else body.removeAttribute('style');
  window.scrollTo({ top: savedY, left: 0, behavior: 'instant' as ScrollBehavior });
};
