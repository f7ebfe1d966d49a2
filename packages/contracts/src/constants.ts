/** Business constants of spec §9, shared by server and web. */
export const LANGUAGES = ['km', 'en', 'cn'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'km';

/** The ~40 languages offered in the language select; only km/en/cn have locale files, the rest fall back to en. */
export const LISTED_LANGUAGES = [
  'km', 'en', 'cn', 'tw', 'th', 'vi', 'id', 'ms', 'my', 'lo', 'tl', 'hi', 'bn', 'ta', 'te', 'ur', 'ne', 'si',
  'ja', 'ko', 'mn', 'ar', 'fa', 'he', 'tr', 'ru', 'uk', 'pl', 'cs', 'ro', 'hu', 'el', 'de', 'fr', 'es', 'pt',
  'it', 'nl', 'sv', 'fi', 'da', 'no',
] as const;

export const ACCOUNT_TYPE = {
  MEMBER: 0,
  AGENT_1: 1,
  AGENT_2: 2,
  TRIAL: 4,
  AGENT_41: 41,
  AGENT_42: 42,
} as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const isAgentType = (type: number) => AGENT_TYPES.includes(type);
export const isTrialType = (type: number) => type === ACCOUNT_TYPE.TRIAL;

export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_BLOCKED: 2 } as const;

export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'AGENTPOLICY3',
  'PTSYS3',
  'MANPLAYREB3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export const DEFAULT_FLAGGED_PASSWORD = '123456';
export const DEFAULT_MIN_AGE = 18;
export const CAPTCHA_REFRESH_MIN_MS = 1000;
export const LIST_PAGE_SIZE = 20;
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const FAVORITES_PAGE_SIZE = 999;
export const SECTION_LOAD_TIMEOUT_MS = 120_000;
export const BANNER = { autoplayMs: 5000, transitionMs: 1000, spaceBetween: 20.3 } as const;
export const JACKPOT = { min: 45_000_000, max: 99_000_000, stepMin: 100, stepMax: 500, tickMinMs: 3000, tickMaxMs: 5000 } as const;
export const GAME_CARD_COUNTER = { step: 165.11, everyMs: 3000 } as const;
export const QR_DEFAULTS = { size: 200, margin: 20, level: 'M', fg: '#000000', bg: '#ffffff' } as const;

/** Merchant codes survive logout (spec §4 Logout). */
export const MERCHANT_STORAGE_KEYS = ['merchantCode', 'merchantId'] as const;
export const TOKEN_STORAGE_KEY = 'token';

/**
 * Every character a username may hold on any merchant, whatever its pattern: letters of any script,
 * digits, and _ . @ + -. Sign-in refuses anything else before a lookup, so registration must too.
 */
export const USERNAME_CHARS = /^[\p{L}\p{M}\p{N}_.@+-]{1,64}$/u;
