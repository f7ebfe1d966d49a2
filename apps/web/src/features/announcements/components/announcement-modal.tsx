import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/member/states';
import { Modal, useModal } from '../../../components/ui/modal';
import { type TabItem, Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { usePlayerNotices, usePromotionNotices } from '../api/announcements';
import { ANNOUNCEMENT_MODAL, type AnnouncementModalProps, type AnnouncementTab } from '../logic/modals';
import { NoticeBrowser, type BrowsedNotice } from './notice-browser';
import './announcements.css';

type Lists = Record<AnnouncementTab, readonly BrowsedNotice[]>;

const Loaded = ({ lists, asked, onFollow }: { lists: Lists; asked: AnnouncementModalProps; onFollow: () => void }) => {
  const { t } = useTranslation('announcements');
  // A notice asked for by id opens its own tab (promotion notices have theirs).
  const [tab, setTab] = useState<AnnouncementTab>(() => asked.tab ?? (asked.id !== undefined && lists.promotions.some((n) => n.id === asked.id) ? 'promotions' : 'notices'));
  const items: TabItem<AnnouncementTab>[] = [{ key: 'notices', label: t('tab.notices'), after: <span className="an-tabs__count num">{lists.notices.length}</span> }];
  // The promotions tab only when there are promotion notices: one tab shows no tab bar.
  if (lists.promotions.length > 0) items.push({ key: 'promotions', label: t('tab.promotions'), after: <span className="an-tabs__count num">{lists.promotions.length}</span> });
  const active = items.some((i) => i.key === tab) ? tab : 'notices';
  const list = lists[active];
  return (
    <>
      <Tabs items={items} value={active} onChange={setTab} label={t('tabs_label')} idBase="an" className="an-tabs" />
      <div {...(items.length > 1 ? tabPanelProps('an', active) : {})}>
        {list.length === 0 ? (
          <EmptyState icon="megaphone" title={t('empty_title')} text={t('empty_text')} compact />
        ) : (
          <NoticeBrowser key={active} items={list} initialId={active === tab ? asked.id : undefined} label={t(`list.${active}`)} onFollow={onFollow} />
        )}
      </div>
    </>
  );
};

/**
 * The announcement popup of spec §2 (public): the player notices and, on a second tab, the promotion
 * notices, as a paged list of 9 with the selected one beside it. Opened from the marquee (with the
 * notice clicked selected), its label and the footer.
 */
export const AnnouncementModal = () => {
  const { t } = useTranslation('announcements');
  const modal = useModal<AnnouncementModalProps>(ANNOUNCEMENT_MODAL.list);
  const notices = usePlayerNotices(modal.open);
  const promotions = usePromotionNotices(modal.open);

  const body = () => {
    if (notices.isPending) return <LoadingState rows={5} label={t('loading')} />;
    if (notices.isError || !notices.data) return <ErrorState error={notices.error} onRetry={() => void notices.refetch()} compact />;
    const lists: Lists = { notices: notices.data, promotions: promotions.data ?? [] };
    // Keyed by what was asked: opening it again for another notice starts from that one.
    return <Loaded key={`${modal.props.tab ?? ''}:${modal.props.id ?? ''}`} lists={lists} asked={modal.props} onFollow={modal.close} />;
  };

  return (
    <Modal name={ANNOUNCEMENT_MODAL.list} title={t('title')} size="lg" className="an-modal">
      {body()}
    </Modal>
  );
};
