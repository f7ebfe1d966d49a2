import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/ui/brand/brand-logo';
import { categoryIcon } from '../../components/ui/icons/category-icons';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { QrCode, downloadUrl } from '../../components/ui/qr/qr-code';
import { useMenuCategories } from '../../components/ui/game';
import { GroupBanners } from '../../features/announcements';
import { useMemberInfo } from '../../features/auth';
import { useClaimableCount, useHasVipRanks } from '../../features/promotions';
import { ARTICLE_ICONS } from '../../components/ui/icons/category-icons';
import { useLoginState } from '../../lib/session';
import { useShellActions } from '../../lib/shell-actions';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import { LanguageSelect } from './language-select';
import { SocialLinks } from './social-links';
import './side-menu.css';
import { useLocalize } from '../../i18n/use-localize';

type Props = {
  id: string;
  /** Drawer mode (phones and tablets): off-canvas unless open. */
  drawer: boolean;
  open: boolean;
  onClose: () => void;
};

/** `exactQuery`: a link with a query (`/promotions?tab=rank`) is lit only when the address has that query too. */
const MenuLink = ({ to, icon, children, end = false, exactQuery = false }: { to: string; icon: IconName; children: ReactNode; end?: boolean; exactQuery?: boolean }) => {
  const { search } = useLocation();
  const query = to.includes('?') ? to.slice(to.indexOf('?')) : '';
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => `side-menu__link${isActive && (!exactQuery || search === query) ? ' is-active' : ''}`}>
        <span className="side-menu__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="side-menu__text">{children}</span>
      </NavLink>
    </li>
  );
};

/** iOS / Android QR codes (spec §2 side menu "download"), one at a time so each stays scannable. */
const DownloadBlock = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [os, setOs] = useState<'ios' | 'android'>('ios');
  return (
    <div className="side-download">
      <button type="button" className="side-menu__link side-download__toggle" aria-expanded={open} aria-controls="side-download-panel" onClick={() => setOpen((v) => !v)}>
        <span className="side-menu__icon">
          <Icon name="download" size={20} />
        </span>
        <span className="side-menu__text">{t('nav.download')}</span>
        <Icon name="chevronDown" size={16} className={`side-download__chevron${open ? ' is-open' : ''}`} />
      </button>
      {open && (
        <div id="side-download-panel" className="side-download__panel">
          <div className="side-download__tabs" role="group" aria-label={t('nav.download')}>
            {(['ios', 'android'] as const).map((platform) => (
              <button key={platform} type="button" aria-pressed={os === platform} className="side-download__tab" onClick={() => setOs(platform)}>
                <Icon name={platform === 'ios' ? 'apple' : 'android'} size={16} />
                {t(`download.${platform}.short`)}
              </button>
            ))}
          </div>
          <QrCode value={downloadUrl(os)} label={t('download.qrLabel', { platform: t(`download.${os}.name`) })} />
          <Link to={`/download?os=${os}`} className="btn btn--ghost btn--sm btn--block">
            {t('nav.installGuide')}
          </Link>
        </div>
      )}
    </div>
  );
};

const isInternal = (path: string) => path.startsWith('/');
/** The LIVECHAT entry that points into the site (its help topic), not a third-party chat. */
const isSiteChat = (entry: { csType: string; path: string }) => entry.csType.toUpperCase() === 'LIVECHAT' && isInternal(entry.path);

/**
 * Side menu of spec §2: Home and Favorite, one entry per category with vendors, promotions, reward
 * center/VIP, invite friends or agent, the Beginner Guide, the site's banners (desktop), app download, customer service
 * and social links, language.
 */
export const SideMenu = ({ id, drawer, open, onClose }: Props) => {
  const { t } = useTranslation();
  const localized = useLocalize();
  const config = useSiteConfigValue();
  const { isAgent, isLogin } = useLoginState();
  const categories = useMenuCategories();
  const claimable = useClaimableCount();
  // Members: their rank beside "Rewards & VIP". Visitors cannot open the reward center; on a site
  // with VIP ranks the entry shows them the ranks instead of a login popup.
  const vip = useMemberInfo().data?.vip;
  const ranksForVisitor = useHasVipRanks(!isLogin) === true && !isLogin;
  const closeRef = useRef<HTMLButtonElement>(null);
  const hidden = drawer && !open;

  // The drawer takes focus when it opens and Escape closes it.
  useEffect(() => {
    if (!drawer || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Focus goes back to the menu button that opened the drawer.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [drawer, open, onClose]);

  const support = (config?.customerService ?? []).filter((e) => e.csPosition !== 'FOOTER');
  const { openChat } = useShellActions();

  return (
    <>
      {drawer && <div className={`side-menu__backdrop${open ? ' is-open' : ''}`} aria-hidden="true" onClick={onClose} />}
      <div id={id} className={`side-menu${drawer ? ' side-menu--drawer' : ''}${open ? ' is-open' : ''}`} inert={hidden || undefined}>
        {drawer && (
          <div className="side-menu__top">
            <BrandLogo name={brandOf(config)} />
            <button ref={closeRef} type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={onClose}>
              <Icon name="close" size={22} />
            </button>
          </div>
        )}
        <nav className="side-menu__nav" aria-label={t('nav.main')}>
          <ul className="side-menu__group">
            <MenuLink to="/" icon="home" end>
              {t('nav.home')}
            </MenuLink>
            <MenuLink to="/favorite" icon="heart">
              {t('nav.favorite')}
            </MenuLink>
          </ul>
          <p className="side-menu__heading">{t('nav.games')}</p>
          <ul className="side-menu__group">
            {categories.map((category) => (
              <MenuLink key={category.code} to={category.path} icon={categoryIcon(category.code)}>
                {t(`category.${category.code}`)}
                <span className="side-menu__count" aria-hidden="true" title={t('nav.vendorCount', { count: category.vendors.length })}>
                  {category.vendors.length}
                </span>
              </MenuLink>
            ))}
          </ul>
          <p className="side-menu__heading">{t('nav.more')}</p>
          <ul className="side-menu__group">
            <MenuLink to="/promotions" icon="gift">
              {t('nav.promotions')}
              {/* What the member can claim now (a deposit bonus ready, the day's spin); part of the link's name. */}
              {claimable > 0 && (
                <>
                  <span className="side-menu__badge num" aria-hidden="true">
                    {claimable > 99 ? '99+' : claimable}
                  </span>
                  <span className="visually-hidden">{t('nav.claimable', { count: claimable })}</span>
                </>
              )}
            </MenuLink>
            <MenuLink to={ranksForVisitor ? '/promotions?tab=rank' : '/member/rewardCenter'} icon="crown" exactQuery={ranksForVisitor}>
              {t('nav.rewards')}
              {isLogin && vip?.hasVip && vip.label && (
                <>
                  <span className="side-menu__vip" aria-hidden="true">
                    {vip.label}
                  </span>
                  {/* The space keeps the rank a word of its own in the link's name. */}
                  {' '}
                  <span className="visually-hidden">{t('nav.vipRank', { label: vip.label })}</span>
                </>
              )}
            </MenuLink>
            {isAgent ? (
              <MenuLink to="/agentHome" icon="briefcase">
                {t('nav.agentCenter')}
              </MenuLink>
            ) : (
              <MenuLink to="/member/referral" icon="users">
                {t('nav.invite')}
              </MenuLink>
            )}
            {/* New players' first stop: the site's Beginner Guide (blog and news are linked from the footer). */}
            <MenuLink to="/guide" icon={ARTICLE_ICONS.guide}>
              {t('articles:kind.guide')}
            </MenuLink>
          </ul>
          {/* The site's side-menu banners (w_leftmenu), on the desktop rail. */}
          {!drawer && <GroupBanners group="w_leftmenu" className="side-menu__banners" />}
          <DownloadBlock />
        </nav>
        <div className="side-menu__footer">
          {support.length > 0 && (
            <ul className="side-menu__support" aria-label={t('nav.customerService')}>
              {support.map((entry) => (
                <li key={`${entry.csType}-${entry.path}`}>
                  {openChat && isSiteChat(entry) ? (
                    // The site's own chat is on: its entry opens the chat panel instead of the help topic.
                    <button
                      type="button"
                      className="side-support side-support--button"
                      aria-haspopup="dialog"
                      onClick={() => {
                        if (drawer) onClose();
                        openChat();
                      }}
                    >
                      <Icon name="chat" size={18} />
                      {localized(entry.title)}
                    </button>
                  ) : isInternal(entry.path) ? (
                    <Link to={entry.path} className="side-support">
                      <Icon name={entry.csType.toUpperCase() === 'LIVECHAT' ? 'chat' : 'headset'} size={18} />
                      {localized(entry.title)}
                    </Link>
                  ) : (
                    <a href={entry.path} className="side-support" target="_blank" rel="noopener noreferrer">
                      <Icon name="headset" size={18} />
                      {localized(entry.title)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          <SocialLinks config={config} label={t('footer.follow')} />
          <LanguageSelect />
        </div>
      </div>
    </>
  );
};
