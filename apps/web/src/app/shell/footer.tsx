import { Fragment } from 'react';
import { ARTICLE_KINDS } from '@apsara/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VendorLogo } from '../../components/ui/art/vendor-logo';
import { Icon } from '../../components/ui/icons/icons';
import { menuVendors, useMenuCategories } from '../../components/ui/game/menu-categories';
import { useShellActions } from '../../lib/shell-actions';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import { SocialLinks, socialResources } from './social-links';
import './footer.css';
import { useLocalize } from '../../i18n/use-localize';

const isInternal = (path: string) => path.startsWith('/');

/**
 * An address (support@apsara.example, a web address) may wrap in a narrow column after its "@" or before
 * a slash, rather than inside a word (a part still too long for the column breaks where it must).
 */
const Breakable = ({ text }: { text: string }) => (
  <>
    {text.split(/(?<=@)|(?=\/)/).map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </>
);

/** The licence text of spec §1 with the 18+ badge; the operator's name comes from the site config. */
export const LicenceNotice = () => {
  const { t } = useTranslation();
  const config = useSiteConfigValue();
  const company = config?.licenceCompany;
  const text = company ? t('footer.licence', { company, brand: brandOf(config) }) : t('footer.licenceGeneric', { brand: brandOf(config) });
  return (
    <div className="licence">
      <span className="licence__badge" role="img" aria-label={t('footer.adultsOnly')}>
        18+
      </span>
      <p className="licence__text">{text}</p>
    </div>
  );
};

/** Footer of spec §2: products, help, contact us, feedback, affiliate service, social and vendor icons. */
export const Footer = () => {
  const { t } = useTranslation();
  const localized = useLocalize();
  const { openFeedback, openAnnouncements } = useShellActions();
  const config = useSiteConfigValue();
  const brand = brandOf(config);
  const contacts = config?.customerService ?? [];
  // The site's own offer (game_menus): its categories and their vendors, as the side menu shows them.
  const categories = useMenuCategories();
  const vendors = menuVendors(categories);
  return (
    <footer className="site-footer">
      {vendors.length > 0 && (
        <section className="site-footer__vendors" aria-labelledby="footer-vendors">
          <h2 id="footer-vendors" className="site-footer__heading">
            {t('footer.providers')}
          </h2>
          <ul className="site-footer__vendor-list">
            {vendors.map((v) => (
              <li key={v.vendor}>
                <VendorLogo vendor={v.vendor} width={72} label={v.displayName} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="site-footer__columns">
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="site-footer__heading">
            {t('footer.products')}
          </h2>
          <ul className="site-footer__links">
            {categories.map((c) => (
              <li key={c.code}>
                <Link to={c.path}>{t(`category.${c.code}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer.help')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/help">{t('footer.helpCenter')}</Link>
            </li>
            <li>
              <Link to="/help?topic=responsible">{t('footer.responsible')}</Link>
            </li>
            <li>
              <button type="button" className="site-footer__link-button" onClick={() => openAnnouncements()}>
                {t('footer.announcements')}
              </button>
            </li>
            {ARTICLE_KINDS.map((kind) => (
              <li key={kind}>
                <Link to={`/${kind}`}>{t(`articles:kind.${kind}`)}</Link>
              </li>
            ))}
            <li>
              <Link to="/download">{t('nav.download')}</Link>
            </li>
            <li>
              <Link to="/promotions">{t('nav.promotions')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contact')}
          </h2>
          <ul className="site-footer__links">
            {contacts.map((entry) => (
              <li key={`${entry.csType}-${entry.path}`}>
                {isInternal(entry.path) ? (
                  <Link to={entry.path}>{localized(entry.title)}</Link>
                ) : (
                  <a href={entry.path} target="_blank" rel="noopener noreferrer">
                    <Breakable text={localized(entry.title)} />
                  </a>
                )}
              </li>
            ))}
            <li>
              <button type="button" className="site-footer__link-button" onClick={openFeedback}>
                {t('footer.feedback')}
              </button>
            </li>
          </ul>
          {config?.supportHours && (
            <p className="site-footer__hours">
              <Icon name="clock" size={14} />
              {t('footer.hours', { hours: localized(config.supportHours) })}
            </p>
          )}
        </nav>
        <nav aria-labelledby="footer-affiliate">
          <h2 id="footer-affiliate" className="site-footer__heading">
            {t('footer.affiliate')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/agent">{t('footer.agentLogin')}</Link>
            </li>
            <li>
              <Link to="/help?topic=agent">{t('footer.becomeAgent')}</Link>
            </li>
          </ul>
          {socialResources(config).length > 0 && (
            <>
              <h2 className="site-footer__heading site-footer__heading--spaced">{t('footer.follow')}</h2>
              <SocialLinks config={config} label={t('footer.follow')} />
            </>
          )}
        </nav>
      </div>

      <LicenceNotice />
      <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
    </footer>
  );
};
