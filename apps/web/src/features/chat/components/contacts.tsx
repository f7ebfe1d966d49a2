import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteConfigValue } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { useShellActions } from '../../../lib/shell-actions';
import { useSiteConfigValue } from '../../../lib/site-config';

type Entry = SiteConfigValue['customerService'][number];

const ICONS: Record<string, IconName> = { TELEGRAM: 'send', EMAIL: 'mail', LIVECHAT: 'chat' };

const isInternal = (path: string) => path.startsWith('/');

/**
 * The site's other customer service contacts (spec §5 "Customer service entry"), for whoever cannot
 * chat here: visitors, demo accounts, a site with chat off. The site's own chat entry (a help topic)
 * and the registration-bonus contacts are left out; the feedback form is always there. `onLeave`
 * closes the panel when a contact leads to another page of the site.
 */
export const otherContacts = (entries: readonly Entry[]) =>
  entries.filter((e) => e.csPosition.toUpperCase() !== 'BONUS' && !(e.csType.toUpperCase() === 'LIVECHAT' && isInternal(e.path)));

export const ChatContacts = ({ onLeave }: { onLeave: () => void }) => {
  const { t } = useTranslation('chat');
  const localized = useLocalize();
  const config = useSiteConfigValue();
  const { openFeedback } = useShellActions();
  const entries = otherContacts(config?.customerService ?? []);
  return (
    <section className="chat-contacts" aria-labelledby="chat-contacts-title">
      <h3 id="chat-contacts-title" className="chat-contacts__title">
        {t('contacts.title')}
      </h3>
      <ul className="chat-contacts__list">
        {entries.map((entry) => {
          const icon = <Icon name={ICONS[entry.csType.toUpperCase()] ?? 'headset'} size={18} />;
          return (
            <li key={`${entry.csType}-${entry.path}`}>
              {isInternal(entry.path) ? (
                <Link to={entry.path} className="chat-contact" onClick={onLeave}>
                  {icon}
                  {localized(entry.title)}
                </Link>
              ) : (
                <a href={entry.path} className="chat-contact" target="_blank" rel="noopener noreferrer">
                  {icon}
                  {localized(entry.title)}
                </a>
              )}
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className="chat-contact"
            onClick={openFeedback}
          >
            <Icon name="mail" size={18} />
            {t('contacts.feedback')}
          </button>
        </li>
      </ul>
    </section>
  );
};
