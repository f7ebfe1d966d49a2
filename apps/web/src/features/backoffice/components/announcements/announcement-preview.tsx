import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';
import { contentLanguage } from '../../../../i18n/languages';
import { KIND_FIELDS, LANG_TAG, TEXT_LANGS, htmlLang, textIn, wallToIso, type AnnouncementForm, type TextLang } from '../../logic/announcements';
import { useSiteTime } from '../common/bits';

/** Only a picture the server would take is loaded (a path of the site or an https address). */
const imageOf = (url: string) => {
  const v = url.trim();
  return /^\/(?!\/)[^\s<>"]*$/.test(v) || /^https:\/\/[^\s<>"]+$/.test(v) ? v : null;
};

/** An operator's picture; one that does not load says so instead of showing a broken image. */
const Picture = ({ src, className, fallback }: { src: string; className: string; fallback?: string }) => {
  const { t } = useTranslation('ops');
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return fallback === undefined ? <div className="bo-prev-card__noimg">{t('announcements.preview.image_failed')}</div> : <span className="bo-prev-banner__missing">{t('announcements.preview.image_failed')}</span>;
  return <img className={className} src={src} alt="" onError={() => setFailed(src)} />;
};

const firstLine = (text: string) => text.split(/\r?\n/).find((l) => l.trim())?.trim() ?? '';

/**
 * Roughly how players will see it, in the language picked here (a missing language shows English,
 * as on the portal): a banner's texts over its picture, a notice's title and content, a popup as a
 * card, a promotion notice with its picture. Not the portal's own components: a sketch to catch a
 * missing translation or a title too long for the banner.
 */
export const AnnouncementPreview = ({ form }: { form: AnnouncementForm }) => {
  const { t, i18n } = useTranslation('ops');
  const [lang, setLang] = useState<TextLang>(() => contentLanguage(i18n.language));
  // The preview's own words (a button, "Published") in the language previewed, not the operator's.
  const tp = i18n.getFixedT(lang, 'ops');
  const { zone, at } = useSiteTime();
  const title = textIn(form.title, lang) || tp('announcements.preview.no_title');
  const content = textIn(form.content, lang) || tp('announcements.preview.no_content');
  const image = imageOf(form.imageUrl);
  const start = wallToIso(form.startsAt, zone);
  const has = KIND_FIELDS[form.kind];
  const shown = [form.title, ...(has.content ? [form.content] : []), ...(has.bannerTexts ? [form.eyebrow, form.subtitle, form.cta] : [])];
  // A text written in English but not in the language previewed: those players read the English.
  const missing = lang !== 'en' && shown.some((texts) => texts.en.trim() && !texts[lang].trim());

  const body = () => {
    switch (form.kind) {
      case 'banner': {
        const eyebrow = textIn(form.eyebrow, lang);
        const subtitle = textIn(form.subtitle, lang);
        const cta = textIn(form.cta, lang);
        return (
          <div className={`bo-prev-banner bo-prev-banner--${form.art || 'none'}`}>
            {image && <Picture className="bo-prev-banner__img" src={image} fallback="banner" />}
            <div className="bo-prev-banner__text">
              {eyebrow && <span className="bo-prev-banner__eyebrow">{eyebrow}</span>}
              <span className="bo-prev-banner__title">{title}</span>
              {subtitle && <span className="bo-prev-banner__subtitle">{subtitle}</span>}
              {cta && form.linkageType && <span className="btn btn--gold btn--sm bo-prev-banner__cta">{cta}</span>}
            </div>
            {!image && !form.art && <span className="bo-prev-banner__missing">{t('announcements.preview.no_picture')}</span>}
          </div>
        );
      }
      case 'popup':
        return (
          <div className="bo-prev-card bo-prev-card--popup">
            <p className="bo-prev-card__head">{title}</p>
            {image && <Picture className="bo-prev-card__img" src={image} />}
            <p className="bo-prev-card__content">{content}</p>
            <div className="bo-prev-card__actions">
              {form.linkageType && <span className="btn btn--ghost btn--sm">{tp('announcements.preview.find_out')}</span>}
              <span className="btn btn--gold btn--sm">{tp('announcements.preview.got_it')}</span>
            </div>
          </div>
        );
      case 'promotion':
        return (
          <div className="bo-prev-card">
            {image ? <Picture className="bo-prev-card__img" src={image} /> : <div className="bo-prev-card__noimg">{t('announcements.preview.no_image')}</div>}
            <p className="bo-prev-card__title">{title}</p>
            <p className="bo-prev-card__date num">{tp('announcements.preview.published', { at: at(start) })}</p>
            <p className="bo-prev-card__content">{content}</p>
            {form.linkageType && <span className="btn btn--gold btn--sm">{tp('announcements.preview.find_out')}</span>}
          </div>
        );
      default:
        return (
          <>
            {form.kind === 'player' && (
              <div className="bo-prev-marquee" aria-label={t('announcements.preview.marquee')}>
                <Icon name="megaphone" size={16} />
                <span>{firstLine(content) || title}</span>
              </div>
            )}
            <div className="bo-prev-card">
              <p className="bo-prev-card__title">
                {form.pinned && <span className="mc-badge mc-badge--pending">{tp('announcements.preview.pinned')}</span>}
                {title}
              </p>
              <p className="bo-prev-card__date num">{tp('announcements.preview.published', { at: at(start) })}</p>
              <p className="bo-prev-card__content">{content}</p>
            </div>
          </>
        );
    }
  };

  return (
    <section className="bo-panel bo-prev" aria-labelledby="bo-prev-title">
      <div className="bo-prev__head">
        <h2 id="bo-prev-title" className="bo-panel__title">
          {t('announcements.preview.title')}
        </h2>
        <div className="bo-prev__langs" role="group" aria-label={t('announcements.preview.lang')}>
          {TEXT_LANGS.map((l) => (
            <button key={l} type="button" className="bo-prev__lang" aria-pressed={l === lang} onClick={() => setLang(l)} title={t(`announcements.lang.${l}`)} lang={htmlLang(l)}>
              {LANG_TAG[l]}
            </button>
          ))}
        </div>
      </div>
      <div className="bo-prev__stage" lang={htmlLang(lang)}>
        {body()}
      </div>
      {missing && (
        <p className="bo-prev__missing">
          <Icon name="info" size={14} />
          {t('announcements.preview.fallback', { lang: t(`announcements.lang.${lang}`) })}
        </p>
      )}
      <p className="bo-prev__note">{t(`announcements.preview.where.${form.kind}`)}</p>
    </section>
  );
};
