import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { BANNER } from '@apsara/contracts';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import type { Banner } from '../data/lobby-content';
import { BannerArt } from './banner-art';
import './banner-carousel.css';

const BannerSlide = ({ banner }: { banner: Banner }) => {
  const { t } = useTranslation();
  const title = t(`${banner.textKey}.title`);
  const body = (
    <>
      <BannerArt variant={banner.art} />
      <span className="banner__text">
        <span className="banner__eyebrow">{t(`${banner.textKey}.eyebrow`)}</span>
        <span className="banner__title">{title}</span>
        <span className="banner__subtitle">{t(`${banner.textKey}.subtitle`)}</span>
        <span className="banner__cta btn btn--gold">{t(`${banner.textKey}.cta`)}</span>
      </span>
    </>
  );
  // Clicking a banner opens its linked target (spec §2): a route of the portal or an outside page.
  return banner.linkageType === 'INTERNAL' ? (
    <Link to={banner.url} className="banner" aria-label={title}>
      {body}
    </Link>
  ) : (
    <a href={banner.url} className="banner" aria-label={title} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  );
};

/**
 * Banner carousel of spec §9: loops only with more than one banner, autoplays every 5000 ms with a
 * 1000 ms transition and 20.3 px spacing, clickable pagination. Reduced motion stops the autoplay.
 */
export const BannerCarousel = ({ banners }: { banners: readonly Banner[] }) => {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const several = banners.length > 1;
  if (!banners.length) return null;
  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={t('lobby.bannersLabel')}>
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        loop={several}
        speed={BANNER.transitionMs}
        spaceBetween={BANNER.spaceBetween}
        slidesPerView={1}
        autoplay={several && !reduced ? { delay: BANNER.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        pagination={{ clickable: true }}
        a11y={{
          enabled: true,
          prevSlideMessage: t('lobby.carousel.prev'),
          nextSlideMessage: t('lobby.carousel.next'),
          paginationBulletMessage: t('lobby.carousel.goTo', { index: '{{index}}' }),
          slideLabelMessage: t('lobby.carousel.slide', { index: '{{index}}', count: '{{slidesLength}}' }),
        }}
      >
        {banners.map((banner) => (
          <SwiperSlide key={banner.id}>
            <BannerSlide banner={banner} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
};
