import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Mission, MissionClaimValue, MissionMetric } from '@apsara/contracts';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { isApiError } from '../../../../lib/api';
import { formatAmount } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { isTrialError } from '../../../../lib/server-errors';
import { useShellActions } from '../../../../lib/shell-actions';
import { useClaimMission } from '../../api/missions';
import { missionAction, missionTitle, progressPercent, progressText } from '../../logic/missions';
import { useTranslate } from './use-translate';

const METRIC_ICONS: Record<MissionMetric, IconName> = { bets: 'dice', rounds: 'play', wins: 'star', deposits: 'deposit' };

type Props = { mission: Mission; symbol: string; zone: string; onClaimed: (result: MissionClaimValue) => void };

/**
 * One mission: what it asks in words, how far along the member is, what it pays, and its one action
 * by state: "Go" (to the lobby, or the deposit page for a deposit mission) while in progress, "Claim"
 * once reached, a done badge with the time once claimed. A refused claim shows the server's message
 * on the card; a trial account gets the real-account notice.
 */
export const MissionCard = ({ mission: m, symbol, zone, onClaimed }: Props) => {
  const { t } = useTranslation('member');
  const tr = useTranslate();
  const { showTrialNotice } = useShellActions();
  const claim = useClaimMission();
  const title = missionTitle(m, symbol, tr);
  const percent = progressPercent(m);
  const counts = progressText(m, symbol);
  const reward = formatAmount(m.reward, { symbol });
  const action = missionAction(m);
  const refused = claim.error && !isTrialError(claim.error) ? (isApiError(claim.error) ? claim.error.message : t('missions.claim_failed')) : null;

  const send = () => {
    if (claim.isPending) return;
    claim.mutate(m.id, {
      onSuccess: onClaimed,
      onError: (e) => {
        if (isTrialError(e)) showTrialNotice();
      },
    });
  };

  return (
    <li className={`ms-card ms-card--${m.state}`}>
      <span className={`ms-card__icon ms-card__icon--${m.metric}`} aria-hidden="true">
        <Icon name={m.state === 'claimed' ? 'check' : METRIC_ICONS[m.metric]} size={22} />
      </span>
      <div className="ms-card__head">
        <p className="ms-card__metric">{t(`missions.metric.${m.metric}`)}</p>
        <h3 className="ms-card__title">{title}</h3>
      </div>
      <p className="ms-card__reward">
        <span className="ms-card__reward-label">{t('missions.reward')}</span>
        <strong className="num">+{reward}</strong>
      </p>
      <div className="ms-card__progress">
        <span
          className="ms-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={counts}
          aria-label={t('missions.progress_label', { title })}
        >
          <span className="ms-bar__fill" style={{ width: `${percent}%` }} />
        </span>
        <span className="ms-card__counts num">{counts}</span>
      </div>
      <div className="ms-card__action">
        {action.kind === 'go' && (
          <Link to={action.to} className="btn btn--ghost btn--sm ms-card__btn" aria-label={t('missions.go_named', { title })}>
            {t('missions.go')}
            <Icon name="chevronRight" size={16} />
          </Link>
        )}
        {action.kind === 'claim' && (
          <button
            type="button"
            className="btn btn--gold btn--sm ms-card__btn ms-card__claim"
            onClick={send}
            disabled={claim.isPending}
            aria-busy={claim.isPending || undefined}
            aria-label={t('missions.claim_named', { reward, title })}
          >
            {claim.isPending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="gift" size={16} />}
            {claim.isPending ? t('missions.claiming') : t('missions.claim')}
          </button>
        )}
        {action.kind === 'done' && (
          <span className="ms-card__done">
            <span className="mc-badge mc-badge--ok">{t('missions.claimed')}</span>
            {action.at && <span className="ms-card__done-at num">{formatDateTime(action.at, zone)}</span>}
          </span>
        )}
      </div>
      {refused && (
        <p className="ms-card__error" role="alert">
          <Icon name="alert" size={16} />
          <span>{refused}</span>
        </p>
      )}
    </li>
  );
};
