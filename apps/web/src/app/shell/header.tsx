import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { HeaderAuthArea } from '../../features/auth';
import { BrandLogo } from '../../components/ui/brand/brand-logo';
import { isLargeMenu, useMenuCategories, type MenuCategory } from '../../components/ui/game';
import { categoryIcon } from '../../components/ui/icons/category-icons';
import { Icon } from '../../components/ui/icons/icons';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import './header.css';

/**
 * One category in the header with its vendor drop-down (spec §2). Opens on hover or with its
 * chevron button; more than 10 vendors get the large grid menu.
 */
const CategoryMenu = ({ category }: { category: MenuCategory }) => {
  const { t } = useTranslation();
  // Hover opens the menu for a glance; the chevron pins it open (keyboard and touch).
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const close = () => {
    setHovered(false);
    setPinned(false);
  };
  const root = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const large = isLargeMenu(category);
  const name = t(`category.${category.code}`);
  const panelId = `vendors-${category.code}`;
  const location = useLocation();

  useEffect(close, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape from inside the list hides it: the focus goes back to the toggle, not to the page.
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
      close();
    };
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <li
      ref={root}
      className="header-nav__item"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onBlur={(e) => {
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) close();
      }}
    >
      <NavLink to={category.path} className={({ isActive }) => `header-nav__link${isActive ? ' is-active' : ''}`}>
        <Icon name={categoryIcon(category.code)} size={18} />
        {name}
      </NavLink>
      <button
        ref={toggle}
        type="button"
        className="header-nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.vendorsOf', { category: name })}
        onClick={() => setPinned((v) => !v)}
      >
        <Icon name="chevronDown" size={14} />
      </button>
      <div id={panelId} className={`vendor-menu${large ? ' vendor-menu--large' : ''}`} hidden={!open}>
        <p className="vendor-menu__title">{t('nav.vendorsOf', { category: name })}</p>
        <ul className="vendor-menu__list">
          {category.vendors.map((v) => (
            <li key={v.vendor}>
              <Link to={`${category.path}?vassalage=${encodeURIComponent(v.vassalage)}`} className="vendor-menu__link">
                <img src={v.iconUrl} alt="" width={large ? 88 : 60} height={large ? 44 : 30} className="vendor-menu__logo" loading="lazy" />
                <span>{v.displayName}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
};

/** The header bar has room for this many categories; the side menu lists them all. */
const HEADER_CATEGORIES = 6;

type Props = {
  /** Shows the menu button that opens the side-menu drawer. */
  menuButton: boolean;
  menuOpen: boolean;
  menuId: string;
  onOpenMenu: () => void;
};

/** Header of spec §2: brand, category vendor drop-downs and the auth area (login/register or member panel). */
export const Header = ({ menuButton, menuOpen, menuId, onOpenMenu }: Props) => {
  const { t } = useTranslation();
  const config = useSiteConfigValue();
  const brand = brandOf(config);
  const categories = useMenuCategories();
  return (
    <header className="site-header">
      <div className="site-header__start">
        {menuButton && (
          <button
            type="button"
            className="icon-button site-header__menu"
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={onOpenMenu}
          >
            <Icon name="menu" size={22} />
          </button>
        )}
        <Link to="/" className="site-header__brand" aria-label={t('nav.brandHome', { brand })}>
          <BrandLogo name={brand} />
        </Link>
      </div>
      <nav className="header-nav" aria-label={t('nav.categories')}>
        <ul className="header-nav__list">
          {categories.slice(0, HEADER_CATEGORIES).map((category) => (
            <CategoryMenu key={category.code} category={category} />
          ))}
        </ul>
      </nav>
      <div className="site-header__auth">
        <HeaderAuthArea />
      </div>
    </header>
  );
};
