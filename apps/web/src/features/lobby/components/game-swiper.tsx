import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Grid, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/navigation';
import type { GameItem } from '@apsara/contracts';
import { GameCard, GameCardSkeletons, useFavoriteIds, useGameActions } from '../../../components/ui/game';
import './game-swiper.css';

type Props = { games: readonly GameItem[]; loading?: boolean; label: string; currencySymbol: string; rows?: 1 | 2 };

/**
 * A swiper of game cards: six per view in two rows on desktop (spec §9), fewer on smaller screens.
 * Arrow buttons page it; every card stays reachable by Tab.
 */
export const GameSwiper = ({ games, loading, label, currencySymbol, rows = 2 }: Props) => {
  const { t } = useTranslation();
  const favorites = useFavoriteIds();
  const { launch, toggleFavorite } = useGameActions();
  if (loading) {
    return (
      <ul className="game-swiper__skeleton" aria-label={label} aria-busy="true">
        <GameCardSkeletons count={6} />
      </ul>
    );
  }
  const twoRows = rows === 2 && games.length > 6;
  return (
    <div className="game-swiper">
      <Swiper
        modules={[A11y, Grid, Navigation]}
        spaceBetween={12}
        slidesPerView={2}
        slidesPerGroup={2}
        grid={{ rows: 1, fill: 'row' }}
        breakpoints={{
          600: { slidesPerView: 3, slidesPerGroup: 3, grid: { rows: 1, fill: 'row' } },
          1024: { slidesPerView: 6, slidesPerGroup: 6, grid: { rows: twoRows ? 2 : 1, fill: 'row' } },
        }}
        navigation
        watchOverflow
        a11y={{ prevSlideMessage: t('gameUi.prevPage'), nextSlideMessage: t('gameUi.nextPage') }}
      >
        {games.map((game) => (
          <SwiperSlide key={game.nodeId}>
            <GameCard
              game={game}
              isFavorite={favorites.data?.has(game.nodeId) ?? false}
              currencySymbol={currencySymbol}
              onPlay={(g) => launch({ kind: 'game', game: g })}
              onToggleFavorite={toggleFavorite}
            />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
};
