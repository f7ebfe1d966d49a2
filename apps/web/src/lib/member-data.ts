import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots of the query keys whose data belongs to the signed-in member: the member center's and the
 * header's (['member', …]) and the in-house games' (['inhouse', …]: seeds, revealed seeds, the open
 * Mines game). Dropped when a session ends or another begins, so nothing of one member shows to the
 * next person on the same browser.
 */
const MEMBER_QUERY_ROOTS = [['member'], ['inhouse']] as const;

export const forgetMemberData = (client: QueryClient) => {
  for (const queryKey of MEMBER_QUERY_ROOTS) client.removeQueries({ queryKey });
};
