import { openModal } from '../../../components/ui/modal';

/** Names of the popups this feature mounts; other features open them through the shell's actions. */
export const ANNOUNCEMENT_MODAL = {
  /** The announcement popup (spec §2): notices and promotion notices, a paged list and the one selected. */
  list: 'announcements',
  /** A notice popup (PU), shown on arrival. */
  notice: 'noticePopup',
} as const;

export const ANNOUNCEMENT_TABS = ['notices', 'promotions'] as const;
export type AnnouncementTab = (typeof ANNOUNCEMENT_TABS)[number];

export type AnnouncementModalProps = {
  /** The notice to select (its page is shown); the first one when absent. */
  id?: string;
  tab?: AnnouncementTab;
};

export const openAnnouncements = (props: AnnouncementModalProps = {}) => openModal(ANNOUNCEMENT_MODAL.list, props);
