/** The points mall's tabs, in order; `?tab=` names one, so each can be linked to. */
export const POINT_TABS = ['goods', 'convert', 'records', 'details', 'rules'] as const;
export type PointTab = (typeof POINT_TABS)[number];

/** The tabs the site offers: cash to points only when conversion is on. */
export const tabsFor = (convertEnabled: boolean): PointTab[] => POINT_TABS.filter((tab) => tab !== 'convert' || convertEnabled);

/** The tab a `?tab=` value asks for, when the site offers it; else the first (goods). */
export const tabOf = (param: string | null, offered: readonly PointTab[]): PointTab => offered.find((tab) => tab === param) ?? offered[0] ?? 'goods';
