import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetMemberData } from './member-data';

describe('forgetMemberData', () => {
  it("drops the member's data, the in-house games' included, and keeps the site's", () => {
    const client = new QueryClient();
    client.setQueryData(['member', 'info'], { balance: '10.00' });
    client.setQueryData(['inhouse', 'revealed', { page: 1 }], { items: [{ serverSeed: 'a'.repeat(64) }] });
    client.setQueryData(['inhouse', 'seeds'], { nonce: 3 });
    client.setQueryData(['system', 'config'], { brand: 'Apsara' });
    forgetMemberData(client);
    expect(client.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([['system', 'config']]);
  });
});
