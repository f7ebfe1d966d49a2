import { Link } from 'react-router';
import type { LotteryGame, LotteryGameCode, LotteryGamesValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { useDrawPhase } from '../hooks/use-clock';
import type { LotteryTab } from '../logic/view';
import { Countdown } from './countdown';
import { DigitBalls } from './digit-balls';
import { GameArt } from './game-art';
import { useLotteryTexts } from './texts';

type Props = {
  games: LotteryGamesValue;
  offset: number;
  /** The address of a lottery's tab, on the page's own path (/lottery, /seaLottery …). */
  hrefOf: (game: LotteryGameCode, tab?: LotteryTab) => string;
};

/** The lobby: each lottery as a card with its open draw's countdown, its last result and the ways in. */
export const Lobby = ({ games, offset, hrefOf }: Props) => {
  const { t } = useLotteryTexts();
  return (
    <div className="lt-lobby">
      <ul className="lt-lobby__grid">
        {games.items.map((game) => (
          <li key={game.code}>
            <GameCard game={game} offset={offset} hrefOf={hrefOf} />
          </li>
        ))}
      </ul>
      <section className="lt-steps" aria-labelledby="lt-steps-title">
        <h2 id="lt-steps-title" className="lt-steps__title">
          {t('lobby.how')}
        </h2>
        <ol className="lt-steps__list">
          {(['pick', 'place', 'check'] as const).map((step, i) => (
            <li key={step} className="lt-steps__item">
              <span className="lt-steps__n num" aria-hidden="true">
                {i + 1}
              </span>
              <span>
                <strong>{t(`lobby.step_${step}`)}</strong>
                <span className="lt-muted">{step === 'pick' && games.items[0]?.family === 'vn' ? t('lobby.step_pick_text_vn') : t(`lobby.step_${step}_text`)}</span>
              </span>
            </li>
          ))}
        </ol>
        <Link className="btn btn--ghost btn--sm" to={hrefOf(games.items[0]?.code ?? 'FAST5D', 'rules')}>
          <Icon name="info" size={16} />
          {t('lobby.rules')}
        </Link>
      </section>
    </div>
  );
};

const GameCard = ({ game, offset, hrefOf }: { game: LotteryGame; offset: number; hrefOf: Props['hrefOf'] }) => {
  const { t, result, facts, interval } = useLotteryTexts();
  const localize = useLocalize();
  const phase = useDrawPhase(game.open, offset);
  const name = localize(game.name);
  const titleId = `lt-card-${game.code}`;
  return (
    <article className={`lt-card lt-card--${game.code.toLowerCase()}`} aria-labelledby={titleId}>
      <div className="lt-card__banner">
        <GameArt code={game.code} className="lt-card__art" />
        <div className="lt-card__heading">
          <span className="lt-chip">
            <Icon name="clock" size={14} />
            {t('lobby.every', { interval: interval(game.intervalSeconds) })}
          </span>
          <h2 id={titleId} className="lt-card__title">
            {name}
          </h2>
        </div>
      </div>
      <div className="lt-card__body">
        <div className="lt-card__draw">
          <span className="lt-muted num">{t('game.draw', { drawNo: game.open.drawNo })}</span>
          <Countdown draw={game.open} phase={phase} offset={offset} bar />
        </div>
        <div className="lt-card__last">
          <span className="lt-muted">{game.last ? t('lobby.last', { drawNo: game.last.drawNo }) : t('lobby.no_last')}</span>
          <DigitBalls digits={game.last?.result ?? null} label={result(game.last?.result ?? null)} size="sm" pending={!game.last?.result} />
          {game.last?.result ? <span className="lt-facts num">{facts(game.last.result)}</span> : null}
        </div>
        <div className="lt-card__actions">
          <Link className="btn btn--gold" to={hrefOf(game.code)} aria-label={t('lobby.play_name', { name })}>
            <Icon name="play" size={16} />
            {t('lobby.play')}
          </Link>
          <Link className="btn btn--ghost" to={hrefOf(game.code, 'results')} aria-label={t('lobby.results_name', { name })}>
            <Icon name="history" size={16} />
            {t('lobby.results')}
          </Link>
        </div>
      </div>
    </article>
  );
};

/** Two card outlines while the lotteries load. */
export const LobbySkeleton = () => {
  const { t } = useLotteryTexts();
  return (
    <div className="lt-lobby__grid lt-lobby__grid--skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      {[0, 1].map((i) => (
        <div key={i} className="lt-card lt-card--skeleton" aria-hidden="true">
          <div className="skeleton lt-skel-banner" />
          <div className="lt-card__body">
            <div className="skeleton lt-skel-line" />
            <div className="skeleton lt-skel-balls" />
            <div className="skeleton lt-skel-line lt-skel-line--short" />
          </div>
        </div>
      ))}
    </div>
  );
};
