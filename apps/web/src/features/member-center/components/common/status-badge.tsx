import { useTranslation } from 'react-i18next';

const TONE: Record<string, 'pending' | 'ok' | 'bad' | 'info' | 'muted'> = {
  pending: 'pending',
  awaiting_payment: 'pending',
  approved: 'info',
  paid: 'ok',
  rejected: 'bad',
  expired: 'muted',
  received: 'ok',
  auto_received: 'ok',
  partial: 'pending',
  not_received: 'bad',
};

/** A status as a coloured pill; deposits are "approved" when the money has landed, so that one is green there. */
export const StatusBadge = ({ status, kind }: { status: string; kind: 'deposit' | 'withdrawal' | 'confirmation' }) => {
  const { t } = useTranslation('member');
  const tone = kind === 'deposit' && status === 'approved' ? 'ok' : (TONE[status] ?? 'info');
  return <span className={`mc-badge mc-badge--${tone}`}>{t(`status.${kind}.${status}`)}</span>;
};
