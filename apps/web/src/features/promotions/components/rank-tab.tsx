import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VipLevel } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { ErrorState, LoadingState, TrialBlocked } from '../../../components/ui/member/states';
import { formatAmount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { useLoginState } from '../../../lib/session';
import { useShellActions } from '../../../lib/shell-actions';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useVipRanks } from '../api/vip';
import { bonusState, bonusesPaid, ladderTotal, nextRankText, nextRankTracks, rungState, standingOf, type Track, type VipMe } from '../logic/vip';
import { VipBadge } from './vip-badge';
import './rank-tab.css';

/** Formats wire amounts ("1000.00") and cents alike with the site's currency symbol. */
const useMoney = (symbol: string) => ({
  wire: (amount: string) => formatAmount(amount, { symbol }),
  cents: (cents: bigint) => formatAmount(cents, { symbol, minorUnits: true }),
});

/**
 * The rank explanation (spec §2 promotions "rank explanation", docs/vip.md): every VIP rank with what
 * it asks and pays, and how ranks are earned. A member sees their own rank on top (their progress
 * toward the next one and the upgrades they reached) and their row lit in the ladder; visitors are
 * asked to sign in or register; trial accounts get the real-account notice.
 */
export const RankTab = () => {
  const { t } = useTranslation('promotions');
  const { isLogin, isTrial } = useLoginState();
  // Read again now and then while shown: the job counts bets and deposits after the events they make.
  const query = useVipRanks({ live: true });
  if (query.isPending) return <LoadingState rows={4} label={t('rank.loading')} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { levels, me, currencySymbol } = query.data;
  return (
    <div className="vr">
      {me ? <MyRank me={me} levels={levels} symbol={currencySymbol} /> : isTrial ? <TrialBlocked /> : !isLogin ? <VisitorCall levels={levels} symbol={currencySymbol} /> : null}
      <div className="vr-cols">
        <Ladder levels={levels} myLevel={me?.level ?? null} symbol={currencySymbol} />
        <div className="vr-side">
          {me && me.upgrades.length > 0 && <Upgrades me={me} symbol={currencySymbol} />}
          <HowItWorks />
        </div>
      </div>
    </div>
  );
};

// ---- the member's own rank --------------------------------------------------------------------

const MyRank = ({ me, levels, symbol }: { me: VipMe; levels: VipLevel[]; symbol: string }) => {
  const { t } = useTranslation('promotions');
  const money = useMoney(symbol);
  const tracks = nextRankTracks(me, levels);
  const standing = standingOf(me);
  const next = nextRankText(me, money.cents);
  return (
    <section className={`vr-me vr-me--${standing}`} aria-labelledby="vr-me-title">
      <div className="vr-me__id">
        <VipBadge level={me.level} size={84} className="vr-me__badge" />
        <div className="vr-me__who">
          <h2 id="vr-me-title" className="vr-me__title">
            {t('rank.me.title')}
          </h2>
          <p className="vr-me__label">{me.label ?? t('rank.me.none')}</p>
          <p className="vr-me__next" aria-live="polite">
            {t(next.key, next.values)}
          </p>
        </div>
      </div>

      <dl className="vr-me__figures" aria-label={t('rank.me.figures')}>
        <div>
          <dt>{t('rank.me.bets')}</dt>
          <dd className="num">{money.wire(me.bets)}</dd>
        </div>
        <div>
          <dt>{t('rank.me.deposits')}</dt>
          <dd className="num">{money.wire(me.deposits)}</dd>
        </div>
        <div>
          <dt>{t('rank.me.received')}</dt>
          <dd className="num vr-me__gold">{money.cents(bonusesPaid(me.upgrades))}</dd>
        </div>
      </dl>

      {tracks && me.next ? (
        <div className="vr-me__tracks">
          <ProgressTrack label={t('rank.me.track_bets', { label: me.next.label })} icon="dice" track={tracks.bets} money={money.cents} />
          <ProgressTrack label={t('rank.me.track_deposits', { label: me.next.label })} icon="deposit" track={tracks.deposits} money={money.cents} />
          <p className="vr-me__prize">
            <Icon name="gift" size={18} />
            <span>{t('rank.me.next_bonus', { label: me.next.label, bonus: money.wire(me.next.upgradeBonus) })}</span>
          </p>
          <div className="vr-me__actions">
            <Link to="/" className="btn btn--gold btn--sm">
              <Icon name="play" size={16} />
              {t('rank.me.play')}
            </Link>
            <Link to="/member/depositv2" className="btn btn--ghost btn--sm">
              <Icon name="deposit" size={16} />
              {t('rank.me.deposit')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="vr-me__tracks vr-me__tracks--top">
          <Icon name="trophy" size={36} />
          <p>
            <strong>{t('rank.me.top_title')}</strong>
            <span>{t('rank.me.top_text')}</span>
          </p>
        </div>
      )}
    </section>
  );
};

const ProgressTrack = ({ label, icon, track, money }: { label: string; icon: IconName; track: Track; money: (cents: bigint) => string }) => {
  const { t } = useTranslation('promotions');
  return (
    <div className={`vr-track${track.done ? ' is-done' : ''}`}>
      <div className="vr-track__head">
        <span className="vr-track__label">
          <Icon name={icon} size={16} />
          {label}
        </span>
        <span className="vr-track__of num">{t('rank.me.of', { have: money(track.have), need: money(track.need) })}</span>
      </div>
      <span className="vr-track__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={track.percent} aria-valuetext={`${track.percent}%`}>
        <span style={{ width: `${track.percent}%` }} />
      </span>
      <span className="vr-track__togo num">
        {track.done ? (
          <>
            <Icon name="check" size={14} />
            {t('rank.me.done')}
          </>
        ) : (
          t('rank.me.to_go', { amount: money(track.toGo) })
        )}
      </span>
    </div>
  );
};

// ---- visitors ---------------------------------------------------------------------------------

const VisitorCall = ({ levels, symbol }: { levels: VipLevel[]; symbol: string }) => {
  const { t } = useTranslation('promotions');
  const { guard, openRegister } = useShellActions();
  const money = useMoney(symbol);
  const first = levels[0];
  return (
    <section className="vr-me vr-me--visitor" aria-labelledby="vr-visitor-title">
      <div className="vr-me__id">
        <VipBadge level={first ? 1 : 0} size={84} className="vr-me__badge" />
        <div className="vr-me__who">
          <h2 id="vr-visitor-title" className="vr-me__label">
            {t('rank.visitor.title')}
          </h2>
          <p className="vr-me__next">
            {first ? t('rank.visitor.text', { label: first.label, bonus: money.wire(first.upgradeBonus), total: money.cents(ladderTotal(levels)) }) : t('rank.visitor.text_plain')}
          </p>
        </div>
      </div>
      <div className="vr-me__actions vr-me__actions--visitor">
        <button type="button" className="btn btn--gold" onClick={() => openRegister()}>
          <Icon name="user" size={16} />
          {t('rank.visitor.register')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => guard()}>
          <Icon name="lock" size={16} />
          {t('rank.visitor.login')}
        </button>
      </div>
    </section>
  );
};

// ---- the ladder -------------------------------------------------------------------------------

const Ladder = ({ levels, myLevel, symbol }: { levels: VipLevel[]; myLevel: number | null; symbol: string }) => {
  const { t } = useTranslation('promotions');
  const money = useMoney(symbol);
  const first = levels[0];
  const last = levels[levels.length - 1];
  return (
    <Panel id="vr-ladder" title={t('rank.ladder.title')} icon="crown" className="vr-ladder-panel">
      <table className="vr-ladder">
        <caption className="visually-hidden">{t('rank.ladder.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rank.ladder.col_rank')}</th>
            <th scope="col" className="vr-num">
              {t('rank.ladder.col_bets')}
            </th>
            <th scope="col" className="vr-num">
              {t('rank.ladder.col_deposits')}
            </th>
            <th scope="col" className="vr-num">
              {t('rank.ladder.col_bonus')}
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => {
            const state = rungState(l.level, myLevel);
            return (
              <tr key={l.level} className={`vr-rung vr-rung--${state}`} aria-current={state === 'current' ? 'true' : undefined}>
                <th scope="row" className="vr-rung__rank">
                  <VipBadge level={l.level} size={36} />
                  <span className="vr-rung__name">
                    <span className="vr-rung__label">{l.label}</span>
                    {state === 'current' && <span className="vr-tag vr-tag--you">{t('rank.ladder.you')}</span>}
                    {state === 'next' && <span className="vr-tag vr-tag--next">{t('rank.ladder.next')}</span>}
                    {state === 'reached' && (
                      <span className="vr-tag vr-tag--reached">
                        <Icon name="check" size={12} />
                        {t('rank.ladder.reached')}
                      </span>
                    )}
                  </span>
                </th>
                <td className="vr-num num" data-label={t('rank.ladder.col_bets')}>
                  {money.wire(l.minBets)}
                </td>
                <td className="vr-num num" data-label={t('rank.ladder.col_deposits')}>
                  {money.wire(l.minDeposits)}
                </td>
                <td className="vr-num num vr-rung__bonus" data-label={t('rank.ladder.col_bonus')}>
                  {money.wire(l.upgradeBonus)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {first && last && <p className="vr-ladder__total">{t('rank.ladder.total', { total: money.cents(ladderTotal(levels)), first: first.label, last: last.label })}</p>}
    </Panel>
  );
};

// ---- upgrades reached -------------------------------------------------------------------------

const Upgrades = ({ me, symbol }: { me: VipMe; symbol: string }) => {
  const { t } = useTranslation('promotions');
  const zone = useTimeZone();
  const money = useMoney(symbol);
  return (
    <Panel id="vr-upgrades" title={t('rank.upgrades.title')} icon="trophy">
      <ul className="vr-ups">
        {me.upgrades.map((u) => {
          const state = bonusState(u);
          return (
            <li key={u.level} className="vr-up">
              <VipBadge level={u.level} size={32} />
              <span className="vr-up__about">
                <strong>{u.label}</strong>
                <span className="vr-up__time num">{t('rank.upgrades.reached_at', { time: formatDateTime(u.reachedAt, zone) })}</span>
              </span>
              <span className="vr-up__bonus">
                {state !== 'none' && <span className="num mc-amount--in">+{money.wire(u.bonus)}</span>}
                <span className={`mc-badge mc-badge--${state === 'paid' ? 'ok' : state === 'pending' ? 'pending' : 'muted'}`}>{t(`rank.upgrades.${state}`)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
};

// ---- how ranks work ---------------------------------------------------------------------------

const RULES: readonly { key: string; icon: IconName }[] = [
  { key: 'earn', icon: 'dice' },
  { key: 'both', icon: 'check' },
  { key: 'keep', icon: 'shield' },
  { key: 'bonus', icon: 'gift' },
];

const HowItWorks = () => {
  const { t } = useTranslation('promotions');
  return (
    <Panel id="vr-how" title={t('rank.how.title')} icon="info">
      <ol className="vr-how">
        {RULES.map((r) => (
          <li key={r.key} className="vr-how__item">
            <span className="vr-how__icon" aria-hidden="true">
              <Icon name={r.icon} size={18} />
            </span>
            <span>
              <strong className="vr-how__title">{t(`rank.how.${r.key}_title`)}</strong>
              <span className="vr-how__text">{t(`rank.how.${r.key}`)}</span>
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
};
