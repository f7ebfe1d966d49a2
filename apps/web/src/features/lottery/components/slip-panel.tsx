import { useEffect, useId, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { LotteryFamily, LotterySlipValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { lockScroll, unlockScroll } from '../../../components/ui/modal';
import { hideOthers } from '../../../components/ui/modal/hide-others';
import type { DrawPhase } from '../logic/clock';
import { amountProblem, isClosedPick, oddsText, payoutMinor, slipTotals, stakeMinor, type OddsTable, type Selection } from '../logic/slip';
import type { SlipProblem } from '../hooks/use-place-slip';
import { useLotteryTexts } from './texts';

export type SlipPanelProps = {
  bets: Selection[];
  /** The draw the slip is for: the one it was started on, or null for whichever opens next. */
  drawNo: string | null;
  openDrawNo: string;
  phase: DrawPhase;
  odds: OddsTable;
  min: string;
  max: string;
  maxBets: number;
  symbol: string;
  /** The amount the chips are set to, for "use it for every bet". */
  chipAmount: string | null;
  onAmount: (index: number, amount: string) => void;
  onRemove: (index: number) => void;
  onClear: () => void;
  onApplyAll: (amount: string) => void;
  onPlace: () => void;
  /** Moves the slip to the draw now open (or the next to open), after a closed draw. */
  onMove: () => void;
  sending: boolean;
  problem: SlipProblem | null;
  /** The draw the server said was closed when this slip was sent. */
  closedDraw: string | null;
  /** Numbers the site has closed in this lottery: a bet holding one is marked and the slip cannot be placed. */
  closedNumbers?: readonly string[];
  placed: LotterySlipValue | null;
  /** On phones: a bottom sheet, collapsed to a bar until opened. */
  sheet: boolean;
  expanded: boolean;
  onExpand: (open: boolean) => void;
  full: boolean;
  /** The lottery's kind: a Vietnam slip has no top possible payout line (a Lô pays per hit, shown with its odds). */
  family?: LotteryFamily;
};

/**
 * The slip: the chosen bets with their amounts (each editable and checked), the total stake and the
 * most the slip can pay, remove and clear, and Place bets. A slip started on a draw that has since
 * closed is not moved silently: the member is told and moves it with one press.
 */
export const SlipPanel = (p: SlipPanelProps) => {
  const { t, bet: betName, money, amountError } = useLotteryTexts(p.symbol);
  const titleId = useId();
  const bodyId = useId();
  const totals = useMemo(() => slipTotals(p.bets, p.odds, p.min, p.max), [p.bets, p.odds, p.min, p.max]);
  const stale = p.closedDraw !== null || (p.drawNo !== null && p.drawNo !== p.openDrawNo);
  const staleDraw = p.closedDraw ?? p.drawNo;
  const target = p.drawNo ?? (p.phase === 'open' ? p.openDrawNo : null);
  const nextKnown = p.phase === 'open' && p.openDrawNo !== staleDraw;
  const closedNumbers = p.closedNumbers ?? [];
  const holdsClosed = p.bets.some((b) => isClosedPick(closedNumbers, b.pick));
  const canPlace = totals.valid && !holdsClosed && !p.sending && p.phase === 'open' && !stale;
  const { onExpand, sheet, expanded } = p;
  const sheetRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!sheet || !expanded || !sheetRef.current) return;
    // An open sheet holds the page still behind it, as the portal's popups do: no scrolling, and the page
    // is inert, so the keyboard and screen readers stay in the sheet until it closes.
    lockScroll();
    const restore = hideOthers(sheetRef.current);
    const bar = barRef.current;
    const root = sheetRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onExpand(false);
      if (e.key !== 'Tab') return;
      // Tab goes round inside the sheet, as in the portal's popups.
      const items = Array.from(root.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'));
      const [first, last] = [items[0], items[items.length - 1]];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      restore();
      unlockScroll();
      // Back to the bar that opened it, once the page can take focus again.
      requestAnimationFrame(() => bar?.focus({ preventScroll: true }));
    };
  }, [sheet, expanded, onExpand]);

  const placeLabel = p.sending ? t('slip.placing') : totals.count ? t('slip.place_total', { total: money(totals.stakeMinor) }) : t('slip.place');

  const body = (
    <div id={bodyId} className="lt-slip__body">
      <p className="lt-slip__draw num">{stale ? null : target ? t('slip.for_draw', { drawNo: target }) : t('slip.for_next')}</p>

      {stale && p.bets.length ? (
        <div className="lt-alert lt-alert--warn" role="alert">
          <p>{t(p.closedDraw !== null ? 'slip.closed' : 'slip.stale', { drawNo: staleDraw })}</p>
          <button type="button" className="btn btn--gold btn--sm" onClick={p.onMove}>
            {nextKnown ? t('slip.move_to', { drawNo: p.openDrawNo }) : t('slip.move_next')}
          </button>
        </div>
      ) : null}

      {p.bets.length === 0 ? (
        <div className="lt-slip__empty">
          <Icon name="receipt" size={26} />
          <p className="lt-slip__empty-title">{t('slip.empty_title')}</p>
          <p className="lt-muted">{p.family === 'vn' ? t('slip.empty_text_vn') : t('slip.empty_text')}</p>
        </div>
      ) : (
        <ul className="lt-slip__list">
          {p.bets.map((b, i) => {
            const name = betName(b);
            const local = amountProblem(b.amount, p.min, p.max);
            const limit = p.problem?.limits.find((l) => l.index === i);
            const overLimit = limit ? (limit.room === '0.00' ? t('slip.full', { pick: limit.pick }) : t('slip.limit', { pick: limit.pick, amount: money(limit.room) })) : null;
            const shut = isClosedPick(closedNumbers, b.pick) ? t('slip.number_closed', { pick: b.pick }) : null;
            const error = shut ?? (local ? amountError(local) : (overLimit ?? p.problem?.byBet[i] ?? null));
            const pays = local ? null : payoutMinor(stakeMinor(b.amount), p.odds[b.kind]);
            return (
              <li key={`${b.kind}:${b.position}:${b.pick}`} className={`lt-slip__item${error ? ' is-invalid' : ''}`}>
                <div className="lt-slip__bet">
                  <span className="lt-slip__name">{name}</span>
                  <span className="lt-slip__odds num">×{oddsText(p.odds[b.kind])}</span>
                </div>
                <label className="lt-slip__amount">
                  <span className="visually-hidden">{t('slip.amount_of', { bet: name })}</span>
                  <span aria-hidden="true" className="lt-slip__symbol">
                    {p.symbol}
                  </span>
                  <input
                    className="num"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={b.amount}
                    onChange={(e) => p.onAmount(i, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${bodyId}-e${i}` : undefined}
                  />
                </label>
                <button type="button" className="lt-icon-btn" onClick={() => p.onRemove(i)} aria-label={t('slip.remove', { bet: name })}>
                  <Icon name="close" size={16} />
                </button>
                {error ? (
                  <p id={`${bodyId}-e${i}`} className="lt-field-error lt-slip__error">
                    {error}
                  </p>
                ) : pays !== null ? (
                  <p className="lt-slip__pays lt-muted num">{b.kind === 'lo2' ? t('slip.pays_hit', { amount: money(pays) }) : t('slip.pays', { amount: money(pays) })}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {p.bets.length ? (
        <div className="lt-slip__tools">
          {p.chipAmount ? (
            <button type="button" className="btn btn--quiet btn--sm" onClick={() => p.onApplyAll(p.chipAmount!)}>
              {t('slip.apply_all', { amount: money(p.chipAmount) })}
            </button>
          ) : null}
          <button type="button" className="btn btn--quiet btn--sm" onClick={p.onClear}>
            <Icon name="trash" size={14} />
            {t('slip.clear')}
          </button>
        </div>
      ) : null}

      {p.full ? (
        <p className="lt-alert lt-alert--info" role="status">
          {t('slip.full', { max: p.maxBets })}
        </p>
      ) : null}

      <dl className="lt-slip__totals">
        <div>
          <dt>{t('slip.total')}</dt>
          <dd className="num">{money(totals.stakeMinor)}</dd>
        </div>
        {p.family === 'vn' ? null : (
          <div>
            <dt>{t('slip.top')}</dt>
            <dd className="num lt-slip__top">{money(totals.topPayoutMinor)}</dd>
          </div>
        )}
      </dl>

      {p.problem?.message || (p.problem && p.problem.code === 'UNKNOWN') ? (
        <div className="lt-alert lt-alert--error" role="alert">
          <p>{p.problem.message ?? t('slip.failed')}</p>
          {p.problem.funds ? (
            <Link className="btn btn--gold btn--sm" to="/member/depositv2">
              <Icon name="deposit" size={14} />
              {t('slip.deposit')}
            </Link>
          ) : null}
        </div>
      ) : null}

      {p.phase !== 'open' && !stale && p.bets.length ? (
        <p className="lt-alert lt-alert--info" role="status">
          {t('slip.wait_next')}
        </p>
      ) : null}

      <button type="button" className="btn btn--gold btn--block lt-slip__place" onClick={p.onPlace} disabled={!canPlace} aria-busy={p.sending || undefined}>
        {p.sending ? <span className="mc-spinner" aria-hidden="true" /> : <Icon name="check" size={18} />}
        {placeLabel}
      </button>

      <div className="lt-slip__placed" role="status">
        {p.placed ? (
          <p className="lt-alert lt-alert--ok">
            {t('slip.placed', { number: p.placed.number, drawNo: p.placed.drawNo, stake: money(p.placed.stake) })}
          </p>
        ) : null}
      </div>
    </div>
  );

  if (!sheet) {
    return (
      <section className="lt-slip" aria-labelledby={titleId}>
        <header className="lt-slip__head">
          <h2 id={titleId} className="lt-section-title">
            {t('slip.title')}
          </h2>
          <span className="lt-count num" aria-label={t('slip.count_label', { n: totals.count, max: p.maxBets })}>
            {t('slip.count', { n: totals.count, max: p.maxBets })}
          </span>
        </header>
        {body}
      </section>
    );
  }

  // Into the body: the page's container (size containment) would otherwise pin the sheet to itself, not the screen.
  return createPortal(
    <div ref={sheetRef} className="lt-sheet-root">
      {expanded ? <div className="lt-sheet-backdrop" aria-hidden="true" onClick={() => onExpand(false)} /> : null}
      <section className={`lt-slip lt-slip--sheet${expanded ? ' is-open' : ''}`} aria-labelledby={titleId} role={expanded ? 'dialog' : undefined} aria-modal={expanded || undefined}>
        <button ref={barRef} type="button" className="lt-slip__bar" aria-expanded={expanded} aria-controls={bodyId} onClick={() => onExpand(!expanded)}>
          <span className="lt-slip__grip" aria-hidden="true" />
          <span id={titleId} className="lt-section-title">
            {t('slip.title')}
          </span>
          <span className="lt-count num">{t('slip.count', { n: totals.count, max: p.maxBets })}</span>
          <span className="lt-slip__bar-total num">{money(totals.stakeMinor)}</span>
          <Icon name="chevronDown" size={18} />
        </button>
        {expanded ? body : null}
        {!expanded && p.placed ? (
          <p className="visually-hidden" role="status">
            {t('slip.placed', { number: p.placed.number, drawNo: p.placed.drawNo, stake: money(p.placed.stake) })}
          </p>
        ) : null}
      </section>
    </div>,
    document.body,
  );
};
