/**
 * Lobby content that the announcements call (MCSFE_getListAnnouncements: banners B, player notices PL)
 * will provide in a later issue. Until then it lives here, in one module, in the same shapes.
 */
export type BannerArtVariant = 'welcome' | 'live' | 'slots' | 'sports';

export type Banner = {
  id: string;
  /** Internal route ("/promotions") or absolute URL of the banner's target. */
  url: string;
  /** INTERNAL opens a route of the portal; EXTERNAL opens a new tab. */
  linkageType: 'INTERNAL' | 'EXTERNAL';
  /** Announcement group the banner belongs to (spec §3: w_home, w_login, w_register, w_leftmenu). */
  groupName: 'w_home';
  art: BannerArtVariant;
  /** Locale keys (common namespace) of the banner's texts. */
  textKey: string;
};

export const HOME_BANNERS: readonly Banner[] = [
  { id: 'welcome', url: '/promotions', linkageType: 'INTERNAL', groupName: 'w_home', art: 'welcome', textKey: 'lobby.banners.welcome' },
  { id: 'live', url: '/live', linkageType: 'INTERNAL', groupName: 'w_home', art: 'live', textKey: 'lobby.banners.live' },
  { id: 'slots', url: '/rng', linkageType: 'INTERNAL', groupName: 'w_home', art: 'slots', textKey: 'lobby.banners.slots' },
  { id: 'sports', url: '/sports', linkageType: 'INTERNAL', groupName: 'w_home', art: 'sports', textKey: 'lobby.banners.sports' },
];

export type Notice = { id: string; textKey: string };

export const PLAYER_NOTICES: readonly Notice[] = [
  { id: 'welcome', textKey: 'lobby.notices.welcome' },
  { id: 'responsible', textKey: 'lobby.notices.responsible' },
  { id: 'app', textKey: 'lobby.notices.app' },
  { id: 'security', textKey: 'lobby.notices.security' },
];

