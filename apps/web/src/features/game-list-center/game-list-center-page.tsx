import { useTranslation } from 'react-i18next';
import { artKindOf } from '../../components/ui/art/category-art';
import { VendorLogo } from '../../components/ui/art/vendor-logo';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';
import { GAME_CATEGORIES } from '../../data/game-categories';
import './game-list-center.css';

type Props = { titleKey: string; category?: string };

/**
 * Game list center for live, fishing, slots, PVP, mini games and bingo (spec §2). Until the game list
 * call lands it shows the category's providers and what is coming.
 */
const GameListCenterPage = ({ titleKey, category = 'RNG' }: Props) => {
  const { t } = useTranslation();
  const vendors = GAME_CATEGORIES.find((c) => c.code === category)?.vendors ?? [];
  return (
    <ComingSoon
      title={t(titleKey)}
      art={artKindOf(category)}
      description={t('sections.gameList.text', { category: t(titleKey) })}
      upcoming={t(category === 'RNG' ? 'sections.gameList.upcomingSlots' : 'sections.gameList.upcoming', { returnObjects: true }) as string[]}
    >
      {vendors.length > 0 && (
        <div className="provider-strip">
          <h2 className="provider-strip__title">{t('sections.providers', { count: vendors.length })}</h2>
          <ul className="provider-strip__list">
            {vendors.map((vendor) => (
              <li key={vendor}>
                <VendorLogo vendor={vendor} width={84} label={vendor} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </ComingSoon>
  );
};

export default GameListCenterPage;
