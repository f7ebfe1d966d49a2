import { useEffect, useRef, useState } from 'react';
import { toMinor, type LotteryGame, type LotterySlip } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { resultPending, serverNow, type DrawPhase } from '../logic/clock';
import { Countdown } from './countdown';
import { DigitBalls, ROLL_MS } from './digit-balls';
import { ResultAnnouncement, type HeardDraw } from './result-announcement';
import { SlipStatus } from './slip-status';
import { useLotteryTexts } from './texts';

type Props = {
  game: LotteryGame;
  name: string;
  phase: DrawPhase;
  offset: number;
  /** The member's latest slips of this lottery (none for visitors). */
  slips: readonly LotterySlip[] | undefined;
  symbol: string;
  /** Told which draw's balls are rolling (null once they have landed), so other views can hold that result back. */
  onRolling?: (drawNo: string | null) => void;
};

/**
 * The head of a lottery: the open draw and its countdown, and the latest result. When a new result
 * arrives the balls roll into place one after the other (held still for people who ask for less
 * motion), it is announced, and the member's slips on that draw show won or lost with their payout
 * once the draw job has settled them.
 */
export const DrawStage = ({ game, name, phase, offset, slips, symbol, onRolling }: Props) => {
  const { t, result, facts, money } = useLotteryTexts(symbol);
  const still = useReducedMotion();
  const last = game.last;
  const lastNo = last?.drawNo ?? null;
  const seen = useRef(lastNo);
  const [rolling, setRolling] = useState<string | null>(null);
  // The draw to announce, not its sentence: the sentence follows the language on screen.
  const [heard, setHeard] = useState<HeardDraw | null>(null);

  useEffect(() => {
    if (lastNo === seen.current) return;
    seen.current = lastNo;
    if (!lastNo || !last?.result) return;
    const draw = { drawNo: lastNo, result: last.result };
    if (still) {
      setHeard(draw);
      return;
    }
    setRolling(lastNo);
    onRolling?.(lastNo);
    const id = setTimeout(() => {
      setRolling(null);
      onRolling?.(null);
      setHeard(draw);
    }, ROLL_MS);
    return () => clearTimeout(id);
  }, [lastNo]); // eslint-disable-line react-hooks/exhaustive-deps -- once per new result

  // The open draw the page showed before this one: its number names the draw being drawn.
  const shown = useRef(game.open);
  const before = useRef<LotteryGame['open'] | null>(null);
  if (shown.current.drawNo !== game.open.drawNo) {
    before.current = shown.current;
    shown.current = game.open;
  }
  // Past a draw time with no new result yet: the balls wait as question marks until it lands.
  const waiting = phase === 'drawing' || resultPending(game, serverNow(offset));
  const drawingNo = phase === 'drawing' ? game.open.drawNo : before.current && Date.parse(before.current.drawAt) === Date.parse(game.open.opensAt) ? before.current.drawNo : null;
  const waitingText = drawingNo ? t('reveal.drawing', { drawNo: drawingNo }) : t('phase.drawing');
  const mine = lastNo ? (slips ?? []).filter((s) => s.drawNo === lastNo) : [];
  const onOpen = (slips ?? []).filter((s) => s.drawNo === game.open.drawNo);
  const settling = mine.some((s) => s.status === 'pending');
  const paid = mine.reduce((sum, s) => sum + toMinor(s.payout), 0n);
  const staked = mine.reduce((sum, s) => sum + toMinor(s.stake), 0n);

  return (
    <section className={`lt-stage lt-stage--${game.code.toLowerCase()}`} aria-labelledby="lt-stage-title">
      <div className="lt-stage__draw">
        <h1 className="lt-eyebrow">{name}</h1>
        <h2 id="lt-stage-title" className="lt-stage__title num">
          {t('game.draw', { drawNo: game.open.drawNo })}
        </h2>
        <Countdown draw={game.open} phase={phase} offset={offset} size="lg" bar />
        {onOpen.length ? (
          <p className="lt-stage__mine num">
            <Icon name="receipt" size={14} />
            {t('reveal.on_open', { slips: onOpen.length, stake: money(onOpen.reduce((s, x) => s + toMinor(x.stake), 0n)) })}
          </p>
        ) : null}
      </div>

      <div className="lt-stage__result">
        <p className="lt-eyebrow">{waiting ? waitingText : last ? t('lobby.last', { drawNo: last.drawNo }) : t('lobby.no_last')}</p>
        {waiting ? (
          <DigitBalls digits={null} label={waitingText} size="lg" pending />
        ) : (
          <DigitBalls key={lastNo ?? 'none'} digits={last?.result ?? null} label={result(last?.result ?? null)} size="lg" rolling={rolling === lastNo && lastNo !== null} pending={!last?.result} />
        )}
        {!waiting && last?.result && rolling !== lastNo ? <p className="lt-facts num">{facts(last.result)}</p> : <p className="lt-facts" aria-hidden="true">&nbsp;</p>}
        <ResultAnnouncement draw={heard} />
      </div>

      {mine.length && rolling !== lastNo && !waiting ? (
        <div className={`lt-outcome${settling ? '' : paid > 0n ? ' lt-outcome--won' : ' lt-outcome--lost'}`} role="status">
          <p className="lt-outcome__title">
            {settling ? (
              <>
                <span className="mc-spinner" aria-hidden="true" />
                {t('reveal.settling', { drawNo: lastNo })}
              </>
            ) : paid > 0n && paid >= staked ? (
              <>
                <Icon name="trophy" size={18} />
                {t('reveal.won', { amount: money(paid), drawNo: lastNo })}
              </>
            ) : paid > 0n ? (
              // Some bets won but paid back less than the slips staked: no "you won" for a loss.
              t('reveal.returned', { amount: money(paid), stake: money(staked), drawNo: lastNo })
            ) : (
              t('reveal.lost', { drawNo: lastNo })
            )}
          </p>
          <ul className="lt-outcome__list">
            {mine.map((s) => (
              <li key={s.id} className="num">
                <span>{s.number}</span>
                <span className="lt-muted">{t('reveal.stake', { stake: money(s.stake) })}</span>
                <SlipStatus slip={s} />
                {s.status === 'won' ? <strong className="lt-win">{money(s.payout)}</strong> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
};
