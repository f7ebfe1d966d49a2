import { useCallback, useSyncExternalStore } from 'react';

/** Open modals by name, in opening order (the last one is on top). */
type Entry = { name: string; props: Record<string, unknown> };

let stack: Entry[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const subscribeModals = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const getOpenModals = (): readonly Entry[] => stack;

/** Opens (or re-opens with new props) a named modal and brings it to the top. */
export const openModal = (name: string, props: Record<string, unknown> = {}) => {
  stack = [...stack.filter((e) => e.name !== name), { name, props }];
  emit();
};

export const closeModal = (name: string) => {
  if (!stack.some((e) => e.name === name)) return;
  stack = stack.filter((e) => e.name !== name);
  emit();
};

export const closeAllModals = () => {
  if (!stack.length) return;
  stack = [];
  emit();
};

export const isModalOpen = (name: string) => stack.some((e) => e.name === name);

export type ModalHandle<P> = {
  open: boolean;
  props: P;
  /** Position in the stack; 0 is the bottom. -1 when closed. */
  depth: number;
  isTop: boolean;
  close: () => void;
  show: (props?: P) => void;
};

export const useModal = <P extends Record<string, unknown> = Record<string, unknown>>(name: string): ModalHandle<P> => {
  const entries = useSyncExternalStore(subscribeModals, getOpenModals, getOpenModals);
  const depth = entries.findIndex((e) => e.name === name);
  const close = useCallback(() => closeModal(name), [name]);
  const show = useCallback((props?: P) => openModal(name, props ?? {}), [name]);
  return {
    open: depth >= 0,
    props: (depth >= 0 ? entries[depth].props : {}) as P,
    depth,
    isTop: depth >= 0 && depth === entries.length - 1,
    close,
    show,
  };
};
