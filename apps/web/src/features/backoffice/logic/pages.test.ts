import { describe, expect, it } from 'vitest';
import { BACKOFFICE_LOGIN_PATH, BACKOFFICE_PATH, BO_MENU, BO_PAGES, afterLoginPath, boPagePath, isBackofficePath, isBoScreen, loginPathFrom } from './pages';

describe('back-office pages', () => {
  it('puts the dashboard at /backoffice and every other page under it, each once', () => {
    expect(boPagePath('dashboard')).toBe('/backoffice');
    expect(boPagePath('promotionClaims')).toBe('/backoffice/promotion-claims');
    expect(boPagePath('pointOrders')).toBe('/backoffice/point-orders');
    expect(boPagePath('announcements')).toBe('/backoffice/announcements');
    expect(boPagePath('chats')).toBe('/backoffice/chats');
    expect(boPagePath('operators')).toBe('/backoffice/operators');
    expect(boPagePath('messages')).toBe('/backoffice/messages');
    expect(boPagePath('pointGoods')).toBe('/backoffice/point-goods');
    expect(boPagePath('agentContracts')).toBe('/backoffice/agent-contracts');
    expect(boPagePath('promotions')).toBe('/backoffice/promotions');
    expect(boPagePath('games')).toBe('/backoffice/games');
    const paths = BO_PAGES.map(boPagePath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).not.toContain(BACKOFFICE_LOGIN_PATH);
  });

  it('lists every page in the menu exactly once', () => {
    expect(BO_MENU.flatMap((g) => g.pages).sort()).toEqual([...BO_PAGES].sort());
  });

  it('tells back-office locations from the player site', () => {
    expect(isBackofficePath('/backoffice')).toBe(true);
    expect(isBackofficePath('/backoffice/deposits')).toBe(true);
    expect(isBackofficePath('/backofficer')).toBe(false);
    expect(isBackofficePath('/member/depositv2')).toBe(false);
    expect(isBoScreen('login')).toBe(true);
    expect(isBoScreen('deposits')).toBe(true);
    expect(isBoScreen('lobby')).toBe(false);
  });

  it('returns to the page the operator came from after signing in, and nowhere else', () => {
    expect(afterLoginPath('/backoffice/deposits?status=approved')).toBe('/backoffice/deposits?status=approved');
    expect(afterLoginPath(null)).toBe(BACKOFFICE_PATH);
    expect(afterLoginPath('https://evil.example/backoffice')).toBe(BACKOFFICE_PATH);
    expect(afterLoginPath('//evil.example/backoffice')).toBe(BACKOFFICE_PATH);
    expect(afterLoginPath('/member/withdraw')).toBe(BACKOFFICE_PATH);
    expect(afterLoginPath('/backoffice/login?next=/backoffice')).toBe(BACKOFFICE_PATH);
  });

  it('carries the page it was sent away from to the sign-in page', () => {
    expect(loginPathFrom('/backoffice')).toBe('/backoffice/login');
    const to = loginPathFrom('/backoffice/members?q=dara');
    expect(to).toBe('/backoffice/login?next=%2Fbackoffice%2Fmembers%3Fq%3Ddara');
    expect(afterLoginPath(new URL(to, 'http://x').searchParams.get('next'))).toBe('/backoffice/members?q=dara');
  });
});
