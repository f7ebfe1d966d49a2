export { Modal } from './modal';
export type { ModalProps } from './modal';
export { openModal, closeModal, closeAllModals, isModalOpen, useModal, getOpenModals, subscribeModals } from './modal-store';
export type { ModalHandle } from './modal-store';
export { lockScroll, unlockScroll } from './scroll-lock';
export { useMediaQuery, PHONE_QUERY } from './use-media-query';
