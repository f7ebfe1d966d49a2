import type { ChatConversation } from '@apsara/contracts';

/**
 * The launcher's badge: the site's lines the member has not read, while the panel is closed. With the
 * panel open and the page in view the member is reading them, so the portal marks them read.
 */
export const launcherUnread = (conversation: ChatConversation | null | undefined, panelOpen: boolean): number =>
  panelOpen ? 0 : Math.max(0, conversation?.unread ?? 0);

/** The badge's text: the count, capped so it stays a small circle. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Whether to tell the server the member has read the lines (POST /wps/chat/read). */
export const shouldMarkRead = (conversation: ChatConversation | null | undefined, panelOpen: boolean, pageVisible: boolean): boolean =>
  panelOpen && pageVisible && !!conversation && conversation.unread > 0;

/** The conversation once read: what the server still counts unread (lines that came after the screen's newest). */
export const markedRead = (conversation: ChatConversation | null | undefined, unread = 0) => (conversation ? { ...conversation, unread } : conversation);
