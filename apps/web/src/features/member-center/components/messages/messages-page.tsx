import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE, type InboxMessage } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Pager } from '../../../../components/ui/pager/pager';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { deleteMessage, markAllRead, markRead, useInbox } from '../../api/messages';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { formatDateTime } from '../../../../lib/format-time';
import { FormError } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/member/states';

/**
 * messageV2: the member's inbox. Opening an unread message marks it read; a message can be deleted
 * (for this member only); "mark all read" clears the count. The header's and the menu's counts
 * (member info) are read again after each change.
 */
export const MessagesPage = () => {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inbox = useInbox(page);

  const refresh = () => Promise.all([MEMBER_KEYS.messages, MEMBER_KEYS.info].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  /** Runs one inbox action, then reads the inbox and the counts again; false when it failed (its error is shown). */
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      await refresh();
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** After a delete: the focus goes to the next message (or the one before), the page back one if it emptied. */
  const removeMessage = async (m: InboxMessage) => {
    const items = inbox.data?.items ?? [];
    const at = items.findIndex((x) => x.id === m.id);
    const neighbour = items[at + 1] ?? items[at - 1];
    if (!(await run(() => deleteMessage(m.id)))) return;
    setOpen(null);
    if (items.length === 1 && page > 1) setPage(page - 1);
    const target = neighbour && document.querySelector<HTMLElement>(`[data-message="${neighbour.id}"]`);
    (target ?? document.getElementById('main'))?.focus({ preventScroll: !target });
  };

  const toggle = (m: InboxMessage) => {
    const opening = open !== m.id;
    setOpen(opening ? m.id : null);
    if (opening && !m.read) void run(() => markRead(m.id));
  };

  const unread = inbox.data?.unread ?? 0;
  return (
    <Panel
      id="mc-messages"
      title={t('messages.title')}
      icon="mail"
      aside={inbox.data && <span className="mc-count num">{t('messages.unread', { count: unread })}</span>}
      actions={
        <button type="button" className="btn btn--ghost btn--sm" disabled={busy || unread === 0} onClick={() => void run(markAllRead)}>
          {t('messages.read_all')}
        </button>
      }
    >
      <FormError message={error} />
      {inbox.isPending ? (
        <LoadingState rows={3} label={t('messages.loading')} />
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.total === 0 ? (
        <EmptyState icon="mail" title={t('messages.none')} text={t('messages.none_text')} />
      ) : (
        <>
          <ul className="mc-messages" aria-busy={inbox.isFetching || busy}>
            {inbox.data.items.map((m) => (
              <MessageRow key={m.id} message={m} open={open === m.id} busy={busy} onToggle={() => toggle(m)} onDelete={() => void removeMessage(m)} />
            ))}
          </ul>
          <Pager page={page} pageSize={LIST_PAGE_SIZE} total={inbox.data.total} onChange={setPage} label={t('messages.pages')} disabled={inbox.isFetching} />
        </>
      )}
    </Panel>
  );
};

const MessageRow = ({ message: m, open, busy, onToggle, onDelete }: { message: InboxMessage; open: boolean; busy: boolean; onToggle: () => void; onDelete: () => void }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const bodyId = `mc-message-${m.id}`;
  return (
    <li className={`mc-message${m.read ? '' : ' mc-message--unread'}${open ? ' mc-message--open' : ''}`}>
      <button type="button" className="mc-message__head" aria-expanded={open} aria-controls={bodyId} data-message={m.id} onClick={onToggle}>
        <span className="mc-message__dot" aria-hidden="true" />
        <span className="mc-message__title">
          {!m.read && <span className="visually-hidden">{t('messages.unread_one_label')} </span>}
          {m.title}
        </span>
        {m.broadcast && <span className="mc-message__tag">{t('messages.to_all')}</span>}
        <span className="mc-message__time num">{formatDateTime(m.createdAt, zone)}</span>
        <Icon name="chevronDown" size={16} className="mc-message__chevron" />
      </button>
      {open && (
        <div id={bodyId} className="mc-message__body">
          <p className="mc-message__text">{m.body}</p>
          <button type="button" className="btn btn--quiet btn--sm mc-message__delete" disabled={busy} onClick={onDelete}>
            <Icon name="trash" size={16} />
            {t('messages.delete')}
          </button>
        </div>
      )}
    </li>
  );
};
