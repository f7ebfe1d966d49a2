/** Public surface of the announcements feature: the app shell imports only from here. */
export { HomeBanners, GroupBanners } from './components/banners';
export { NoticeMarquee } from './components/notice-marquee';
export { AnnouncementModal } from './components/announcement-modal';
export { NoticePopups } from './components/notice-popups';
export { AgentAnnouncements } from './components/agent-announcements';
export { openAnnouncements, ANNOUNCEMENT_MODAL } from './logic/modals';
export type { AnnouncementModalProps, AnnouncementTab } from './logic/modals';
