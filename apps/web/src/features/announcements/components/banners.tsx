import { useTranslation } from 'react-i18next';
import type { BannerGroup } from '@apsara/contracts';
import { closeModal } from '../../../components/ui/modal';
import { useBanners } from '../api/announcements';
import { BannerCarousel } from './banner-carousel';

/** The lobby's carousel (w_home): its place held while the banners load, gone when there are none. */
export const HomeBanners = () => {
  const { t } = useTranslation();
  const banners = useBanners('w_home');
  return <BannerCarousel banners={banners.data} loading={banners.isPending} label={t('lobby.bannersLabel')} />;
};

type Props = {
  group: Exclude<BannerGroup, 'w_home'>;
  /** The popup the banner sits in, closed when a banner is followed. */
  closes?: string;
  className?: string;
};

/** A small carousel of the login, register or side-menu banners; nothing when the site has none. */
export const GroupBanners = ({ group, closes, className }: Props) => {
  const { t } = useTranslation('announcements');
  const banners = useBanners(group);
  if (!banners.data?.length) return null;
  return <BannerCarousel banners={banners.data} label={t(`group.${group}`)} variant="compact" className={className} onFollow={closes ? () => closeModal(closes) : undefined} />;
};
