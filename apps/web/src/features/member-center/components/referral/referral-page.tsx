import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralFriend, ReferralSummaryValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../../components/ui/member/states';
import { QrCode } from '../../../../components/ui/qr/qr-code';
import { isApiError } from '../../../../lib/api';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount, formatWhole } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { isTrialError } from '../../../../lib/server-errors';
import { useLoginState } from '../../../../lib/session';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useReferralFriends, useReferralSummary } from '../../api/referral';
import { friendState, inviteLink } from '../../logic/referral';
import { CopyButton } from '../common/copy-button';
import { ClosedFeature } from '../common/closed-feature';

/** What the four columns need (measured in EN, KM and CN); narrower, each friend is a card. */
const FRIENDS_TABLE_PX = 560;

/**
 * referral (spec §2 "invite friends"; docs/referral.md): the member's invitation code, its link and QR
 * code, the site's terms in words, how the invitations stand, and the friends who registered with it.
 * A site with the program off says so; trial accounts are asked for a real account, as the server does.
 */
export const ReferralPage = () => {
  const { isTrial } = useLoginState();
  const summary = useReferralSummary(!isTrial);
  if (isTrial || isTrialError(summary.error)) return <TrialBlocked />;
  if (summary.isPending) return <LoadingState rows={4} />;
  if (summary.isError) {
    if (isApiError(summary.error) && summary.error.code === 'REFERRAL_DISABLED') return <ClosedFeature feature="referral" icon="users" />;
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  const data = summary.data;
  if (!data.enabled || !data.code) return <ClosedFeature feature="referral" icon="users" />;
  return (
    <div className="mc-stack">
      <InvitePanel summary={data} code={data.code} />
      <ReferralFigures summary={data} />
      <FriendsPanel symbol={data.currencySymbol} />
    </div>
  );
};

/** The code, the link and its QR code, with the terms in words and the three steps to a reward. */
const InvitePanel = ({ summary, code }: { summary: ReferralSummaryValue; code: string }) => {
  const { t } = useTranslation('member');
  const link = inviteLink(code, window.location.origin);
  const money = (amount: string) => formatAmount(amount, { symbol: summary.currencySymbol });
  const reward = money(summary.reward);
  const minDeposit = money(summary.minDeposit);
  const minBets = money(summary.minBets);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () => navigator.share({ title: t('referral.share_title'), text: t('referral.share_text', { code }), url: link }).catch(() => undefined);

  return (
    <Panel id="mc-invite" title={t('referral.invite_title')} icon="users" className="mc-invite">
      <div className="mc-invite__grid">
        <div className="mc-invite__main">
          <p className="mc-invite__terms">
            <Icon name="gift" size={18} />
            <span>{t('referral.terms', { reward, minDeposit, minBets })}</span>
          </p>

          <div className="mc-invite__code" role="group" aria-labelledby="mc-invite-code-label">
            <span id="mc-invite-code-label" className="mc-invite__label">
              {t('referral.code')}
            </span>
            <strong className="mc-invite__code-value">{code}</strong>
            <CopyButton value={code} label={t('referral.code')} />
          </div>

          <div className="mc-invite__link">
            <label htmlFor="mc-invite-link" className="mc-invite__label">
              {t('referral.link')}
            </label>
            <div className="mc-invite__link-row">
              <input id="mc-invite-link" className="mc-invite__link-input" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={link} label={t('referral.link')} />
            </div>
            {canShare && (
              <button type="button" className="btn btn--ghost btn--sm mc-invite__share" onClick={() => void share()}>
                <Icon name="send" size={16} />
                {t('referral.share')}
              </button>
            )}
          </div>

          <ol className="mc-invite__steps" aria-label={t('referral.steps_label')}>
            <li>
              <span className="mc-invite__step-icon" aria-hidden="true">
                <Icon name="send" size={16} />
              </span>
              {t('referral.step_share')}
            </li>
            <li>
              <span className="mc-invite__step-icon" aria-hidden="true">
                <Icon name="user" size={16} />
              </span>
              {t('referral.step_register')}
            </li>
            <li>
              <span className="mc-invite__step-icon" aria-hidden="true">
                <Icon name="deposit" size={16} />
              </span>
              {t('referral.step_deposit', { minDeposit, minBets, reward })}
            </li>
          </ol>
        </div>

        <div className="mc-invite__qr">
          <QrCode value={link} label={t('referral.qr_label', { code })} />
          <p className="mc-invite__qr-note">{t('referral.qr_note')}</p>
        </div>
      </div>
    </Panel>
  );
};

/** Friends who registered with the code, those whose deposits earned the reward, and what the member earned. */
const ReferralFigures = ({ summary }: { summary: ReferralSummaryValue }) => {
  const { t } = useTranslation('member');
  return (
    <section className="mc-stats mc-stats--referral" aria-label={t('referral.figures')}>
      <div className="mc-stat">
        <span className="mc-stat__label">{t('referral.invited')}</span>
        <span className="mc-stat__value mc-stat__value--count num">{formatWhole(summary.invited)}</span>
      </div>
      <div className="mc-stat">
        <span className="mc-stat__label">{t('referral.qualified')}</span>
        <span className="mc-stat__value mc-stat__value--count num">{formatWhole(summary.qualified)}</span>
      </div>
      <div className="mc-stat mc-stat--gold">
        <span className="mc-stat__label">{t('referral.earned')}</span>
        <span className="mc-stat__value num">{formatAmount(summary.earned, { symbol: summary.currencySymbol })}</span>
      </div>
    </section>
  );
};

const FriendsPanel = ({ symbol }: { symbol: string }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const list = useReferralFriends(page);
  const row = (f: ReferralFriend) => {
    const state = friendState(f);
    return (
      // Masked names may repeat (an**1 twice): the join time tells them apart.
      <tr key={`${f.joinedAt}-${f.username}`}>
        <td data-label={t('referral.col_friend')}>
          <span className="mc-friend">
            <span className="mc-friend__avatar" aria-hidden="true">
              {[...f.username][0]?.toUpperCase()}
            </span>
            <span className="mc-friend__name num">{f.username}</span>
          </span>
        </td>
        <td data-label={t('referral.col_joined', { zone: gmtLabel(zone) })} className="num">
          {formatDateTime(f.joinedAt, zone)}
        </td>
        <td data-label={t('referral.col_status')}>
          <span className={`mc-badge mc-badge--${state === 'qualified' ? 'ok' : 'pending'}`}>{t(`referral.state_${state}`)}</span>
        </td>
        <td data-label={t('referral.col_reward')} className="mc-num">
          {f.reward ? (
            <>
              <span className="num mc-amount--in">+{formatAmount(f.reward, { symbol })}</span>
              {f.rewardedAt && <span className="mc-sub num">{formatDateTime(f.rewardedAt, zone)}</span>}
            </>
          ) : (
            <span className="mc-muted">—</span>
          )}
        </td>
      </tr>
    );
  };
  return (
    <Panel id="mc-friends" title={t('referral.friends_title')} icon="users" aside={list.data && list.data.total > 0 ? <span className="mc-count num">{formatWhole(list.data.total)}</span> : undefined}>
      <RecordTable
        list={list}
        caption={t('referral.friends_title')}
        className="mc-table--friends"
        cardsBelow={FRIENDS_TABLE_PX}
        head={
          <>
            <th scope="col">{t('referral.col_friend')}</th>
            <th scope="col">{t('referral.col_joined', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('referral.col_status')}</th>
            <th scope="col" className="mc-num">
              {t('referral.col_reward')}
            </th>
          </>
        }
        row={row}
        empty={
          <EmptyState
            icon="users"
            compact
            title={t('referral.none')}
            text={t('referral.none_text')}
            action={
              <button type="button" className="btn btn--gold btn--sm" onClick={toInviteLink}>
                <Icon name="send" size={16} />
                {t('referral.none_action')}
              </button>
            }
          />
        }
        page={page}
        onPage={setPage}
        pagesLabel={t('referral.pages')}
      />
    </Panel>
  );
};

/** "Share your link" from the empty list: back up to the link, selected, ready to copy. */
const toInviteLink = (e: MouseEvent) => {
  e.preventDefault();
  const input = document.getElementById('mc-invite-link');
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  input?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  input?.focus({ preventScroll: true });
};
