import type { LotteryGameCode } from '@apsara/contracts';
import { useLotteryDraws } from '../api/lottery';
import { DigitBalls } from './digit-balls';
import { useLotteryTexts } from './texts';

/** How many recent results the strip shows. */
const STRIP = 10;

/**
 * The latest results in a row (sideways scroll on phones), newest first. A result whose balls are
 * still rolling on the stage waits here until they land, so the strip does not give it away.
 */
export const ResultsStrip = ({ gameCode, holdBack = null }: { gameCode: LotteryGameCode; holdBack?: string | null }) => {
  const { t, result, facts } = useLotteryTexts();
  const draws = useLotteryDraws(gameCode, 1);
  const items = (draws.data?.items ?? []).filter((d) => d.result && d.drawNo !== holdBack).slice(0, STRIP);
  return (
    <section className="lt-strip" aria-labelledby="lt-strip-title">
      <h2 id="lt-strip-title" className="lt-strip__title">
        {t('results.recent')}
      </h2>
      {draws.isPending ? (
        <div className="lt-strip__list" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="skeleton lt-strip__skel" />
          ))}
        </div>
      ) : draws.isError ? (
        <p className="lt-muted">
          {t('results.strip_failed')}{' '}
          <button type="button" className="lt-link" onClick={() => void draws.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="lt-muted">{t('results.empty_title')}</p>
      ) : (
        <ol className="lt-strip__list">
          {items.map((d) => (
            <li key={d.drawNo} className="lt-strip__item" title={facts(d.result!)}>
              <span className="lt-strip__no num">{t('results.short', { no: d.drawNo.slice(-4) })}</span>
              <DigitBalls digits={d.result} label={t('results.strip_item', { drawNo: d.drawNo, result: result(d.result) })} size="xs" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
