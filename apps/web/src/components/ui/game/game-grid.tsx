import { useTranslation } from 'react-i18next';
import type { GameItem } from '@apsara/contracts';
import { currencySymbolOf, useSiteConfigValue } from '../../../lib/site-config';
import { Modal, closeModal, useModal } from '../modal';
import { GameCard, GameCardSkeletons } from './game-card';
import { useFavoriteIds, useGamesInLanguage, useVassGames } from './games-api';
import { GAME_MODAL, useGameActions, type MaintenanceProps, type SublistProps } from './use-game-actions';

type GridProps = {
  games: readonly GameItem[];
  loading?: boolean;
  skeletons?: number;
  /** Names the list for assistive technology. */
  label: string;
  className?: string;
};

/** A grid of game cards with favorites and launches wired up. */
export const GameGrid = ({ games, loading, skeletons = 12, label, className }: GridProps) => {
  const config = useSiteConfigValue();
  const favorites = useFavoriteIds();
  const { launch, toggleFavorite } = useGameActions();
  const symbol = currencySymbolOf(config);
  return (
    <ul className={`game-grid ${className ?? ''}`} aria-label={label} aria-busy={loading || undefined}>
      {loading ? (
        <GameCardSkeletons count={skeletons} />
      ) : (
        games.map((game) => (
          <li key={game.nodeId}>
            <GameCard
              game={game}
              isFavorite={favorites.data?.has(game.nodeId) ?? false}
              currencySymbol={symbol}
              onPlay={(g) => launch({ kind: 'game', game: g })}
              onToggleFavorite={toggleFavorite}
            />
          </li>
        ))
      )}
    </ul>
  );
};

const SublistModal = () => {
  const { t } = useTranslation();
  const { open, props } = useModal<SublistProps>(GAME_MODAL.sublist);
  const query = useVassGames(open && !props.games ? props.vendor : undefined, props.vassalage);
  const games = props.games ?? query.data?.games ?? [];
  return (
    <Modal name={GAME_MODAL.sublist} title={props.title} size="lg" className="game-modal">
      {query.isError ? (
        <p className="game-modal__text" role="alert">
          {t('gameUi.loadFailed')}
        </p>
      ) : (
        <GameGrid games={games} loading={!props.games && query.isPending} skeletons={8} label={props.title ?? ''} className="game-grid--compact" />
      )}
    </Modal>
  );
};

const MaintenanceModal = () => {
  const { t } = useTranslation();
  const { props } = useModal<MaintenanceProps>(GAME_MODAL.maintenance);
  // Named in the language on screen: after a switch they are looked up again in the new one.
  const suggestions = useGamesInLanguage(props.suggestions ?? [], props.lang);
  return (
    <Modal name={GAME_MODAL.maintenance} title={t('gameUi.maintenanceTitle')} size="lg" className="game-modal">
      <p className="game-modal__text">{t('gameUi.maintenanceText')}</p>
      {suggestions.length > 0 ? (
        <>
          <h3 className="game-modal__sub">{t('gameUi.tryInstead')}</h3>
          <div
            onClickCapture={(e) => {
              if ((e.target as HTMLElement).closest('.game-card__play')) closeModal(GAME_MODAL.maintenance);
            }}
          >
            <GameGrid games={suggestions} label={t('gameUi.tryInstead')} className="game-grid--compact" />
          </div>
        </>
      ) : null}
    </Modal>
  );
};

/** The game popups (VASSALAGE sub-list, maintenance suggestions); mount once per page that launches. */
export const GameModals = () => (
  <>
    <SublistModal />
    <MaintenanceModal />
  </>
);
