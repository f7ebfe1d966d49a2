import { afterAll, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ProfileValue } from '@apsara/contracts';
import { i18n } from '../../../../i18n';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { ProfilePage } from './profile-page';

const open: ProfileValue = {
  fullname: null, fullnameLocked: false, birthday: null, birthdayLocked: false, permanentAddress: null, currentAddress: null, placeOfBirth: null,
  nationality: null, occupation: null, sourceOfIncome: null, minAge: 18, today: '2026-03-15', updatedAt: null,
};

/** The page as first drawn for a member whose profile the server answered with `value`. */
const page = (value: ProfileValue) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(MEMBER_KEYS.profile, value);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ProfilePage />
    </QueryClientProvider>,
  );
};
/** The value of the input labelled `label`. */
const valueOf = (html: string, label: string) => {
  const id = new RegExp(`<label class="mc-field__label" for="([^"]+)">${label}</label>`).exec(html)?.[1];
  return id ? (new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*id="${id}"`).exec(html)?.[1]) : undefined;
};

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

describe('profile page', () => {
  const locked = { ...open, fullname: 'Sok Dara', fullnameLocked: true, birthday: '1990-04-17', birthdayLocked: true, nationality: 'KH', updatedAt: '2026-03-01T00:00:00Z' };

  it('writes a locked birthday out as a date in the reader\'s language, never as ISO', async () => {
    await i18n.changeLanguage('km');
    expect(valueOf(page(locked), i18n.t('member:profile.birthday'))).toBe('17 មេសា 1990');
    await i18n.changeLanguage('cn');
    expect(valueOf(page(locked), i18n.t('member:profile.birthday'))).toBe('1990年4月17日');
    await i18n.changeLanguage('en');
    expect(valueOf(page(locked), i18n.t('member:profile.birthday'))).toBe('17 April 1990');
  });

  it('counts the filled fields from what the form holds', async () => {
    await i18n.changeLanguage('en');
    expect(page(locked)).toContain(i18n.t('member:profile.filled', { done: 3, total: 8 }));
    expect(page(open)).toContain(i18n.t('member:profile.filled', { done: 0, total: 8 }));
  });
});
