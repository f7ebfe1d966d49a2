import type { AnnouncementTypeCode } from '@apsara/contracts';

/**
 * Who reads the announcements decides what the server sends: visitors get the public ones, a token adds
 * the members-only ones, and an agent's token the agents' notices (AG). Each reader has its own cache
 * entry, so signing in or out reads them again.
 */
export type Reader = 'visitor' | 'member' | 'agent';

export const readerOf = ({ isLogin, isAgent }: { isLogin: boolean; isAgent: boolean }): Reader => (!isLogin ? 'visitor' : isAgent ? 'agent' : 'member');

/** Spec §7: "GET with types B, PL, PU, PR, H and platform W"; agents also ask for their own notices. */
export const typesFor = (reader: Reader): AnnouncementTypeCode[] => (reader === 'agent' ? ['B', 'PL', 'PU', 'PR', 'H', 'AG'] : ['B', 'PL', 'PU', 'PR', 'H']);

/**
 * Query keys. A signed-in reader's copy lives under 'member', so the end of a session (which drops every
 * ['member', …] query, lib/member-data.ts) forgets what only that member or agent could read.
 */
export const announcementKey = (reader: Reader) => (reader === 'visitor' ? (['announcements', 'visitor'] as const) : (['member', 'announcements', reader] as const));
