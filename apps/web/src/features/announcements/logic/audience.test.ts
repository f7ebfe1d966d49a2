import { describe, expect, it } from 'vitest';
import { AnnouncementQuery } from '@apsara/contracts';
import { announcementKey, readerOf, typesFor } from './audience';

describe('announcement readers', () => {
  it('tells visitors, members and agents apart', () => {
    expect(readerOf({ isLogin: false, isAgent: false })).toBe('visitor');
    expect(readerOf({ isLogin: false, isAgent: true })).toBe('visitor');
    expect(readerOf({ isLogin: true, isAgent: false })).toBe('member');
    expect(readerOf({ isLogin: true, isAgent: true })).toBe('agent');
  });

  it("asks for the spec's types, and the agents' notices for agents only", () => {
    expect(typesFor('visitor')).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
    expect(typesFor('member')).not.toContain('AG');
    expect(typesFor('agent')).toContain('AG');
    // What the portal sends is what the server's schema accepts.
    for (const reader of ['visitor', 'member', 'agent'] as const) {
      expect(AnnouncementQuery.parse({ types: typesFor(reader).join(','), platform: 'W' }).types).toEqual(typesFor(reader));
    }
  });

  it("keeps a signed-in reader's copy under 'member', so signing out forgets it", () => {
    expect(announcementKey('visitor')[0]).toBe('announcements');
    expect(announcementKey('member').slice(0, 2)).toEqual(['member', 'announcements']);
    expect(announcementKey('agent')).not.toEqual(announcementKey('member'));
  });
});
