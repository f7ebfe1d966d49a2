import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OpsMeValue } from '@apsara/contracts';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { brandOf, useSiteConfigValue } from '../../../../lib/site-config';
import { RAIL_QUERY, useMediaQuery } from '../../../../lib/use-media-query';
import { OPS_ROOT } from '../../api/client';
import { useChatWaiting } from '../../api/chats';
import { useQueueCount } from '../../api/queues';
import { opsLogout, useOpsMe } from '../../api/session';
import { clearOpsToken } from '../../logic/ops-session';
import { BACKOFFICE_LOGIN_PATH, BO_MENU, boPagePath, boPageTitleKey, type BoPage } from '../../logic/pages';
import type { Queue } from '../../logic/queues';
import { pageVisible } from '../../logic/roles';
import { BoEmpty, BoError, BoLoading } from '../common/states';
import { LanguageSwitch } from './language-switch';
import { OperatorContext } from './operator-context';
import { OperatorMenu } from './operator-menu';
import { AnnouncementsPage } from '../announcements/announcements-page';
import { HelpCenterPage } from '../help-center/help-center-page';
import { AuditPage } from '../audit/audit-page';
import { ChatsPage } from '../chats/chats-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { MembersPage } from '../members/members-page';
import { MissionsPage } from '../missions/missions-page';
import { PromotionsPage } from '../promotions/promotions-page';
import { OperatorsPage } from '../operators/operators-page';
import { VipPage } from '../missions/vip-page';
import { RebatesPage } from '../rebates/rebates-page';
import { DepositsPage } from '../queues/deposits-page';
import { FeedbackPage } from '../queues/feedback-page';
import { PointOrdersPage } from '../queues/point-orders-page';
import { PromotionClaimsPage } from '../queues/promotion-claims-page';
import { WithdrawalsPage } from '../queues/withdrawals-page';
import { SettingsPage } from '../settings/settings-page';
import { MessagesPage } from '../messages/messages-page';
import { PointGoodsPage } from '../point-goods/point-goods-page';
import { AgentContractsPage } from '../agent-contracts/agent-contracts-page';
import { GamesPage } from '../games/games-page';
import { LotteryRiskPage } from '../lottery/lottery-risk-page';
import { ArticlesAdminPage } from '../articles/articles-page';

const PAGES: Record<BoPage, ComponentType> = {
  dashboard: DashboardPage,
  deposits: DepositsPage,
  withdrawals: WithdrawalsPage,
  promotionClaims: PromotionClaimsPage,
  pointOrders: PointOrdersPage,
  feedback: FeedbackPage,
  chats: ChatsPage,
  members: MembersPage,
  missions: MissionsPage,
  vip: VipPage,
  rebates: RebatesPage,
  announcements: AnnouncementsPage,
  helpCenter: HelpCenterPage,
  articles: ArticlesAdminPage,
  settings: SettingsPage,
  operators: OperatorsPage,
  audit: AuditPage,
  messages: MessagesPage,
  pointGoods: PointGoodsPage,
  agentContracts: AgentContractsPage,
  promotions: PromotionsPage,
  games: GamesPage,
  lotteryRisk: LotteryRiskPage,
};

const ICONS: Record<BoPage, IconName> = {
  dashboard: 'chart',
  deposits: 'deposit',
  withdrawals: 'withdraw',
  promotionClaims: 'gift',
  pointOrders: 'gem',
  feedback: 'chat',
  chats: 'headset',
  members: 'users',
  missions: 'trophy',
  vip: 'crown',
  rebates: 'percent',
  announcements: 'megaphone',
  helpCenter: 'help',
  articles: 'info',
  settings: 'wrench',
  operators: 'key',
  audit: 'history',
  messages: 'mail',
  pointGoods: 'star',
  agentContracts: 'briefcase',
  promotions: 'flame',
  games: 'gamepad',
  lotteryRisk: 'lottery',
};

/** The waiting work beside each queue in the menu (the dashboard reads the same counts). */
const WAITING: Partial<Record<BoPage, [Queue, string]>> = {
  deposits: ['deposits', 'pending'],
  withdrawals: ['withdrawals', 'pending'],
  promotionClaims: ['promotionClaims', 'applying'],
  pointOrders: ['pointOrders', 'applying'],
  feedback: ['feedback', 'open'],
};

const Badge = ({ count }: { count: number | undefined }) => {
  const { t } = useTranslation('ops');
  if (!count) return null;
  return (
    <span className="bo-nav__count" aria-label={t('frame.waiting', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
};

const NavCount = ({ queue, status }: { queue: Queue; status: string }) => <Badge count={useQueueCount(queue, status).data} />;

/** Conversations whose member wrote last and nobody answered yet. */
const ChatNavCount = () => <Badge count={useChatWaiting().data} />;

const Sidebar = ({ role, open, onClose }: { role: OpsMeValue['role'] | undefined; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('ops');
  const config = useSiteConfigValue();
  // Below the rail width the menu is a drawer: out of the tab order while closed, focused when opened.
  const rail = useMediaQuery(RAIL_QUERY);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open && !rail) closeRef.current?.focus();
  }, [open, rail]);
  return (
    <>
      <div className={`bo-scrim${open ? ' is-open' : ''}`} aria-hidden="true" onClick={onClose} />
      <aside id="bo-side" className={`bo-side${open ? ' is-open' : ''}`} aria-label={t('frame.menu')} inert={!rail && !open ? true : undefined}>
        <div className="bo-brand">
          <span className="bo-brand__mark" aria-hidden="true">
            {brandOf(config).slice(0, 1)}
          </span>
          <span className="bo-brand__text">
            <strong>{brandOf(config)}</strong>
            <span>{t('frame.product')}</span>
          </span>
          <button ref={closeRef} type="button" className="bo-icon-btn bo-side__close" aria-label={t('frame.close_menu')} onClick={onClose}>
            <Icon name="close" size={18} />
          </button>
        </div>
        <nav className="bo-nav">
          {BO_MENU.map((group) => {
            const pages = group.pages.filter((p) => pageVisible(role, p));
            if (!pages.length) return null;
            return (
              <div key={group.key} className="bo-nav__group">
                <p className="bo-nav__heading" id={`bo-nav-${group.key}`}>
                  {t(`menu.${group.key}`)}
                </p>
                <ul aria-labelledby={`bo-nav-${group.key}`}>
                  {pages.map((page) => (
                    <li key={page}>
                      <NavLink to={boPagePath(page)} end className="bo-nav__link" onClick={onClose}>
                        <Icon name={ICONS[page]} size={18} />
                        <span className="bo-nav__label">{t(boPageTitleKey(page))}</span>
                        {WAITING[page] && <NavCount queue={WAITING[page][0]} status={WAITING[page][1]} />}
                        {page === 'chats' && <ChatNavCount />}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
    </>
  );
};

const TopBar = ({ me, onMenu, menuOpen }: { me: OpsMeValue | undefined; onMenu: () => void; menuOpen: boolean }) => {
  const { t } = useTranslation('ops');
  const config = useSiteConfigValue();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    // The server ends the session; whatever it answers, this tab forgets the token.
    await opsLogout().catch(() => undefined);
    clearOpsToken('signedOut');
    client.removeQueries({ queryKey: OPS_ROOT });
    navigate(BACKOFFICE_LOGIN_PATH, { replace: true });
  };
  return (
    <header className="bo-top">
      <button type="button" className="bo-icon-btn bo-top__menu" aria-label={t('frame.open_menu')} aria-expanded={menuOpen} aria-controls="bo-side" onClick={onMenu}>
        <Icon name="menu" size={20} />
      </button>
      <div className="bo-top__site">
        <span className="bo-top__site-name">{brandOf(config)}</span>
        {me && <span className="bo-top__site-code">{me.merchantCode}</span>}
      </div>
      <div className="bo-top__end">
        <LanguageSwitch />
        {me && <OperatorMenu me={me} />}
        <button type="button" className="btn btn--ghost btn--sm bo-top__out" onClick={() => void signOut()} disabled={leaving}>
          <Icon name="logout" size={16} />
          <span className="bo-top__out-text">{t('frame.sign_out')}</span>
        </button>
      </div>
    </header>
  );
};

/**
 * The back office's own frame: a compact sidebar (a drawer on phones) and a top bar with the site,
 * the language, the operator's name and role, and sign-out. The page the route names renders inside;
 * the frame stays mounted between pages.
 */
export const BackofficeFrame = ({ page }: { page: BoPage }) => {
  const { t } = useTranslation('ops');
  const me = useOpsMe();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const Page = PAGES[page];
  const role = me.data?.role;
  return (
    <div className="bo-shell">
      <a className="bo-skip" href="#bo-main">
        {t('frame.skip')}
      </a>
      <Sidebar role={role} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="bo-body">
        <TopBar me={me.data} onMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
        <main id="bo-main" className="bo-main" tabIndex={-1}>
          {me.isPending ? (
            <BoLoading rows={6} />
          ) : me.isError ? (
            <BoError error={me.error} onRetry={() => void me.refetch()} />
          ) : !pageVisible(me.data.role, page) ? (
            <BoEmpty icon="lock" title={t('common.forbidden_title')} text={t('common.forbidden_text', { role: t(`role.${me.data.role}`) })} />
          ) : (
            <OperatorContext.Provider value={me.data}>
              <Page key={page} />
            </OperatorContext.Provider>
          )}
        </main>
      </div>
    </div>
  );
};
