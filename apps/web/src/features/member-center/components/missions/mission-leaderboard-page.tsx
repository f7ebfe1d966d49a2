import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../../components/ui/icons/icons';
import { TrialBlocked } from '../../../../components/ui/member/states';
import { Tabs, tabPanelProps } from '../../../../components/ui/tabs/tabs';
import { isTrialError } from '../../../../lib/server-errors';
import { useLoginState } from '../../../../lib/session';
import { useMissionSummary } from '../../api/missions';
import { boardWhichOf, missionTabOf, type BoardWhich, type MissionTab } from '../../logic/missions';
import { LeaderboardTab } from './leaderboard-tab';
import { MissionsTab } from './missions-tab';
import './missions.css';

/**
 * The open tab and table live in the address (`?tab=leaderboard&which=previous`), so each can be
 * linked to and a reload keeps it. Replaces the history entry: tabs are one page, not a trail.
 */
const useMissionTab = () => {
  const [params, setParams] = useSearchParams();
  const tab = missionTabOf(params.get('tab'));
  const which = boardWhichOf(params.get('which'));
  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const open = useCallback((next: MissionTab) => update({ tab: next, which: null }), [update]);
  const setWhich = useCallback((next: BoardWhich) => update({ which: next === 'current' ? null : next }), [update]);
  return { tab, which, open, setWhich };
};

/**
 * missionLeaderboard (spec §2, with its menu badge; docs/missions.md): the day's and the week's
 * missions with their rewards to claim, and the leaderboard of the period's bets with its prizes.
 * Trial accounts are asked for a real account, as the server does.
 */
export const MissionLeaderboardPage = () => {
  const { t } = useTranslation('member');
  const { isTrial } = useLoginState();
  const summary = useMissionSummary(!isTrial);
  const { tab, which, open, setWhich } = useMissionTab();
  if (isTrial || isTrialError(summary.error)) return <TrialBlocked />;

  const claimable = summary.data?.enabled ? summary.data.claimable : 0;
  const items = [
    {
      key: 'missions' as const,
      label: t('missions.tab_missions'),
      icon: <Icon name="star" size={18} />,
      after:
        claimable > 0 ? (
          <span className="ms-tabs__badge num" aria-label={t('missions.tab_claimable', { count: claimable })}>
            {claimable > 99 ? '99+' : claimable}
          </span>
        ) : undefined,
    },
    { key: 'leaderboard' as const, label: t('missions.tab_leaderboard'), icon: <Icon name="trophy" size={18} /> },
  ];

  return (
    <div className="ms">
      <Tabs className="ms-tabs" idBase="ms" items={items} value={tab} onChange={open} label={t('missions.tabs_label')} />
      {/* Focusable, so Tab goes from the tab to its panel even when the panel has no control. */}
      <div {...tabPanelProps('ms', tab)} aria-labelledby={`ms-tab-${tab}`} className="ms-tabpanel" tabIndex={0}>
        {tab === 'missions' ? <MissionsTab query={summary} /> : <LeaderboardTab which={which} onWhich={setWhich} />}
      </div>
    </div>
  );
};
