import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { BANNER, type BannerItem } from '@apsara/contracts';
import { useLocalize } from '../../../i18n/use-localize';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { imageSource, linkTarget } from '../logic/links';
import { AnnouncementLink } from './announcement-link';
import { BannerArt } from './banner-art';
import './banner-carousel.css';

export type BannerVariant = 'hero' | 'compact';

type SlideProps = { banner: BannerItem; compact: boolean; eager: boolean; onFollow?: () => void };

/**
 * One banner: the operator's picture, else the portal's drawn art (an art banner whose picture fails
 * to load keeps its art), with the texts over it. The compact banner (login, register, side menu) shows
 * the eyebrow and title only.
 */
const BannerSlide = ({ banner, compact, eager, onFollow }: SlideProps) => {
  const localize = useLocalize();
  const [broken, setBroken] = useState(false);
  const title = localize(banner.title);
  const target = linkTarget(banner.url, banner.linkageType);
  const image = broken ? null : imageSource(banner.imageUrl);
  return (
    <AnnouncementLink target={target} className={`banner${image ? ' banner--image' : ''}`} label={title} onFollow={onFollow}>
      {banner.art && <BannerArt variant={banner.art} />}
      {image && <img className="banner__image" src={image} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setBroken(true)} />}
      <span className="banner__text">
        {banner.eyebrow && <span className="banner__eyebrow">{localize(banner.eyebrow)}</span>}
        <span className="banner__title">{title}</span>
        {!compact && banner.subtitle && <span className="banner__subtitle">{localize(banner.subtitle)}</span>}
        {!compact && target && banner.cta && <span className="banner__cta btn btn--gold">{localize(banner.cta)}</span>}
      </span>
    </AnnouncementLink>
  );
};

type Props = {
  banners: readonly BannerItem[] | undefined;
  /** While the banners load, the carousel's place is held so the page below does not jump. */
  loading?: boolean;
  /** Names the carousel region. */
  label: string;
  variant?: BannerVariant;
  /** Runs when a banner is followed (the popup the carousel sits in closes). */
  onFollow?: () => void;
  className?: string;
};

/**
 * Banner carousel of spec §9: loops only with more than one banner, autoplays every 5000 ms with a
 * 1000 ms transition and 20.3 px spacing, clickable pagination. Reduced motion stops the autoplay.
 * Nothing at all without banners (none, or the call failed).
 */
export const BannerCarousel = ({ banners, loading = false, label, variant = 'hero', onFollow, className }: Props) => {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const classes = ['banner-carousel', `banner-carousel--${variant}`, className].filter(Boolean).join(' ');
  if (loading) {
    return (
      <div className={`${classes} banner-carousel--loading`} aria-hidden="true">
        <div className="banner-carousel__placeholder skeleton" />
      </div>
    );
  }
  if (!banners?.length) return null;
  const several = banners.length > 1;
  return (
    <section className={classes} aria-roledescription="carousel" aria-label={label}>
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        loop={several}
        speed={BANNER.transitionMs}
        spaceBetween={BANNER.spaceBetween}
        slidesPerView={1}
        autoplay={several && !reduced ? { delay: BANNER.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        pagination={several ? { clickable: true } : false}
        a11y={{
          enabled: true,
          prevSlideMessage: t('lobby.carousel.prev'),
          nextSlideMessage: t('lobby.carousel.next'),
          paginationBulletMessage: t('lobby.carousel.goTo', { index: '{{index}}' }),
          slideLabelMessage: t('lobby.carousel.slide', { index: '{{index}}', count: '{{slidesLength}}' }),
        }}
      >
        {banners.map((banner, i) => (
          <SwiperSlide key={banner.id}>
            <BannerSlide banner={banner} compact={variant === 'compact'} eager={i === 0} onFollow={onFollow} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
};
