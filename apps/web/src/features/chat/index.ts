/** Public surface of the chat feature: the app shell imports only from here. */
export { ChatDock } from './components/chat-dock';
export { useChatModels } from './api/chat';
export { openChatPanel, closeChatPanel } from './logic/panel-store';
