import type { ReactNode, SVGProps } from 'react';

/**
 * Line icons drawn for Apsara on a 24 px grid. Decorative by default (aria-hidden): the control that
 * holds an icon carries the accessible name.
 */
export type IconName =
  | 'home'
  | 'heart'
  | 'gift'
  | 'crown'
  | 'users'
  | 'briefcase'
  | 'download'
  | 'headset'
  | 'globe'
  | 'menu'
  | 'close'
  | 'arrowUp'
  | 'chevronDown'
  | 'chevronRight'
  | 'chevronLeft'
  | 'clock'
  | 'trophy'
  | 'flame'
  | 'megaphone'
  | 'slots'
  | 'cards'
  | 'fish'
  | 'ball'
  | 'gamepad'
  | 'spade'
  | 'lottery'
  | 'rooster'
  | 'bingo'
  | 'dice'
  | 'gem'
  | 'apple'
  | 'android'
  | 'bolt'
  | 'shield'
  | 'refresh'
  | 'wrench'
  | 'lock'
  | 'mail'
  | 'chat'
  | 'help'
  | 'star'
  | 'play'
  | 'user'
  | 'wallet'
  | 'deposit'
  | 'withdraw'
  | 'transfer'
  | 'send'
  | 'receipt'
  | 'history'
  | 'chart'
  | 'copy'
  | 'swap'
  | 'card'
  | 'image'
  | 'check'
  | 'logout'
  | 'calendar'
  | 'info'
  | 'alert'
  | 'plus'
  | 'trash'
  | 'idCard'
  | 'key'
  | 'percent';

const paths: Record<IconName, ReactNode> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />,
  gift: (
    <>
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5 12.5V20h14v-7.5M12 8.5V20M12 8.5C10.5 5 7 4.5 7 6.8 7 8.5 12 8.5 12 8.5zM12 8.5c1.5-3.5 5-4 5-1.7 0 1.7-5 1.7-5 1.7z" />
    </>
  ),
  crown: <path d="M4 18h16M4.5 15.5 3 7l5 4 4-6 4 6 5-4-1.5 8.5z" />,
  users: (
    <>
      <circle cx="9" cy="8.5" r="3.2" />
      <path d="M3 19.5c.6-3.3 3-5 6-5s5.4 1.7 6 5M15.5 5.6a3 3 0 0 1 0 5.8M17.5 14.6c1.8.6 3 2.2 3.5 4.9" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3.5" y="7.5" width="17" height="12" rx="2" />
      <path d="M9 7.5V5.8c0-.7.6-1.3 1.3-1.3h3.4c.7 0 1.3.6 1.3 1.3v1.7M3.5 12.5h17" />
    </>
  ),
  download: <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M4.5 19.5h15" />,
  headset: (
    <>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.5" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.5" />
      <path d="M18.5 19c0 1.2-1.8 2-4.5 2" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5M12 3.5C9.7 5.9 8.6 8.7 8.6 12s1.1 6.1 3.4 8.5" />
    </>
  ),
  menu: <path d="M4 7h16M4 12h16M4 17h10" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  arrowUp: <path d="M12 19V5m0 0-6 6m6-6 6 6" />,
  chevronDown: <path d="m6 9 6 6 6-6" />,
  chevronRight: <path d="m9 6 6 6-6 6" />,
  chevronLeft: <path d="m15 6-6 6 6 6" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  trophy: <path d="M8 4.5h8v5a4 4 0 0 1-8 0zM8 6.5H4.5c0 3 1.5 4.5 3.7 4.8M16 6.5h3.5c0 3-1.5 4.5-3.7 4.8M12 13.5v3.5M8.5 20h7M9.5 17h5v3h-5z" />,
  flame: <path d="M12 21c-3.8 0-6.5-2.6-6.5-6.2 0-3.6 3-5.6 3.6-9.3 2.3 1.2 3.3 3.3 3.3 5.2 1-.6 1.8-1.8 2-3 2.2 1.9 4.1 4.6 4.1 7.3 0 3.5-2.7 6-6.5 6z" />,
  megaphone: <path d="M4 10v4h3l7 4V6L7 10zM17.5 9a4 4 0 0 1 0 6M7 14l1.2 5h2.3L9.5 14.8" />,
  slots: (
    <>
      <rect x="3" y="5" width="15" height="14" rx="2" />
      <path d="M8 5v14M13 5v14M18 9h1.5a1 1 0 0 1 1 1v0a1 1 0 0 1-1 1M20.5 11V6.5" />
      <circle cx="20.5" cy="5.5" r="1" />
    </>
  ),
  cards: (
    <>
      <rect x="8.5" y="4" width="11" height="15" rx="1.8" transform="rotate(10 14 11.5)" />
      <path d="M6.3 6.3 4.5 6.9a1.8 1.8 0 0 0-1.1 2.2l3.1 9.8a1.8 1.8 0 0 0 2.2 1.1l2.6-.8" />
    </>
  ),
  fish: (
    <>
      <path d="M3 12c3-4.5 8-6 12.5-3.5L20 6v12l-4.5-2.5C11 18 6 16.5 3 12z" />
      <circle cx="8" cy="11" r="0.9" fill="currentColor" />
    </>
  ),
  ball: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m12 8.2 3 2.2-1.1 3.5h-3.8L9 10.4zM12 3.5v4.7M15 10.4l4.6-1.5M13.9 13.9l2.8 3.9M10.1 13.9l-2.8 3.9M9 10.4 4.4 8.9" />
    </>
  ),
  gamepad: (
    <>
      <path d="M7 8h10a4 4 0 0 1 4 4.3l-.4 3.6a2.2 2.2 0 0 1-3.9 1.1L15 15H9l-1.7 2a2.2 2.2 0 0 1-3.9-1.1L3 12.3A4 4 0 0 1 7 8z" />
      <path d="M7.5 10.5v3M6 12h3" />
      <circle cx="15.5" cy="11" r=".9" fill="currentColor" />
      <circle cx="17.5" cy="13" r=".9" fill="currentColor" />
    </>
  ),
  spade: <path d="M12 3.5C9 7 5 9.3 5 12.8a3.4 3.4 0 0 0 6 2.2L10 20.5h4L13 15a3.4 3.4 0 0 0 6-2.2c0-3.5-4-5.8-7-9.3z" />,
  lottery: (
    <>
      <circle cx="8" cy="14" r="4.5" />
      <circle cx="16.5" cy="9" r="4" />
      <path d="M7 12.5h2v3.5M15.5 7.5h1.5l-1 3" />
    </>
  ),
  rooster: (
    <path d="M8 20h8M12 20v-3M6 9.5c0-2.5 2-4.5 4.5-4.5L10 3.5l2 .8 1-1.3.8 1.8 1.7-.3-.5 1.6c1 .8 1.5 2 1.5 3.4v1.5l2.5 1-2.5 1.2c0 2.6-2.2 4.8-5 4.8s-5.5-2.5-5.5-6z" />
  ),
  bingo: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2.5" />
      <path d="M9.3 4v16M14.7 4v16M4 9.3h16M4 14.7h16" />
      <circle cx="12" cy="12" r="1.3" fill="currentColor" />
    </>
  ),
  dice: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3.5" />
      <circle cx="8.5" cy="8.5" r="1.1" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="1.1" fill="currentColor" />
      <circle cx="12" cy="12" r="1.1" fill="currentColor" />
      <circle cx="15.5" cy="8.5" r="1.1" fill="currentColor" />
      <circle cx="8.5" cy="15.5" r="1.1" fill="currentColor" />
    </>
  ),
  gem: <path d="M7 4.5h10l3.5 5L12 20 3.5 9.5zM3.5 9.5h17M9 4.5l-1.5 5L12 20l4.5-10.5L15 4.5" />,
  apple: (
    <path d="M15.8 12.6c0-2.2 1.8-3.2 1.9-3.3-1-1.5-2.6-1.7-3.2-1.7-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.9-.8C6.8 7.6 5 9 5 11.9c0 1.8.7 3.7 1.5 4.9.7 1 1.5 2.2 2.6 2.1 1 0 1.4-.7 2.7-.7s1.6.7 2.7.7 1.8-1 2.5-2a8.9 8.9 0 0 0 1.1-2.3c-.1 0-2.3-.9-2.3-2zM13.7 6.1c.6-.7 1-1.7.9-2.6-.8 0-1.9.6-2.5 1.3-.5.6-1 1.6-.9 2.5.9.1 1.9-.5 2.5-1.2z" />
  ),
  android: (
    <>
      <path d="M6 10.5h12V17a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 17zM6 9.5a6 6 0 0 1 12 0zM8 4.5l1.3 2M16 4.5l-1.3 2M3.8 11v4.5M20.2 11v4.5M9.5 18.5V21M14.5 18.5V21" />
      <circle cx="9.8" cy="7.8" r=".6" fill="currentColor" />
      <circle cx="14.2" cy="7.8" r=".6" fill="currentColor" />
    </>
  ),
  bolt: <path d="M13 3 5 13.5h6L10 21l8-10.5h-6z" />,
  shield: <path d="M12 3.5 5 6v5.5c0 4.3 3 7.7 7 9 4-1.3 7-4.7 7-9V6zM9 12l2 2 4-4" />,
  refresh: <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4" />,
  wrench: <path d="M14.7 6.3a4 4 0 0 0-5.3 5.2L4 16.9 7.1 20l5.4-5.4a4 4 0 0 0 5.2-5.3l-2.5 2.5-2.6-.6-.6-2.6z" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2.5" />
    </>
  ),
  mail: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  chat: <path d="M4.5 5.5h15a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zM8 10h8M8 13h5" />,
  help: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.7" />
      <circle cx="12" cy="16.8" r=".9" fill="currentColor" />
    </>
  ),
  star: <path d="m12 3.8 2.5 5.1 5.6.8-4 4 .9 5.6-5-2.7-5 2.7.9-5.6-4-4 5.6-.8z" />,
  play: <path d="M8 5.5v13l10.5-6.5z" />,
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H17v2.5" />
      <rect x="4" y="7.5" width="16" height="11.5" rx="2.5" />
      <path d="M15.5 13.2h1.5" strokeWidth="2.4" />
    </>
  ),
  deposit: (
    <>
      <path d="M12 4v10m0 0-4-4m4 4 4-4" />
      <path d="M4.5 14.5v3a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3" />
    </>
  ),
  withdraw: (
    <>
      <path d="M12 14V4m0 0L8 8m4-4 4 4" />
      <path d="M4.5 14.5v3a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3" />
    </>
  ),
  transfer: <path d="M4.5 8.5h14m0 0-3.5-3.5m3.5 3.5L15 12M19.5 15.5h-14m0 0L9 12m-3.5 3.5L9 19" />,
  send: <path d="M20 4 3.5 10.5l6.5 2.8L12.8 20zM10 13.3 20 4" />,
  receipt: <path d="M6 3.5h12v17l-2.5-1.6-2 1.6-1.5-1.2-1.5 1.2-2-1.6L6 20.5zM9 8h6M9 11.5h6M9 15h3.5" />,
  history: (
    <>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4.5v3.8h3.8" />
      <path d="M12 8v4.3l2.8 1.7" />
    </>
  ),
  chart: <path d="M4 19.5h16M6.5 16.5v-4M11 16.5V8.5M15.5 16.5v-6M20 5l-5 4-3.5-2.5L6 10" />,
  copy: (
    <>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
    </>
  ),
  swap: <path d="M7.5 4v16m0 0L4 16.5M7.5 20 11 16.5M16.5 20V4m0 0L13 7.5M16.5 4 20 7.5" />,
  card: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M6.5 15h4" />
    </>
  ),
  image: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
      <circle cx="9" cy="9.5" r="1.8" />
      <path d="m4 17.5 5-4.5 4 3.5 2.5-2 4.5 3.5" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  logout: <path d="M14.5 4.5h3a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-3M10 16.5 5.5 12 10 7.5M5.5 12H15" />,
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="14.5" rx="2.5" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5" />
      <circle cx="12" cy="7.8" r=".9" fill="currentColor" />
    </>
  ),
  alert: (
    <>
      <path d="M12 4 2.8 19.5h18.4z" />
      <path d="M12 10v4.5" />
      <circle cx="12" cy="17" r=".9" fill="currentColor" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  percent: (
    <>
      <path d="M18 6 6 18" />
      <circle cx="7.5" cy="7.5" r="2.5" />
      <circle cx="16.5" cy="16.5" r="2.5" />
    </>
  ),
  trash: <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5M10 10.5v6M14 10.5v6" />,
  idCard: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <circle cx="8.5" cy="11" r="2.2" />
      <path d="M5.5 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14 9.5h4M14 13h4" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="14.5" r="3.8" />
      <path d="m10.8 11.8 8.2-8.2M16 6.5l2.5 2.5M13.8 8.8l2 2" />
    </>
  ),
};

export type IconProps = SVGProps<SVGSVGElement> & { name: IconName; size?: number };

export const Icon = ({ name, size = 20, ...rest }: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.7}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...rest}
  >
    {paths[name]}
  </svg>
);
