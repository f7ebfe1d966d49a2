import { useTranslation } from 'react-i18next';
import { artKindOf } from '../../components/ui/art/category-art';
import { VendorLogo } from '../../components/ui/art/vendor-logo';
import { ComingSoon } from '../../components/ui/coming-soon/coming-soon';
import { GAME_CATEGORIES } from '../../data/game-categories';

type Props = { titleKey: string; category?: string };

/** Game center for sports, e-sports, lottery, e-lottery and cockfight (spec §2). */
const GameCenterPage = ({ titleKey, category = 'SPORTS' }: Props) => {
  const { t } = useTranslation();
  const vendors = GAME_CATEGORIES.find((c) => c.code === category)?.vendors ?? [];
  const upcomingKey = category === 'SPORTS' || category === 'ESPORTS' ? 'sections.gameCenter.upcomingSports' : 'sections.gameCenter.upcoming';
  return (
    <ComingSoon
      title={t(titleKey)}
      art={artKindOf(category)}
      description={t('sections.gameCenter.text', { category: t(titleKey) })}
      upcoming={t(upcomingKey, { returnObjects: true }) as string[]}
    >
      {vendors.length > 0 && (
        <div style={{ display: 'flex', gap: 'var(--sp-2)', marginTop: 'var(--sp-5)', flexWrap: 'wrap' }}>
          {vendors.map((vendor) => (
            <VendorLogo key={vendor} vendor={vendor} width={84} label={vendor} />
          ))}
        </div>
      )}
    </ComingSoon>
  );
};

export default GameCenterPage;
