import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ARTICLE_KINDS } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { ARTICLE_ICONS } from '../../../components/ui/icons/category-icons';
import { useLoginState } from '../../../lib/session';
import { useShellActions } from '../../../lib/shell-actions';
import { useMemberProfile, useWhitelabelFlags } from '../api/member-info';
import { FLAGGED_PAGES, MEMBER_PAGE_GROUPS, UPCOMING_PAGES, badgeCounts, badgeText, memberPagePath, pageTextKeys, type MemberPage } from '../logic/pages';
import { PAGE_ICONS } from './page-icons';

/**
 * The member-center page menu (spec §2): the three lines of pages with their badge counts, then the
 * points mall and the manual rebate (when the merchant turns them on), the Beginner Guide, Blog and News,
 * the agent entry and sign-out. A column beside the page on wide screens; a scrolling strip on phones,
 * which brings the current page into view.
 */
export const MemberMenu = ({ current }: { current: MemberPage | null }) => {
  const { t } = useTranslation('member');
  const { isAgent, isTrial } = useLoginState();
  const { logout } = useShellActions();
  const profile = useMemberProfile();
  const flags = useWhitelabelFlags();
  const badges = badgeCounts(profile.data, isTrial);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // Only the phone strip scrolls sideways; the column is tall enough already.
    if (active && listRef.current && listRef.current.scrollWidth > listRef.current.clientWidth) {
      active.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
    }
  }, [current]);

  return (
    <nav className="mc-menu" aria-label={t('menu.label')}>
      <div className="mc-menu__scroll" ref={listRef}>
        <NavLink to="/member" end className={({ isActive }) => `mc-menu__link mc-menu__link--overview${isActive ? ' is-active' : ''}`}>
          <Icon name="user" size={18} />
          <span className="mc-menu__text">{t('page.overview')}</span>
        </NavLink>
        {MEMBER_PAGE_GROUPS.map((group) => (
          <div key={group.key} className="mc-menu__group" role="group" aria-labelledby={`mc-menu-${group.key}`}>
            <p id={`mc-menu-${group.key}`} className="mc-menu__heading">
              {t(`menu.group_${group.key}`)}
            </p>
            <ul className="mc-menu__list">
              {group.pages.map((page) => {
                const badge = badgeText(badges[page]);
                return (
                  <li key={page}>
                    <NavLink to={memberPagePath(page)} className={({ isActive }) => `mc-menu__link${isActive ? ' is-active' : ''}`}>
                      <Icon name={PAGE_ICONS[page]} size={18} />
                      <span className="mc-menu__text">{t(pageTextKeys(page, isAgent).title)}</span>
                      {badge && (
                        <span className="mc-menu__badge" aria-label={t('menu.badge', { count: badges[page] })}>
                          {badge}
                        </span>
                      )}
                      {UPCOMING_PAGES.has(page) && !badge && <span className="mc-menu__soon">{t('menu.soon')}</span>}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        <div className="mc-menu__group mc-menu__group--more">
          <ul className="mc-menu__list">
            {flags.data?.PTSYS3 && (
              <li>
                <Link to="/pointMall" className="mc-menu__link">
                  <Icon name="gem" size={18} />
                  <span className="mc-menu__text">{t('menu.point_mall')}</span>
                </Link>
              </li>
            )}
            {flags.data?.[FLAGGED_PAGES.manualRebate] && (
              <li>
                <NavLink to={memberPagePath('manualRebate')} className={({ isActive }) => `mc-menu__link${isActive ? ' is-active' : ''}`}>
                  <Icon name={PAGE_ICONS.manualRebate} size={18} />
                  <span className="mc-menu__text">{t(pageTextKeys('manualRebate', isAgent).title)}</span>
                </NavLink>
              </li>
            )}
            {ARTICLE_KINDS.map((kind) => (
              <li key={kind}>
                <Link to={`/${kind}`} className="mc-menu__link">
                  <Icon name={ARTICLE_ICONS[kind]} size={18} />
                  <span className="mc-menu__text">{t(`articles:kind.${kind}`)}</span>
                </Link>
              </li>
            ))}
            {isAgent && (
              <li>
                <Link to="/agentHome" className="mc-menu__link">
                  <Icon name="briefcase" size={18} />
                  <span className="mc-menu__text">{t('menu.agent')}</span>
                </Link>
              </li>
            )}
            <li>
              <button type="button" className="mc-menu__link mc-menu__link--logout" onClick={logout}>
                <Icon name="logout" size={18} />
                <span className="mc-menu__text">{t('menu.logout')}</span>
              </button>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
};
