import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { usePlayerNotices } from '../api/announcements';
import { openAnnouncements } from '../logic/modals';
import { firstLine } from '../logic/notices';
import './notice-marquee.css';

/**
 * Player notices (PL) scrolling across the lobby, each its first line; clicking one opens the
 * announcement popup with it selected, and the label opens the popup on the first. The text is read
 * once by screen readers (the loop copy is hidden and out of the tab order); it pauses on hover and
 * focus, and stands still for reduced motion. Nothing while none are showing or the call failed; a
 * placeholder of its height while they load.
 */
export const NoticeMarquee = () => {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('announcements');
  const localize = useLocalize();
  const reduced = useReducedMotion();
  const notices = usePlayerNotices();

  if (notices.isPending) return <div className="marquee marquee--loading skeleton" aria-hidden="true" />;
  const items = (notices.data ?? []).map((n) => ({ id: n.id, text: firstLine(localize(n.content)) || localize(n.title) }));
  if (!items.length) return null;

  const list = (copy: boolean) =>
    items.map((n) => (
      <li key={n.id}>
        <button type="button" className="marquee__item" tabIndex={copy ? -1 : undefined} onClick={() => openAnnouncements({ id: n.id, tab: 'notices' })}>
          <span className="marquee__dot" aria-hidden="true" />
          {n.text}
        </button>
      </li>
    ));

  return (
    <section className="marquee" aria-label={t('lobby.noticesLabel')}>
      <button type="button" className="marquee__label" onClick={() => openAnnouncements({ tab: 'notices' })}>
        <Icon name="megaphone" size={18} />
        <span className="marquee__label-text">{ta('open_all')}</span>
      </button>
      <div className={`marquee__viewport${reduced ? ' is-static' : ''}`}>
        <div className="marquee__track">
          <ul className="marquee__list">{list(false)}</ul>
          {!reduced && (
            <ul className="marquee__list" aria-hidden="true">
              {list(true)}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
};
