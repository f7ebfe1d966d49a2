import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { NoticePopups } from '../../features/announcements';
import { ChatDock } from '../../features/chat';
import { RAIL_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useRouteMeta } from '../route-meta';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollTop } from './scroll-top';
import { SideMenu } from './side-menu';
import './shell.css';

const MENU_ID = 'side-menu';

/**
 * The player shell of spec §2: side menu (a rail on desktops, a drawer on phones; hidden on game
 * pages), header, main content, footer, scroll-to-top and the customer service chat.
 */
export const PlayerLayout = () => {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const location = useLocation();
  const rail = useMediaQuery(RAIL_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const withSideMenu = !meta?.hideSideMenu;
  // Notice popups greet players on the site's pages: not over a game, nor on /login, /register or
  // /help, whose own popup comes first (the notices follow once it is closed).
  const noticesWelcome = withSideMenu && !meta?.popup;
  const close = useCallback(() => setMenuOpen(false), []);

  useEffect(close, [location.pathname, location.search, close]);
  useEffect(() => {
    if (rail) close();
  }, [rail, close]);

  // While the drawer is open the page behind it neither scrolls nor takes focus.
  const drawerOpen = menuOpen && !rail && withSideMenu;
  useEffect(() => {
    if (!drawerOpen) return;
    document.documentElement.classList.add('has-drawer');
    return () => document.documentElement.classList.remove('has-drawer');
  }, [drawerOpen]);

  return (
    <div className={`shell${withSideMenu ? ' shell--rail' : ' shell--full'}`}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="shell__header" inert={drawerOpen || undefined}>
        <Header menuButton={withSideMenu} menuOpen={menuOpen} menuId={MENU_ID} onOpenMenu={() => setMenuOpen(true)} />
      </div>
      {withSideMenu && <SideMenu id={MENU_ID} drawer={!rail} open={menuOpen} onClose={close} />}
      <div className="shell__body" inert={drawerOpen || undefined}>
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ScrollTop />
      {/* Customer service chat; no floating launcher over a game (the help center still opens it). */}
      <ChatDock launcher={withSideMenu} />
      <NoticePopups enabled={noticesWelcome} />
    </div>
  );
};
