import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllModals, closeModal, getOpenModals, isModalOpen, openModal } from './modal-store';

describe('modal store', () => {
  beforeEach(closeAllModals);

  it('stacks modals in opening order and re-opening brings one to the top', () => {
    openModal('login');
    openModal('authMessage', { message: 'hi' });
    openModal('login', { again: true });
    expect(getOpenModals()).toEqual([
      { name: 'authMessage', props: { message: 'hi' } },
      { name: 'login', props: { again: true } },
    ]);
  });

  it('closes by name and ignores unknown names', () => {
    openModal('login');
    closeModal('nope');
    expect(isModalOpen('login')).toBe(true);
    closeModal('login');
    expect(isModalOpen('login')).toBe(false);
  });
});
