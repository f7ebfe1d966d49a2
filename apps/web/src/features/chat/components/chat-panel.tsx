import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons/icons';

const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  /** A bottom sheet over the page (narrow screens) rather than a window beside it. */
  sheet: boolean;
  /** The line under the title: the topic, or when people answer. */
  subtitle?: ReactNode;
  /** "End chat", while a conversation is open. */
  action?: ReactNode;
  onClose: () => void;
  /** Escape first closes what the panel shows on top (the end-chat question), then the panel. */
  onEscape?: () => boolean;
  children: ReactNode;
};

export const CHAT_PANEL_ID = 'chat-panel';

/**
 * Moves the focus to `target` when a step of the panel replaced the control that had it (the focus
 * fell to the page's body) or the panel itself holds it; never when the member is busy elsewhere on
 * the page (an operator closed the conversation while they browse).
 */
export const claimFocus = (target: HTMLElement | null | undefined) => {
  if (!target) return;
  const panel = target.closest<HTMLElement>('.chat-panel');
  const active = document.activeElement;
  if (active && active !== document.body && active !== panel) return;
  target.focus({ preventScroll: true });
};

/**
 * The chat's window: beside the page on wide screens (the page stays usable), a bottom sheet on
 * narrow ones (the page behind is covered, so Tab stays inside). Focus goes in when it opens, to the
 * step's first control, and Escape closes it.
 */
export const ChatPanel = ({ sheet, subtitle, action, onClose, onEscape, children }: Props) => {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    // After the frame: a popup that opened the chat (the help center) hands its focus back first.
    const frame = requestAnimationFrame(() => {
      const panel = ref.current;
      if (!panel) return;
      const target = panel.querySelector<HTMLElement>('[data-autofocus]');
      (target ?? panel).focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!onEscape?.()) onClose();
      return;
    }
    if (e.key !== 'Tab' || !sheet || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      {sheet && <div className="chat-backdrop" aria-hidden="true" onClick={onClose} />}
      <section
        ref={ref}
        id={CHAT_PANEL_ID}
        className={`chat-panel${sheet ? ' chat-panel--sheet' : ''}`}
        role="dialog"
        aria-modal={sheet}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {sheet && <span className="chat-panel__grip" aria-hidden="true" />}
        <header className="chat-panel__head">
          <span className="chat-panel__avatar" aria-hidden="true">
            <Icon name="headset" size={20} />
          </span>
          <div className="chat-panel__titles">
            <h2 id={titleId} className="chat-panel__title">
              {t('title')}
            </h2>
            {subtitle && <p className="chat-panel__sub">{subtitle}</p>}
          </div>
          {action}
          <button type="button" className="chat-panel__close" aria-label={t('panel.close')} title={t('panel.close')} onClick={onClose}>
            <Icon name={sheet ? 'close' : 'chevronDown'} size={20} />
          </button>
        </header>
        <div className="chat-panel__body">{children}</div>
      </section>
    </>
  );
};
