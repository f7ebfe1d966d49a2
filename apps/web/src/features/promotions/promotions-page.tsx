import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { closeModal, openModal } from '../../components/ui/modal';
import { Tabs, tabPanelProps } from '../../components/ui/tabs/tabs';
import { currencySymbolOf, useSiteConfigValue } from '../../lib/site-config';
import { useLoginState } from '../../lib/session';
import { usePromotions, useSiteFlags } from './api/promotions';
import { hasRanks, useVipRanks } from './api/vip';
import { ApplyModal } from './components/apply-modal';
import { ClaimHall } from './components/claim-hall';
import { PromoDetailModal } from './components/promo-detail-modal';
import { PromoGrid } from './components/promo-grid';
import { RankTab } from './components/rank-tab';
import { EnvelopeModal } from './components/envelope-modal';
import { RaffleModal } from './components/raffle-modal';
import { ResultModal } from './components/result-modal';
import { PROMO_MODAL, PromoActionsProvider } from './hooks/promo-actions';
import { usePromoTab } from './hooks/use-promo-tab';
import { CLAIMS_TAB, RANK_TAB, countsByTab, shownTab, tabCount, tabsShown, type PromoTab } from './logic/tabs';
import './promotions.css';
import { PageHead } from '../../components/ui/page-head/page-head';

const TAB_ICONS: Record<PromoTab, IconName> = {
  all: 'star',
  newbie: 'user',
  limited: 'clock',
  special: 'flame',
  daily: 'calendar',
  rebate: 'refresh',
  vip: 'crown',
  deposit: 'deposit',
  app: 'download',
  rank: 'trophy',
  claims: 'gift',
};

/**
 * The promotion hall (spec §2 "Promotions"): the categories as tabs (newbie, limited, special, daily,
 * high rebate, VIP, deposit, app download), the rank explanation when the site has VIP ranks, the
 * points mall beside them when the site runs one, and the promo claim hall; each promotion as a card
 * with its rules popup and its one action. Public: visitors read everything and are asked to log in
 * to take part.
 */
const PromotionsPage = () => {
  const { t } = useTranslation('promotions');
  const { isTrial } = useLoginState();
  const config = useSiteConfigValue();
  const list = usePromotions();
  const flags = useSiteFlags();
  const { tab: asked, open, promo, showPromo, params, update } = usePromoTab();
  const vip = useVipRanks();
  const ranks = vip.data ? hasRanks(vip.data) : undefined;
  const tab = shownTab(asked, ranks);
  const symbol = list.data?.currencySymbol ?? currencySymbolOf(config);
  const counts = list.data ? countsByTab(list.data.items) : null;
  const claimable = isTrial ? 0 : (list.data?.claimable ?? 0);

  // The rules popup follows the address (`?promo=<id>`), so a promotion can be linked to.
  useEffect(() => {
    if (promo) openModal(PROMO_MODAL.detail, { id: promo });
    else closeModal(PROMO_MODAL.detail);
  }, [promo]);
  // The popups belong to the hall: leaving it closes them.
  useEffect(() => () => Object.values(PROMO_MODAL).forEach(closeModal), []);

  // On a phone the tabs are one strip that scrolls sideways: the open one is brought into it (a link to
  // the claim hall would otherwise show a strip that starts at "All"). The page itself does not move.
  const tabsRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = tabsRow.current?.querySelector<HTMLElement>('[role="tablist"]');
    const active = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = active.offsetLeft - strip.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [tab]);

  const openDetail = useCallback((id: string) => showPromo(id), [showPromo]);
  const me = vip.data?.me;
  const myRank = me?.label ? { level: me.level, label: me.label } : null;
  const items = tabsShown(ranks, tab).map((key) => ({
    key,
    label: t(`tabs.${key}`),
    icon: <Icon name={TAB_ICONS[key]} size={18} />,
    after:
      key === CLAIMS_TAB ? (
        claimable > 0 ? (
          <span className="pr-tabs__badge num" aria-label={t('tabs.claimable', { count: claimable })}>
            {claimable}
          </span>
        ) : undefined
      ) : key === RANK_TAB ? (
        // The member's own rank beside the tab's name; not part of it (the tab is named the same for everyone).
        myRank ? (
          <span className="pr-tabs__rank" aria-hidden="true">
            {myRank.label}
          </span>
        ) : undefined
      ) : tabCount(counts, key) !== undefined ? (
        <span className="pr-tabs__count num" aria-hidden="true">
          {tabCount(counts, key)}
        </span>
      ) : undefined,
  }));

  return (
    <PromoActionsProvider symbol={symbol} openDetail={openDetail}>
      <div className="pr">
        <PageHead eyebrow={t('page.eyebrow')} title={t('page.title')} lede={t('page.lede')} />
        <div className="pr-tabs-row" ref={tabsRow}>
          <Tabs className="pr-tabs" idBase="pr" items={items} value={tab} onChange={open} label={t('tabs.label')} />
          {flags.data?.PTSYS3 && (
            <Link to="/pointMall" className="pr-tabs-link">
              <Icon name="gem" size={18} />
              {t('tabs.point_mall')}
              <Icon name="chevronRight" size={14} />
            </Link>
          )}
        </div>
        {/* Focusable, so Tab goes from the tab to its panel even when the panel has no control (an empty category). */}
        <div {...tabPanelProps('pr', tab)} aria-labelledby={`pr-tab-${tab}`} className="pr-tabpanel" tabIndex={0}>
          {tab === CLAIMS_TAB ? (
            <ClaimHall list={list} status={params.get('status')} onStatus={(s) => update({ status: s ?? null })} onOpen={open} />
          ) : tab === RANK_TAB ? (
            <RankTab />
          ) : (
            <PromoGrid list={list} tab={tab} onOpen={open} ranks={ranks === true} myRank={myRank} />
          )}
        </div>
        <PromoDetailModal items={list.data?.items} listPending={list.isPending} onClose={() => showPromo(null)} />
        <ApplyModal items={list.data?.items} />
        <RaffleModal items={list.data?.items} />
        <EnvelopeModal items={list.data?.items} />
        <ResultModal onOpenRecords={() => open(CLAIMS_TAB)} />
      </div>
    </PromoActionsProvider>
  );
};

export default PromotionsPage;
