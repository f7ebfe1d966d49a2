import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AnnouncementListValue, type BannerGroup } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';
import { announcementKey, readerOf, typesFor, type Reader } from '../logic/audience';
import { bannersOf } from '../logic/links';
import { pinnedFirst } from '../logic/notices';

/** Operators' edits reach a server node within 15 s; the portal reads again after a minute. */
const STALE_MS = 60_000;

/**
 * GET /wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W (spec §7), public: with a
 * token the server adds members-only items, and for an agent (who also asks for AG) the agents' notices.
 */
export const getAnnouncements = (reader: Reader, signal?: AbortSignal) =>
  apiValue('/wps/relay/MCSFE_getListAnnouncements', { query: { types: typesFor(reader).join(','), platform: 'W' }, value: AnnouncementListValue, signal });

/**
 * One call for every group: the lobby, the popups, the side menu and the login popup all read the same
 * cache entry, each its own part (`select`). Keyed by who reads, so signing in reads again; meanwhile
 * the previous reader's copy stays on screen (marked as placeholder) rather than a skeleton.
 */
const useAnnouncementList = <T>(select: (value: AnnouncementListValue) => T, enabled = true) => {
  const reader = readerOf(useLoginState());
  return useQuery({
    queryKey: announcementKey(reader),
    queryFn: ({ signal }) => getAnnouncements(reader, signal),
    select,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** The banners of one place (w_home, w_login, w_register, w_leftmenu), in order. */
export const useBanners = (group: BannerGroup, enabled = true) => {
  const select = useCallback((v: AnnouncementListValue) => bannersOf(v.banners, group), [group]);
  return useAnnouncementList(select, enabled);
};

const playerNotices = (v: AnnouncementListValue) => pinnedFirst(v.player);
const promotionNotices = (v: AnnouncementListValue) => pinnedFirst(v.promotion);
const agentNotices = (v: AnnouncementListValue) => pinnedFirst(v.agent);
const popups = (v: AnnouncementListValue) => ({ popups: v.popup, serverTime: v.serverTime });

/** Player notices (PL): the marquee and the announcement popup. */
export const usePlayerNotices = (enabled = true) => useAnnouncementList(playerNotices, enabled);
/** Promotion notices (PR) with their pictures: the announcement popup's second tab. */
export const usePromotionNotices = (enabled = true) => useAnnouncementList(promotionNotices, enabled);
/** Notice popups (PU) with the server's time, whose day in the site's zone decides the daily ones. */
export const usePopups = (enabled = true) => useAnnouncementList(popups, enabled);
/** The agents' notices (AG): the agent center's announcements page; empty for anyone else. */
export const useAgentNotices = () => useAnnouncementList(agentNotices);
