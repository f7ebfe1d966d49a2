import type { ArticleKind } from '@apsara/contracts';
import type { IconName } from './icons';

/** The icon of each game category, shared by the side menu, header and lobby. */
export const CATEGORY_ICONS: Record<string, IconName> = {
  RNG: 'slots',
  LIVE: 'cards',
  FISH: 'fish',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  PVP: 'spade',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  COCKFIGHT: 'rooster',
  BINGO: 'bingo',
  BGS: 'dice',
  INHOUSE: 'gem',
};

export const categoryIcon = (code: string): IconName => CATEGORY_ICONS[code] ?? 'gem';

/** The icon of each kind of article (Beginner Guide, Blog, News), shared by their pages, the member menu and the back office. */
export const ARTICLE_ICONS: Record<ArticleKind, IconName> = { guide: 'info', blog: 'chat', news: 'megaphone' };
