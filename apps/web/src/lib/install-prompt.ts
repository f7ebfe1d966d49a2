/**
 * The browser's offer to install the site as an app (the lite app of spec §1: the web app manifest the
 * server serves per site). Chromium browsers announce it once, early, with `beforeinstallprompt`; it
 * is kept here from the start so the download page can offer an install button whenever it opens.
 * Browsers without the event (Safari, Firefox) install through their own menu: the page's guide says how.
 */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Kept for the page's own button instead of the browser's mini bar.
    e.preventDefault();
    offer = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export const subscribeInstallOffer = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the browser offers an install now. */
export const installOffered = () => offer !== null;

/** Opens the browser's install dialog; true when the visitor accepted. An offer is good for one prompt. */
export const promptInstall = async () => {
  const current = offer;
  if (!current) return false;
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
};

/** The page runs as the installed app (opened from the home screen icon). */
export const runningInstalled = () =>
  typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true);
