/**
 * "Remember me" (spec §9: remember-me cookies last 24 hours). Only the username is kept: a password
 * in a script-readable cookie would be one XSS away from theft, so passwords are left to the
 * browser's password manager (the inputs carry the right autocomplete hints).
 */
const COOKIE = 'rememberUser';
const DAY_SECONDS = 24 * 60 * 60;

export const rememberUsername = (username: string) => {
  if (typeof document === 'undefined') return;
  document.cookie = `${COOKIE}=${encodeURIComponent(username)}; Max-Age=${DAY_SECONDS}; Path=/; SameSite=Strict`;
};

export const forgetUsername = () => {
  if (typeof document === 'undefined') return;
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
};

export const readRememberedUsername = (cookie = typeof document === 'undefined' ? '' : document.cookie): string | null => {
  const entry = cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  if (!entry) return null;
  try {
    return decodeURIComponent(entry.slice(COOKIE.length + 1)) || null;
  } catch {
    return null;
  }
};
