import { useSyncExternalStore } from 'react';

/**
 * Whether the chat panel is open. A tiny store of its own, so the side menu, the help center and the
 * launcher (through the shell's openChat) all open the same panel.
 */
let open = false;
const listeners = new Set<() => void>();

const set = (next: boolean) => {
  if (open === next) return;
  open = next;
  listeners.forEach((l) => l());
};

export const openChatPanel = () => set(true);
export const closeChatPanel = () => set(false);
export const isChatPanelOpen = () => open;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export const useChatPanelOpen = () => useSyncExternalStore(subscribe, isChatPanelOpen, () => false);
