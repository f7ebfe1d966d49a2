import { describe, expect, it } from 'vitest';
import type { SiteConfigValue } from '@apsara/contracts';
import { decideGate } from './api/get-system-status';
import { outsideSupportLink } from './support-link';

const status = (value: 0 | 1 | 2) => ({ status: value, ip: '203.0.113.7', maintenance: null });

describe('system status gate', () => {
  it('waits while the call is in flight', () => {
    expect(decideGate({ pending: true }).kind).toBe('loading');
  });

  it('shows the app for 0, maintenance for 1 and the blocked page for 2', () => {
    expect(decideGate({ pending: false, data: status(0) }).kind).toBe('app');
    expect(decideGate({ pending: false, data: status(1) }).kind).toBe('maintenance');
    expect(decideGate({ pending: false, data: status(2) })).toMatchObject({ kind: 'blocked', status: { ip: '203.0.113.7' } });
  });

  it('shows the app when the status call failed', () => {
    expect(decideGate({ pending: false, data: undefined }).kind).toBe('app');
  });
});

describe('support link on the unavailable pages', () => {
  const config = (customerService: SiteConfigValue['customerService']) => ({ customerService }) as SiteConfigValue;

  it('offers only links that leave the portal, live chat first', () => {
    expect(
      outsideSupportLink(
        config([
          { csPosition: 'LEFT_MENU', csType: 'LIVECHAT', title: 'Chat', path: '/help?topic=chat' },
          { csPosition: 'LEFT_MENU', csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/x' },
          { csPosition: 'FOOTER', csType: 'LIVECHAT', title: 'Chat 2', path: 'https://chat.example' },
        ]),
      )?.title,
    ).toBe('Chat 2');
    expect(outsideSupportLink(config([{ csPosition: 'FOOTER', csType: 'EMAIL', title: 'Mail', path: 'mailto:a@b.c' }]))?.path).toBe('mailto:a@b.c');
    expect(outsideSupportLink(config([{ csPosition: 'LEFT_MENU', csType: 'LIVECHAT', title: 'Chat', path: '/help' }]))).toBeUndefined();
    expect(outsideSupportLink(undefined)).toBeUndefined();
  });
});
