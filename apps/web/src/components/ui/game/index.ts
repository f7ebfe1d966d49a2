export { GameCard, GameTile, GameCardSkeletons } from './game-card';
export { GameGrid, GameModals } from './game-grid';
export { useGameActions, GAME_MODAL } from './use-game-actions';
export type { LaunchTarget } from './use-game-actions';
export * from './games-api';
export { useMenuCategories, menuCategories, isLargeMenu } from './menu-categories';
export type { MenuCategory } from './menu-categories';
export { GamePageFailed } from './game-page-state';
export { vendorTileLabel } from './vendor-label';
