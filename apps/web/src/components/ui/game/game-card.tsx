import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '@apsara/contracts';
import { formatAmount } from '../../../lib/format';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { Icon } from '../icons/icons';
import { COUNTER_EVERY_MS, counterCentsAt, counterStartCents } from './game-logic';
import './game-card.css';

/** The running number of a card: +165.11 every 3000 ms from a per-game figure (spec §9). */
const useRunningCents = (nodeId: number) => {
  const [start] = useState(() => ({ cents: counterStartCents(nodeId), at: Date.now() }));
  const [cents, setCents] = useState(start.cents);
  useEffect(() => {
    const id = setInterval(() => setCents(counterCentsAt(start.cents, Date.now() - start.at)), COUNTER_EVERY_MS);
    return () => clearInterval(id);
  }, [start]);
  return cents;
};

type CardProps = {
  game: GameItem;
  isFavorite: boolean;
  currencySymbol: string;
  onPlay: (game: GameItem) => void;
  onToggleFavorite: (game: GameItem, isFavorite: boolean) => void;
};

/**
 * A game card (spec §2): favorite toggle, vendor display name, Hot badge, game name, running number
 * with the currency symbol, image and the 'in_immediate_game' play button.
 */
export const GameCard = ({ game, isFavorite, currencySymbol, onPlay, onToggleFavorite }: CardProps) => {
  const { t } = useTranslation();
  const cents = useRunningCents(game.nodeId);
  const reduced = useReducedMotion();
  const [broken, setBroken] = useState(false);
  return (
    <article className={`game-card${game.maintenance ? ' game-card--maintenance' : ''}`} data-testid="game-card" aria-label={game.gameName}>
      <div className="game-card__media">
        {broken ? (
          <span className="game-card__fallback" aria-hidden="true">
            {game.gameName.slice(0, 2)}
          </span>
        ) : (
          <img src={game.iconUrl} alt={game.gameName} loading="lazy" decoding="async" width={300} height={300} onError={() => setBroken(true)} />
        )}
        {game.isHot === 1 && <span className="game-card__hot">{t('gameUi.hot')}</span>}
        {game.maintenance && <span className="game-card__maint">{t('gameUi.maintenance')}</span>}
        <button
          type="button"
          className={`game-card__fav${isFavorite ? ' is-on' : ''}`}
          aria-pressed={isFavorite}
          aria-label={t(isFavorite ? 'gameUi.unfavorite' : 'gameUi.favorite', { name: game.gameName })}
          onClick={() => onToggleFavorite(game, isFavorite)}
        >
          <Icon name="heart" size={16} />
        </button>
        <span className="game-card__overlay">
          <button type="button" className="btn btn--gold btn--sm game-card__play" onClick={() => onPlay(game)} aria-label={t('gameUi.playGame', { name: game.gameName })}>
            <Icon name="play" size={14} />
            {t('gameUi.in_immediate_game')}
          </button>
        </span>
      </div>
      <div className="game-card__body">
        <span className="game-card__vendor">{game.displayName}</span>
        <h3 className="game-card__name" title={game.gameName}>
          {game.gameName}
        </h3>
        <p className={`game-card__counter num${reduced ? '' : ' is-live'}`} aria-label={t('gameUi.counter')}>
          {formatAmount(cents, { minorUnits: true, symbol: currencySymbol })}
        </p>
      </div>
    </article>
  );
};

type TileProps = {
  name: string;
  imageUrl: string;
  caption?: string;
  /** Every type except slots shows PLAY NOW (spec §2). */
  showPlay: boolean;
  maintenance?: boolean;
  onOpen: () => void;
  /** Accessible name of the tile's button. */
  label: string;
};

/** A simple tile (spec §2): image and display name; clicking it launches the vendor. */
export const GameTile = ({ name, imageUrl, caption, showPlay, maintenance, onOpen, label }: TileProps) => {
  const { t } = useTranslation();
  return (
    <button type="button" className={`game-tile${maintenance ? ' game-tile--maintenance' : ''}`} onClick={onOpen} aria-label={label}>
      <span className="game-tile__media">
        <img src={imageUrl} alt="" loading="lazy" decoding="async" width={240} height={120} />
        {maintenance && <span className="game-card__maint">{t('gameUi.maintenance')}</span>}
      </span>
      <span className="game-tile__foot">
        <span className="game-tile__name">
          <strong>{name}</strong>
          {caption && <span>{caption}</span>}
        </span>
        {showPlay && <span className="game-tile__play">{t('gameUi.playNow')}</span>}
      </span>
    </button>
  );
};

/** Grid placeholders while a list loads. */
export const GameCardSkeletons = ({ count }: { count: number }) => (
  <>
    {Array.from({ length: count }, (_, i) => (
      <li key={i} className="game-card game-card--skeleton" aria-hidden="true">
        <span className="skeleton game-card__media" />
        <span className="game-card__body">
          <span className="skeleton game-card__line" />
          <span className="skeleton game-card__line game-card__line--short" />
        </span>
      </li>
    ))}
  </>
);
