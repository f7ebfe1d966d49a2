import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem, PromotionNoticeItem } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Pager } from '../../../components/ui/pager/pager';
import { useLocalize } from '../../../i18n/use-localize';
import { gmtLabel } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useTimeZone } from '../../../lib/use-time-zone';
import { imageSource, linkTarget } from '../logic/links';
import { ANNOUNCEMENT_PAGE_SIZE, pageItems, pageOfId, paragraphsOf, selectedOf } from '../logic/notices';
import { AnnouncementLink } from './announcement-link';

/** A notice of any group: player and agent notices, or promotion notices with pictures and a link. */
export type BrowsedNotice = NoticeItem & Partial<Pick<PromotionNoticeItem, 'url' | 'linkageType' | 'announcementImages'>>;

/** An operator's text with its paragraphs and line breaks, as text (never as HTML). */
export const PlainText = ({ text, className }: { text: string; className: string }) => (
  <div className={className}>
    {paragraphsOf(text).map((p, i) => (
      <p key={i}>{p}</p>
    ))}
  </div>
);

const PinnedBadge = () => {
  const { t } = useTranslation('announcements');
  return (
    <span className="an-pinned">
      <Icon name="star" size={12} />
      {t('pinned')}
    </span>
  );
};

const Detail = ({ notice, id, onFollow }: { notice: BrowsedNotice; id: string; onFollow?: () => void }) => {
  const { t } = useTranslation('announcements');
  const localize = useLocalize();
  const zone = useTimeZone();
  const title = localize(notice.title);
  const target = linkTarget(notice.url ?? null, notice.linkageType ?? null);
  const pictures = [...(notice.announcementImages ?? [])]
    .sort((a, b) => a.sequence - b.sequence)
    .map((image) => imageSource(image.url))
    .filter((src): src is string => src !== null);
  return (
    <>
      <header className="an-detail__head">
        <h3 id={`${id}-title`} className="an-detail__title">
          {title}
        </h3>
        <p className="an-detail__meta">
          {notice.pinned && <PinnedBadge />}
          <span>
            {t('published')}{' '}
            <time className="num" dateTime={notice.publishedAt}>
              {formatDateTime(notice.publishedAt, zone)}
            </time>{' '}
            <span className="an-detail__zone">{gmtLabel(zone)}</span>
          </span>
        </p>
      </header>
      {pictures.map((src, i) => (
        <img key={`${src}-${i}`} className="an-detail__picture" src={src} alt={t('picture', { title, index: i + 1 })} loading="lazy" decoding="async" />
      ))}
      <PlainText text={localize(notice.content)} className="an-text" />
      {target && (
        <p className="an-detail__action">
          <AnnouncementLink target={target} className="btn btn--gold btn--sm" onFollow={onFollow}>
            {t('open_link')}
            <Icon name="chevronRight" size={16} />
          </AnnouncementLink>
        </p>
      )}
    </>
  );
};

type Props = {
  /** In display order (pinned first). */
  items: readonly BrowsedNotice[];
  /** The notice to select first; its page is the one shown. */
  initialId?: string;
  /** Names the list. */
  label: string;
  /** Runs when a notice's link is followed (the popup closes). */
  onFollow?: () => void;
};

/**
 * The announcement list of spec §2 ("a paged list, 9 per page, where clicking selects an item") beside
 * the selected notice: title, time published, content; a promotion notice's pictures and link. Wide,
 * the list is a column beside the notice; narrow, the notice is shown above the list and a choice
 * scrolls to it.
 */
export const NoticeBrowser = ({ items, initialId, label, onFollow }: Props) => {
  const { t } = useTranslation('announcements');
  const localize = useLocalize();
  const zone = useTimeZone();
  const reduced = useReducedMotion();
  const detailId = useId();
  const detailRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState(initialId);
  const [page, setPage] = useState(() => pageOfId(items, initialId));
  const selected = selectedOf(items, selectedId);

  const select = (id: string) => {
    setSelectedId(id);
    const detail = detailRef.current;
    const list = listRef.current;
    // Narrow, the notice sits above the list: bring it into view. Wide, it is already beside the list.
    const stacked = detail && list && detail.getBoundingClientRect().bottom <= list.getBoundingClientRect().top + 1;
    if (stacked) detail.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <div className="an-browser">
      <div className="an-browser__layout">
        <div ref={listRef} className="an-browser__list">
          <ul className="an-list" aria-label={label}>
            {pageItems(items, page).map((n) => {
              const current = n.id === selected?.id;
              return (
                <li key={n.id}>
                  <button type="button" className={`an-list__item${current ? ' is-current' : ''}`} aria-current={current ? 'true' : undefined} aria-controls={detailId} onClick={() => select(n.id)}>
                    <span className="an-list__title">{localize(n.title)}</span>
                    <span className="an-list__meta">
                      {n.pinned && <PinnedBadge />}
                      <time className="num" dateTime={n.publishedAt}>
                        {formatDateTime(n.publishedAt, zone).slice(0, 10)}
                      </time>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Pager page={page} pageSize={ANNOUNCEMENT_PAGE_SIZE} total={items.length} onChange={setPage} label={t('pages', { list: label })} />
        </div>
        {selected && (
          <article ref={detailRef} id={detailId} className="an-detail" aria-labelledby={`${detailId}-title`}>
            <Detail notice={selected} id={detailId} onFollow={onFollow} />
          </article>
        )}
      </div>
    </div>
  );
};
