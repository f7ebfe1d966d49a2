import { useTranslation } from 'react-i18next';
import type { GameCategoryCode } from '@apsara/contracts';
import { GameModals, GamePageFailed, GameTile, useGameActions, useVendorLanes, vendorTileLabel } from '../../components/ui/game';
import { Icon } from '../../components/ui/icons/icons';
import '../../components/ui/game/game-page.css';

type Props = { titleKey: string; category?: string };

const CENTER_TYPES: readonly GameCategoryCode[] = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'];

/** Game center for sports, e-sports, lottery, e-lottery and cockfight (spec §2): vendor tiles with PLAY NOW. */
const GameCenterPage = ({ titleKey, category = 'SPORTS' }: Props) => {
  const { t } = useTranslation();
  const gameType = (CENTER_TYPES as readonly string[]).includes(category) ? (category as GameCategoryCode) : 'SPORTS';
  const lanes = useVendorLanes();
  const { launch } = useGameActions();
  const vendors = lanes.data?.data.lanes.find((l) => l.gameType === gameType)?.vendors ?? [];
  const title = t(titleKey);
  return (
    <div className="gpage">
      <header className="gpage__head">
        <h1 className="gpage__title">{title}</h1>
        {lanes.data && <p className="gpage__count">{t('sections.providers', { count: vendors.length })}</p>}
      </header>
      {lanes.isError ? (
        <GamePageFailed onRetry={lanes.refetch} />
      ) : lanes.data && vendors.length === 0 ? (
        <div className="gpage__state">
          <Icon name={'gamepad'} size={28} />
          <p className="gpage__state-title">{t('gameUi.noVendors')}</p>
        </div>
      ) : (
        <ul className="gpage__tiles" aria-label={title} aria-busy={lanes.isPending || undefined}>
          {lanes.isPending
            ? Array.from({ length: 4 }, (_, i) => <li key={i} className="skeleton gpage__tile-skeleton" aria-hidden="true" />)
            : vendors.map((v) => (
                <li key={v.vendor}>
                  <GameTile
                    name={v.displayName}
                    caption={title}
                    imageUrl={v.iconUrl}
                    showPlay
                    maintenance={v.maintenance}
                    onOpen={() => launch({ kind: 'vendor', vendor: v.vendor, gameType, displayName: v.displayName })}
                    label={vendorTileLabel(t, 'gameUi.playVendor', v.displayName, gameType)}
                  />
                </li>
              ))}
        </ul>
      )}
      <GameModals />
    </div>
  );
};

export default GameCenterPage;
