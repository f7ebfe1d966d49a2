import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Promotion } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { formatAmount } from '../../../lib/format';
import { useLoginState } from '../../../lib/session';
import { usePromoActions } from '../hooks/promo-actions';
import { DEPOSIT_PATH, promoAction, type PromoAction } from '../logic/action';

const MECHANIC_VERB = { deposit: 'join', apply: 'apply', raffle: 'spin', envelope: 'open' } as const;
const DEPOSIT_NOTE = { claim: 'action.deposit_to_claim', spin: 'action.deposit_to_spin', open: 'action.deposit_to_open' } as const;

const ICONS: Partial<Record<PromoAction['kind'], IconName>> = { login: 'user', join: 'plus', apply: 'send', claim: 'gift', spin: 'star', open: 'gift', deposit: 'deposit' };

/** The words of an action's button, and the note above it (what is missing, the site's reason). */
export const useActionText = (symbol: string) => {
  const { t } = useTranslation('promotions');
  const { isLogin } = useLoginState();
  const money = (v: string) => formatAmount(v, { symbol });
  return (action: PromoAction, mechanic: Promotion['mechanic']): { label: string; note: string | null } => {
    switch (action.kind) {
      // A trial account has no place in promotions (the server tells it nothing): it reads the usual
      // words, and the click brings the 'in_need_true_account' notice.
      case 'login':
        return { label: isLogin ? t(`action.${MECHANIC_VERB[mechanic]}`) : t('action.login'), note: null };
      case 'claim':
        return { label: action.bonus ? t('action.claim_amount', { amount: money(action.bonus) }) : t('action.claim'), note: null };
      case 'deposit':
        return { label: t('action.deposit'), note: t(DEPOSIT_NOTE[action.then], { amount: money(action.amount) }) };
      case 'status':
        return { label: action.bonus ? t(`status.${action.label}_amount`, { amount: money(action.bonus) }) : t(`status.${action.label}`), note: null };
      default:
        return { label: t(`action.${action.kind}`), note: null };
    }
  };
};

type Props = {
  promotion: Promotion;
  /** Wider buttons fill their box (the card); the popup's sit at the end of their row. */
  block?: boolean;
  /** Extra words under the note: the site's remark on an application (the popup shows it in full). */
  showRemark?: boolean;
};

/**
 * A promotion's one action, as its state allows (spec §4): a gold button (log in, join, apply, claim,
 * spin, open), a link to the deposit page with what is missing, or a disabled button that says why there is
 * nothing to do (coming soon, applying, issued …).
 */
export const PromoActionView = ({ promotion, block = true, showRemark = false }: Props) => {
  const { t } = useTranslation('promotions');
  const { run, busy, symbol } = usePromoActions();
  const noteId = useId();
  const action = promoAction(promotion);
  const { label, note } = useActionText(symbol)(action, promotion.mechanic);
  const remark = showRemark && action.kind === 'status' && action.label === 'rejected' ? promotion.mine?.reviewRemark : null;
  const sending = busy === promotion.id;
  const width = block ? ' btn--block' : '';

  const control = () => {
    if (action.kind === 'status') {
      return (
        <button type="button" className={`btn btn--ghost${width} pr-act__btn pr-act__btn--${action.label}`} disabled>
          {label}
        </button>
      );
    }
    if (action.kind === 'deposit') {
      return (
        <Link to={DEPOSIT_PATH} className={`btn btn--ghost${width} pr-act__btn pr-act__btn--deposit`} aria-describedby={noteId}>
          <Icon name="deposit" size={16} />
          {label}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className={`btn btn--gold${width} pr-act__btn`}
        // Not disabled while sending (the focus would drop to the page): the hall ignores a second click.
        aria-busy={sending || undefined}
        onClick={() => run(promotion)}
      >
        {sending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name={ICONS[action.kind] ?? 'gift'} size={16} />}
        {sending ? t('action.sending') : label}
      </button>
    );
  };

  return (
    <div className={`pr-act${block ? '' : ' pr-act--inline'}`}>
      {note && (
        <p id={noteId} className="pr-act__note">
          <Icon name="info" size={14} />
          {note}
        </p>
      )}
      {remark && <p className="pr-act__note pr-act__note--bad">{t('card.reason', { remark })}</p>}
      {control()}
    </div>
  );
};
