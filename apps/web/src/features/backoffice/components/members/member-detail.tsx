import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_TYPE, fromMinor, minorOrNull, type OpsMemberDetail } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { NATIVE_NAMES, type ListedLanguage } from '../../../../i18n/languages';
import { formatWhole } from '../../../../lib/format';
import { useOpsMember, useSetMemberKind, useSetMemberStatus } from '../../api/members';
import { moneyText } from '../../logic/format';
import { Money, PageHead, StatusBadge, Time, useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoError, BoLoading, BoNotice } from '../common/states';
import { useOperator } from '../frame/operator-context';
import { AdjustForm } from './adjust-form';
import { PasswordResetAction } from './password-reset';
import { MemberProfilePanel } from './member-profile';
import { kindOf } from './members-page';

/** The wallet's name: the main wallet in words, a game wallet by its vendor code. */
const walletName = (code: string, main: string) => (code === 'MAIN' ? main : code);

const Facts = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="bo-facts bo-facts--grid">
    {rows.map(([label, value]) => (
      <div key={label} className="bo-facts__row">
        <dt>{label}</dt>
        <dd>{value ?? <span className="bo-faint">—</span>}</dd>
      </div>
    ))}
  </dl>
);

const StatusAction = ({ member, onDone }: { member: OpsMemberDetail; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const setStatus = useSetMemberStatus(member.id);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  if (member.status === 'closed') return null;
  const next = member.status === 'frozen' ? 'active' : 'frozen';
  const verb = next === 'frozen' ? 'freeze' : 'reopen';
  const allowed = can('member.status');
  return (
    <>
      <button
        type="button"
        className={`btn btn--sm ${next === 'frozen' ? 'bo-btn--danger-ghost' : 'bo-btn--go'}`}
        disabled={!allowed}
        title={allowed ? undefined : t('common.role_cannot')}
        onClick={() =>
          setRequest({
            title: t(`members.${verb}_title`, { name: member.username }),
            confirmLabel: t(`members.${verb}`),
            tone: next === 'frozen' ? 'reject' : 'approve',
            facts: [
              { label: t('col.member'), value: `${member.username} (ID ${member.id})` },
              { label: t('col.status'), value: t(`memberStatus.${member.status}`) },
            ],
            consequence: t(`members.${verb}_consequence`),
            note: { rule: 'required', min: 5, max: 200, label: t('members.reason'), audit: true },
            run: ({ note }) => setStatus.mutateAsync({ status: next, reason: note }),
            onDone: () => onDone(t(`members.${verb}_notice`, { name: member.username })),
          })
        }
      >
        <Icon name={next === 'frozen' ? 'lock' : 'refresh'} size={14} />
        {t(`members.${verb}`)}
      </button>
      <DecisionDialog name="bo-member-status" request={request} onClose={() => setRequest(null)} />
    </>
  );
};

/**
 * Makes a player an agent, or an agent a player again (POST /ops/members/:id/kind). An agent with a
 * team, or one opened as an agent only (types 2, 41, 42), stays one: the button says why instead. Open
 * contracts are the server's to check; its refusal stays in the dialog.
 */
const KindAction = ({ member, onDone }: { member: OpsMemberDetail; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const setKind = useSetMemberKind(member.id);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  if (member.status === 'closed' || member.isTrial) return null;
  const next = member.isAgent ? 'member' : 'agent';
  const verb = next === 'agent' ? 'make_agent' : 'make_player';
  const allowed = can('member.kind');
  const blocked = !member.isAgent ? null : member.type !== ACCOUNT_TYPE.AGENT_1 ? t('members.make_player_fixed') : member.downlines > 0 ? t('members.make_player_has_team') : null;
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--ghost"
        disabled={!allowed || blocked !== null}
        aria-describedby={allowed && blocked ? `bo-kind-note-${member.id}` : undefined}
        title={!allowed ? t('common.role_cannot') : (blocked ?? undefined)}
        onClick={() =>
          setRequest({
            title: t(`members.${verb}_title`, { name: member.username }),
            confirmLabel: t(`members.${verb}`),
            tone: 'neutral',
            facts: [
              { label: t('col.member'), value: `${member.username} (ID ${member.id})` },
              { label: t('members.kind_now'), value: t(`kind.${member.isAgent ? 'agent' : 'member'}`) },
            ],
            consequence: t(`members.${verb}_consequence`),
            note: { rule: 'required', min: 5, max: 200, label: t('members.reason'), audit: true },
            run: ({ note }) => setKind.mutateAsync({ kind: next, reason: note }),
            onDone: (result) => onDone(t(`members.${verb}_notice`, { name: member.username, code: (result as OpsMemberDetail | undefined)?.affiliateCode ?? '' })),
          })
        }
      >
        <Icon name={next === 'agent' ? 'users' : 'user'} size={14} />
        {t(`members.${verb}`)}
      </button>
      {/* Said on the page too: a disabled button's title shows on hover only, never on a phone. */}
      {allowed && blocked && <span id={`bo-kind-note-${member.id}`} className="bo-faint bo-member__kind-note">{blocked}</span>}
      <DecisionDialog name="bo-member-kind" request={request} onClose={() => setRequest(null)} />
    </>
  );
};

/** One member (GET /ops/members/:id): wallets, lifetime figures, profile, VIP rank, points; freeze or reopen; adjust the balance. */
export const MemberDetail = ({ id, backTo }: { id: string; backTo: string }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const member = useOpsMember(id);
  const [notice, setNotice] = useState<string | null>(null);
  const back = (
    <Link to={backTo} className="btn btn--ghost btn--sm">
      <Icon name="chevronLeft" size={16} />
      {t('members.back')}
    </Link>
  );
  if (member.isPending) return <BoLoading rows={6} />;
  if (member.isError)
    return (
      <>
        <div className="bo-back">{back}</div>
        <BoError error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  const m = member.data;
  const payouts = minorOrNull(m.totals.payouts);
  const bets = minorOrNull(m.totals.bets);
  const netText = payouts === null || bets === null ? '—' : moneyText(fromMinor(payouts - bets), site);
  return (
    <>
      <div className="bo-back">{back}</div>
      <PageHead title={m.username} lede={t('members.detail_lede', { id: m.id, kind: t(`kind.${kindOf(m)}`) })} actions={
          <>
            <PasswordResetAction member={m} onDone={setNotice} />
            <KindAction member={m} onDone={setNotice} />
            <StatusAction member={m} onDone={setNotice} />
          </>
        } />
      <BoNotice message={notice} />
      <div className="bo-member">
        <section className="bo-panel bo-member__summary" aria-label={t('members.summary')}>
          <div className="bo-stat">
            <span className="bo-stat__label">{t('col.status')}</span>
            <StatusBadge status={m.status} label={t(`memberStatus.${m.status}`)} />
          </div>
          <div className="bo-stat">
            <span className="bo-stat__label">{t('members.balance')}</span>
            <Money amount={m.balance} className="bo-stat__value" />
            {m.held !== '0.00' && <span className="mc-sub">{t('members.held', { amount: moneyText(m.held, site) })}</span>}
          </div>
          <div className="bo-stat">
            <span className="bo-stat__label">{t('members.vip')}</span>
            <span className="bo-stat__value num">{m.vipLevel > 0 ? `VIP${m.vipLevel}` : t('members.no_rank')}</span>
          </div>
          <div className="bo-stat">
            <span className="bo-stat__label">{t('members.points')}</span>
            <span className="bo-stat__value num">{formatWhole(m.points)}</span>
          </div>
        </section>

        <section className="bo-panel" aria-labelledby="bo-member-wallets">
          <h2 id="bo-member-wallets" className="bo-panel__title">
            {t('members.wallets')}
          </h2>
          <table className="mc-table bo-table bo-table--plain">
            <caption className="visually-hidden">{t('members.wallets')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.wallet')}</th>
                <th scope="col" className="mc-num">
                  {t('members.balance')}
                </th>
                <th scope="col" className="mc-num">
                  {t('members.held_col')}
                </th>
              </tr>
            </thead>
            <tbody>
              {m.wallets.map((w) => (
                <tr key={w.code}>
                  <td>{walletName(w.code, t('members.main_wallet'))}</td>
                  <td className="mc-num">
                    <Money amount={w.balance} />
                  </td>
                  <td className="mc-num">
                    <Money amount={w.held} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className="bo-panel" aria-labelledby="bo-member-totals">
          <h2 id="bo-member-totals" className="bo-panel__title">
            {t('members.totals')}
          </h2>
          <Facts
            rows={[
              [t('members.total_deposits'), <Money key="d" amount={m.totals.deposits} />],
              [t('members.total_withdrawals'), <Money key="w" amount={m.totals.withdrawals} />],
              [t('members.total_bets'), <Money key="b" amount={m.totals.bets} />],
              [t('members.total_payouts'), <Money key="p" amount={m.totals.payouts} />],
              [t('members.member_result'), <span key="n" className="num">{netText}</span>],
            ]}
          />
        </section>

        <section className="bo-panel" aria-labelledby="bo-member-profile">
          <h2 id="bo-member-profile" className="bo-panel__title">
            {t('members.profile')}
          </h2>
          <Facts
            rows={[
              [t('members.nickname'), m.nickname],
              [t('members.real_name'), m.payeeName],
              [t('members.email'), m.email],
              [t('members.mobile'), m.mobile],
              // By its own name (ខ្មែរ, English, 简体中文), as the portal's language select lists it.
              [t('members.language'), m.language ? (NATIVE_NAMES[m.language as ListedLanguage] ?? m.language) : null],
              [t('members.upline'), m.parent],
              [t('members.referred_by'), m.referredBy],
              [t('members.downlines'), <span key="dl" className="num">{formatWhole(m.downlines)}</span>],
              ...(m.affiliateCode
                ? [[t('members.invitation_code'), <span key="ic" className="num">{m.isAgent ? m.affiliateCode : t('members.invitation_code_unused', { code: m.affiliateCode })}</span>] as [string, ReactNode]]
                : []),
              [t('members.joined'), <Time key="j" iso={m.createdAt} />],
              [t('members.last_login'), <Time key="l" iso={m.lastLoginAt} />],
            ]}
          />
        </section>

        <MemberProfilePanel member={m} onDone={setNotice} />

        <AdjustForm member={m} onDone={setNotice} />
      </div>
    </>
  );
};
