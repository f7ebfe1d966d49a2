import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { tabOf, type PointTab } from '../logic/tabs';

/**
 * The open tab lives in the address (`?tab=records`), so every tab can be linked to and a reload keeps
 * it. Other values a tab keeps there (the records' `status`) go with it; moving to another tab drops
 * them. Replaces the history entry: tabs are one page, not a trail to go back through.
 */
export const usePointTab = (offered: readonly PointTab[]) => {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'), offered);
  const open = useCallback(
    (next: PointTab, extra: Record<string, string> = {}) => setParams({ tab: next, ...extra }, { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { tab, open, params };
};
