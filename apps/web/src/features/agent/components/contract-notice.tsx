import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons/icons';
import { Modal, closeModal, getOpenModals, openModal, subscribeModals } from '../../../components/ui/modal';
import { useLoginState } from '../../../lib/session';
import { useConsolidatedContracts } from '../api/contracts';
import {
  CONTRACT_KIND_PAGE,
  CONTRACT_NOTICE_SEEN_KEY,
  asksForContracts,
  noticeStep,
  noticeWelcome,
  parseShown,
  pendingContracts,
  type NoticePlace,
} from '../logic/contract-notice';
import { agentPagePath } from '../logic/pages';
import './contract-notice.css';

export const CONTRACT_NOTICE_MODAL = 'contractNotice';

/* The memory lives in session storage: signing out (or the session ending) clears it with the token. */
const readShown = () => {
  try {
    return parseShown(globalThis.sessionStorage?.getItem(CONTRACT_NOTICE_SEEN_KEY) ?? null);
  } catch {
    return [];
  }
};
const writeShown = (keys: string[]) => {
  try {
    globalThis.sessionStorage?.setItem(CONTRACT_NOTICE_SEEN_KEY, JSON.stringify(keys));
  } catch {
    // Storage refused (sandboxed frame, full): the popup may show again, better than never.
  }
};

export type ContractNoticeProps = {
  /** The current route's layout and flags; undefined while no route matched. */
  place: NoticePlace | undefined;
};

/**
 * Spec §2 contract popup: a signed-in agent (never a visitor or a trial account) whose upline offered
 * a contract or asks to end one is told so once per session, with a way to each contract page.
 * It waits until nothing else is open and the page is one where it helps (logic/contract-notice.ts).
 */
export const ContractNotice = ({ place }: ContractNoticeProps) => {
  const { t } = useTranslation('auth');
  const login = useLoginState();
  const asks = asksForContracts(login);
  const consolidated = useConsolidatedContracts(asks);
  const open = useSyncExternalStore(subscribeModals, getOpenModals, getOpenModals);
  const pending = asks ? pendingContracts(consolidated.data) : [];
  const welcome = noticeWelcome(place, login.passwordChangeRequired !== false);
  const busy = open.length > 0;
  const data = asks ? consolidated.data : undefined;

  useEffect(() => {
    if (!data) return;
    const shown = readShown();
    // The stack as it is now, not as rendered: a double effect run must not open it over another popup.
    const step = noticeStep(shown, pendingContracts(data), welcome && !busy && getOpenModals().length === 0);
    if (step.seen.join() !== shown.join()) writeShown(step.seen);
    if (step.show) openModal(CONTRACT_NOTICE_MODAL);
  }, [data, welcome, busy]);

  // Signed out (or the answers came back empty) while it was open: nothing is left to tell.
  useEffect(() => {
    if (pending.length === 0) closeModal(CONTRACT_NOTICE_MODAL);
  }, [pending.length]);

  const close = () => closeModal(CONTRACT_NOTICE_MODAL);
  return (
    <Modal
      name={CONTRACT_NOTICE_MODAL}
      title={t('agent.contractNotice.title')}
      size="md"
      className="ct-notice"
      footer={
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t('agent.contractNotice.later')}
        </button>
      }
    >
      <p className="ct-notice__lede">{t('agent.contractNotice.lede', { count: pending.length })}</p>
      <ul className="ct-notice__list">
        {pending.map((p) => {
          const kind = t(`agent.contractKind.${p.kind}`);
          return (
            <li key={p.kind} className={`ct-notice__item ct-notice__item--${p.request}`}>
              <span className="ct-notice__icon" aria-hidden="true">
                <Icon name={p.request === 'new' ? 'idCard' : 'alert'} size={20} />
              </span>
              <span className="ct-notice__text">
                <strong>{kind}</strong>
                <span>{t(`agent.contractNotice.request_${p.request}`)}</span>
              </span>
              <Link
                to={agentPagePath(CONTRACT_KIND_PAGE[p.kind])}
                className="btn btn--gold btn--sm"
                aria-label={t('agent.contractNotice.answer_kind', { kind })}
                onClick={close}
              >
                {t('agent.contractNotice.answer')}
              </Link>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
};
