import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsGameCategory, OpsGameOffer } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { formatWhole } from '../../../../lib/format';
import { useChangeGameOffer, useOpsGameOffers, type GameOfferChange } from '../../api/games';
import { categoryCounts, needsConfirm, switchPatch, type OfferSwitch } from '../../logic/games';
import { boPageTitleKey } from '../../logic/pages';
import { PageHead, StatusBadge } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { BoEmpty, BoError, BoLoading, BoNotice, BoProblem } from '../common/states';
import { useOperator } from '../frame/operator-context';
import './games.css';

const K = 'gamesAdmin';

/** What players see of an offer, as a badge tone. */
const SHOWN_TONE = { live: 'active', maintenance: 'pending', hidden: 'closed' } as const;


/**
 * The site's game vendors (GET /ops/game-offers, PATCH …/:gameType/:vendor): one table per category,
 * in menu order, each vendor in the site's order with its games, what players see, and the switches.
 * Switching a vendor off or putting it under maintenance is confirmed first (players in one of its
 * games are affected); the portal follows every change at once. Read only for roles that may not change it.
 */
export const GamesPage = () => {
  const { t } = useTranslation('ops');
  const { can } = useOperator();
  const list = useOpsGameOffers();
  const change = useChangeGameOffer();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const allowed = can('game.edit');

  const categoryName = (gameType: string) => t(`${K}.category.${gameType}`, { defaultValue: gameType });
  const vendorName = (o: OpsGameOffer) => `${o.displayName} (${o.vendor})`;

  const send = (c: GameOfferChange, text: string) => {
    setNotice(null);
    setFailure(null);
    change.mutate(c, { onSuccess: () => setNotice(text), onError: setFailure });
  };

  const flip = (o: OpsGameOffer, which: OfferSwitch) => {
    const body = switchPatch(o, which);
    const names = { vendor: vendorName(o), category: categoryName(o.gameType) };
    const key = which === 'enabled' ? (o.enabled ? 'off' : 'on') : o.maintenance ? 'lift' : 'maintenance';
    if (!needsConfirm(body)) return send({ gameType: o.gameType, vendor: o.vendor, patch: body }, t(`${K}.notice.${key}`, names));
    setNotice(null);
    setFailure(null);
    setRequest({
      title: t(`${K}.confirm.${key}_title`, names),
      confirmLabel: t(`${K}.confirm.${key}`),
      tone: 'reject',
      facts: [
        { label: t(`${K}.col.vendor`), value: vendorName(o) },
        { label: t(`${K}.col.category`), value: categoryName(o.gameType) },
        { label: t(`${K}.col.games`), value: <span className="num">{formatWhole(o.games)}</span> },
      ],
      consequence: t(`${K}.confirm.${key}_consequence`),
      run: () => change.mutateAsync({ gameType: o.gameType, vendor: o.vendor, patch: body }),
      onDone: () => setNotice(t(`${K}.notice.${key}`, names)),
    });
  };

  const move = (c: OpsGameCategory, o: OpsGameOffer, direction: -1 | 1) =>
    send({ gameType: c.gameType, vendor: o.vendor, move: direction < 0 ? 'up' : 'down' }, t(`${K}.notice.moved`, { vendor: vendorName(o), category: categoryName(c.gameType) }));

  const busy = change.isPending;
  const row = (c: OpsGameCategory, o: OpsGameOffer, i: number) => {
    const names = { vendor: vendorName(o), category: categoryName(c.gameType) };
    const locked = !allowed || busy;
    const title = allowed ? undefined : t('common.role_cannot');
    return (
      <tr key={o.vendor} className={o.shown === 'hidden' ? 'bo-row--muted' : undefined}>
        <td data-label={t(`${K}.col.order`)}>
          <div className="bo-games__order">
            <span className="num bo-games__sort" title={t(`${K}.sort_value`, { sort: o.sort })}>
              {i + 1}
            </span>
            <button type="button" className="bo-icon-btn" disabled={locked || i === 0} aria-label={t(`${K}.move_up`, names)} title={title ?? t(`${K}.move_up`, names)} onClick={() => move(c, o, -1)}>
              <Icon name="arrowUp" size={16} />
            </button>
            <button
              type="button"
              className="bo-icon-btn"
              disabled={locked || i === c.offers.length - 1}
              aria-label={t(`${K}.move_down`, names)}
              title={title ?? t(`${K}.move_down`, names)}
              onClick={() => move(c, o, 1)}
            >
              <Icon name="chevronDown" size={16} />
            </button>
          </div>
        </td>
        <td data-label={t(`${K}.col.vendor`)}>
          <span className="bo-games__vendor">
            <img className="bo-games__logo" src={o.iconUrl} alt="" width={60} height={30} loading="lazy" />
            <span>
              <strong>{o.displayName}</strong>
              <span className="mc-sub">
                {o.vendor} · {t(`${K}.wallet.${o.walletType}`)}
              </span>
              {o.vendorStatus !== 'active' && <span className="mc-sub bo-games__platform">{t(`${K}.platform.${o.vendorStatus}`)}</span>}
            </span>
          </span>
        </td>
        <td data-label={t(`${K}.col.games`)} className="mc-num num">
          {formatWhole(o.games)}
        </td>
        <td data-label={t(`${K}.col.shown`)}>
          <StatusBadge status={SHOWN_TONE[o.shown]} label={t(`${K}.shown.${o.shown}`)} />
        </td>
        <td data-label={t(`${K}.col.enabled`)}>
          <label className="bo-switch" title={title}>
            <input type="checkbox" role="switch" className="bo-switch__input" checked={o.enabled} disabled={locked} aria-label={t(`${K}.enabled_named`, names)} onChange={() => flip(o, 'enabled')} />
            <span className="bo-switch__track" aria-hidden="true" />
            <span className="bo-switch__text" aria-hidden="true">
              <span className="bo-switch__hint">{t(o.enabled ? `${K}.on` : `${K}.off`)}</span>
            </span>
          </label>
        </td>
        <td data-label={t(`${K}.col.maintenance`)}>
          <label className="bo-switch bo-switch--warn" title={title}>
            <input type="checkbox" role="switch" className="bo-switch__input" checked={o.maintenance} disabled={locked} aria-label={t(`${K}.maintenance_named`, names)} onChange={() => flip(o, 'maintenance')} />
            <span className="bo-switch__track" aria-hidden="true" />
            <span className="bo-switch__text" aria-hidden="true">
              <span className="bo-switch__hint">{t(o.maintenance ? `${K}.on` : `${K}.off`)}</span>
            </span>
          </label>
        </td>
      </tr>
    );
  };

  const category = (c: OpsGameCategory) => {
    const counts = categoryCounts(c.offers);
    const headingId = `bo-games-${c.gameType}`;
    return (
      <section key={c.gameType} className="bo-panel bo-panel--flush bo-games__category" aria-labelledby={headingId}>
        <div className="bo-panel__bar bo-games__bar">
          <h2 className="bo-panel__title" id={headingId}>
            {categoryName(c.gameType)}
          </h2>
          <p className="bo-games__counts">
            <span>{t(`${K}.counts.live`, { count: counts.live })}</span>
            {counts.maintenance > 0 && <span className="bo-games__count--warn">{t(`${K}.counts.maintenance`, { count: counts.maintenance })}</span>}
            {counts.hidden > 0 && <span className="bo-faint">{t(`${K}.counts.hidden`, { count: counts.hidden })}</span>}
          </p>
        </div>
        <TableWrap cardsBelow={760} busy={list.isFetching || busy}>
          <table className="mc-table bo-table bo-games__table">
            <caption className="visually-hidden">{t(`${K}.caption`, { category: categoryName(c.gameType) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`${K}.col.order`)}</th>
                <th scope="col">{t(`${K}.col.vendor`)}</th>
                <th scope="col" className="mc-num">
                  {t(`${K}.col.games`)}
                </th>
                <th scope="col">{t(`${K}.col.shown`)}</th>
                <th scope="col">{t(`${K}.col.enabled`)}</th>
                <th scope="col">{t(`${K}.col.maintenance`)}</th>
              </tr>
            </thead>
            <tbody>{c.offers.map((o, i) => row(c, o, i))}</tbody>
          </table>
        </TableWrap>
      </section>
    );
  };

  return (
    <>
      <PageHead title={t(boPageTitleKey('games'))} lede={t(`${K}.lede`)} readOnly={!allowed} />
      <BoProblem error={failure} />
      <BoNotice message={notice} />
      {list.isPending ? (
        <BoLoading rows={6} />
      ) : list.isError ? (
        <BoError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.categories.length === 0 ? (
        <BoEmpty icon="gamepad" title={t(`${K}.none`)} text={t(`${K}.none_text`)} />
      ) : (
        list.data.categories.map(category)
      )}
      <DecisionDialog name="bo-games-confirm" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
