import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Draggable from 'react-draggable';
import { useTranslation } from 'react-i18next';
import { useModal } from './modal-store';
import { hideOthers } from './hide-others';
import { lockScroll, unlockScroll } from './scroll-lock';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';
import './modal.css';

export type ModalProps = {
  /** Store name: `openModal(name)` shows it, `closeModal(name)` hides it. */
  name: string;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  /** Close button and Escape (spec §2: default true). */
  showClose?: boolean;
  /** The body scrolls inside the dialog when taller than the screen (spec §2: default true). */
  scrollable?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Extra class on the dialog, for feature styling. */
  className?: string;
  /** Runs when the person closes it (close button or Escape), before it is removed. */
  onClose?: () => void;
  footer?: ReactNode;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);

/**
 * The modal wrapper of spec §2. Renders nothing until its name is opened. It never closes on an
 * outside click (people lose half-typed forms that way); it closes by its button or Escape when
 * showClose is on. Draggable by the header on wide screens; a bottom sheet on phones.
 */
export const Modal = ({
  name,
  title,
  ariaLabel,
  showClose = true,
  scrollable = true,
  size = 'md',
  className,
  onClose,
  footer,
  children,
}: ModalProps) => {
  const modal = useModal(name);
  if (!modal.open || typeof document === 'undefined') return null;
  return createPortal(
    <ModalFrame
      name={name}
      title={title}
      ariaLabel={ariaLabel}
      showClose={showClose}
      scrollable={scrollable}
      size={size}
      className={className}
      depth={modal.depth}
      isTop={modal.isTop}
      onClose={() => {
        onClose?.();
        modal.close();
      }}
      footer={footer}
    >
      {children}
    </ModalFrame>,
    document.body,
  );
};

type FrameProps = Omit<ModalProps, 'onClose'> & { depth: number; isTop: boolean; onClose: () => void };

const ModalFrame = ({ name, title, ariaLabel, showClose, scrollable, size, className, depth, isTop, onClose, footer, children }: FrameProps) => {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const isTopRef = useRef(isTop);
  isTopRef.current = isTop;
  // Read during the first render, before any effect has moved focus into the dialog.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));

  useLayoutEffect(() => {
    lockScroll();
    return unlockScroll;
  }, []);

  // Focus moves into the dialog on open and back to whatever opened it on close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog) {
      // On touch screens focusing an input would pop the keyboard over the sheet before it is read.
      const coarse = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
      const firstInput = coarse ? null : dialog.querySelector<HTMLElement>('input:not([type="checkbox"]):not([disabled])');
      const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? firstInput;
      (preferred ?? dialog).focus({ preventScroll: true });
    }
    return () => {
      // After this commit, once the page behind is no longer inert and can take focus again.
      queueMicrotask(() => {
        if (opener && document.contains(opener)) opener.focus({ preventScroll: true });
        // The opener is gone (a popup that replaced the one it was in, a row that was deleted): unless
        // the page has already put the focus somewhere, it goes to the main content, not to the top.
        else if (!document.activeElement || document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
  }, [opener]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (!isTopRef.current || !dialogRef.current) return;
      if (e.key === 'Escape' && showClose) {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(dialogRef.current);
      if (!items.length) {
        e.preventDefault();
        dialogRef.current.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = dialogRef.current.contains(active);
      if (e.shiftKey && (active === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    },
    [onClose, showClose],
  );

  useEffect(() => {
    if (!isTop || !layerRef.current) return;
    return hideOthers(layerRef.current);
  }, [isTop]);

  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);

  const classes = ['ap-modal', `ap-modal--${size}`, scrollable ? 'ap-modal--scrollable' : '', className ?? ''].filter(Boolean).join(' ');

  return (
    <div ref={layerRef} className="ap-modal-layer" style={{ zIndex: 1000 + depth * 2 }} data-modal={name}>
      <div className="ap-modal-backdrop" aria-hidden="true" />
      <Draggable
        nodeRef={dialogRef as React.RefObject<HTMLElement>}
        handle=".ap-modal__drag"
        cancel="button, a, input, select, textarea"
        bounds="parent"
        disabled={isPhone}
        // On phones the sheet is pinned to the bottom, so a drag from a wider window is undone.
        position={isPhone ? { x: 0, y: 0 } : undefined}
      >
        <div
          ref={dialogRef}
          className={classes}
          role="dialog"
          aria-modal="true"
          aria-labelledby={title ? titleId : undefined}
          aria-label={title ? undefined : ariaLabel}
          tabIndex={-1}
        >
          <div className={`ap-modal__header ap-modal__drag${title ? '' : ' ap-modal__header--bare'}`}>
            {isPhone && <span className="ap-modal__grip" aria-hidden="true" />}
            {title ? (
              <h2 id={titleId} className="ap-modal__title">
                {title}
              </h2>
            ) : (
              <span />
            )}
            {showClose && (
              <button type="button" className="ap-modal__close" aria-label={t('close')} onClick={onClose}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          <div className="ap-modal__body">{children}</div>
          {footer && <div className="ap-modal__footer">{footer}</div>}
        </div>
      </Draggable>
    </div>
  );
};
