import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupItem } from '@apsara/contracts';
import { Modal, getOpenModals, openModal, subscribeModals, useModal } from '../../../components/ui/modal';
import { useLocalize } from '../../../i18n/use-localize';
import { dayIn, gmtLabel } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePopups } from '../api/announcements';
import { imageSource, linkTarget } from '../logic/links';
import { ANNOUNCEMENT_MODAL } from '../logic/modals';
import { browserStorages, duePopups, markSeen, readSeen, writeSeen } from '../logic/popup-schedule';
import { AnnouncementLink } from './announcement-link';
import { PlainText } from './notice-browser';
import './announcements.css';

type NoticeProps = { popup?: PopupItem };

/** One notice popup: its picture, its text and its link, and a button to move on. */
const NoticePopupModal = () => {
  const { t } = useTranslation('announcements');
  const localize = useLocalize();
  const zone = useTimeZone();
  const modal = useModal<NoticeProps>(ANNOUNCEMENT_MODAL.notice);
  const popup = modal.props.popup;
  const target = popup ? linkTarget(popup.url, popup.linkageType) : null;
  const image = popup ? imageSource(popup.imageUrl) : null;
  return (
    <Modal
      name={ANNOUNCEMENT_MODAL.notice}
      title={popup ? localize(popup.title) : t('notice.title')}
      size="md"
      className="an-notice"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={modal.close}>
            {t('notice.close')}
          </button>
          {target && (
            <AnnouncementLink target={target} className="btn btn--gold" onFollow={modal.close}>
              {t('open_link')}
            </AnnouncementLink>
          )}
        </>
      }
    >
      {popup && (
        <>
          <p className="an-notice__eyebrow">{t('notice.title')}</p>
          {image && <img className="an-notice__image" src={image} alt="" decoding="async" />}
          <PlainText text={localize(popup.content)} className="an-text" />
          <p className="an-notice__meta">
            {t('published')}{' '}
            <time className="num" dateTime={popup.publishedAt}>
              {formatDateTime(popup.publishedAt, zone)}
            </time>{' '}
            {gmtLabel(zone)}
          </p>
        </>
      )}
    </Modal>
  );
};

/**
 * The notice popups (PU) on arrival, one after another (spec §2 "notice" popup): each when nothing else
 * is open (never over the login or register popup, a forced password change or a game), as often as its
 * `execution` says (logic/popup-schedule.ts). A daily popup counts the site's days: the server's time in
 * the site's zone. `enabled` is the shell's say (the player pages, not the popup routes or game pages).
 */
export const NoticePopups = ({ enabled }: { enabled: boolean }) => {
  const popups = usePopups(enabled);
  const zone = useTimeZone();
  const open = useSyncExternalStore(subscribeModals, getOpenModals, getOpenModals);
  // Not from the previous reader's copy while a sign-in reads again: a popup only for visitors must not greet the member.
  const data = popups.isPlaceholderData ? undefined : popups.data;
  const busy = open.length > 0;

  useEffect(() => {
    // The stack as it is now, not as rendered: an effect run twice (React's strict mode) must not stack two popups.
    if (!enabled || busy || !data || getOpenModals().length > 0) return;
    const today = dayIn(zone, new Date(data.serverTime));
    const storages = browserStorages();
    const seen = readSeen(storages);
    const next = duePopups(data.popups, seen, today)[0];
    if (!next) return;
    // Seen once it is on screen: a reload while it is open does not bring it back.
    writeSeen(storages, markSeen(next, seen, today));
    openModal(ANNOUNCEMENT_MODAL.notice, { popup: next });
  }, [enabled, busy, data, zone]);

  return <NoticePopupModal />;
};
