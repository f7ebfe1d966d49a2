import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/ui/brand/brand-logo';
import { ChatDock } from '../../features/chat';
import { Icon } from '../../components/ui/icons/icons';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import { useRouteMeta } from '../route-meta';
import { LicenceNotice } from './footer';
import { LanguageSelect } from './language-select';
import './agent-layout.css';

/**
 * The dedicated agent view of spec §2 for /agent and /agentHome: no player side menu. The agent
 * center brings its own top bar and main region, so the layout adds only the customer service chat
 * and the licence footer there.
 */
export const AgentLayout = () => {
  const { t } = useTranslation();
  const config = useSiteConfigValue();
  const meta = useRouteMeta();
  const brand = brandOf(config);
  const ownChrome = meta?.screen === 'AgentCenter';
  return (
    <div className="agent-shell">
      {ownChrome ? (
        <div className="agent-shell__page">
          <Outlet />
          {/* Customer service (spec §2 agent center "Also: … customer service"): the same chat as the lobby's. */}
          <ChatDock launcher />
        </div>
      ) : (
        <>
          <a className="skip-link" href="#main">
            {t('nav.skipToContent')}
          </a>
          <header className="agent-header">
            <Link to="/agent" className="agent-header__brand" aria-label={t('agent.brandHome', { brand })}>
              <BrandLogo name={brand} />
              <span className="agent-header__badge">{t('agent.badge')}</span>
            </Link>
            <div className="agent-header__end">
              <LanguageSelect compact />
              <Link to="/" className="btn btn--ghost btn--sm">
                <Icon name="home" size={16} />
                <span className="agent-header__back">{t('agent.toPlayerSite')}</span>
              </Link>
            </div>
          </header>
          <main id="main" className="agent-main" tabIndex={-1}>
            <Outlet />
          </main>
        </>
      )}
      <footer className="agent-footer">
        <LicenceNotice />
      </footer>
    </div>
  );
};
