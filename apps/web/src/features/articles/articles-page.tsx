import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ARTICLE_KINDS, ARTICLE_PAGE_SIZE, type ArticleKind, type ArticleListItem } from '@apsara/contracts';
import { Icon } from '../../components/ui/icons/icons';
import { ARTICLE_ICONS } from '../../components/ui/icons/category-icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/member/states';
import { Pager } from '../../components/ui/pager/pager';
import { isApiError } from '../../lib/api';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import { useDateFormat } from '../../lib/use-date-format';
import { useTimeZone } from '../../lib/use-time-zone';
import { useArticle, useArticles } from './api/articles';
import { ArticleBody } from './components/article-body';
import { articleListPath, articlePath, articleRouteOf, dayInZone } from './logic/paths';
import './articles.css';

/** The day an article came out, in the reader's words and the site's zone. */
const usePublishedDay = () => {
  const dates = useDateFormat();
  const zone = useTimeZone();
  return (iso: string) => dates.day(dayInZone(iso, zone));
};

/** The three kinds as tabs: each its own page (/guide, /blog, /news). */
const KindTabs = () => {
  const { t } = useTranslation('articles');
  return (
    <nav className="articles__tabs" aria-label={t('tabs')}>
      {ARTICLE_KINDS.map((kind) => (
        <NavLink key={kind} to={articleListPath(kind)} end className={({ isActive }) => `articles__tab${isActive ? ' is-active' : ''}`}>
          <Icon name={ARTICLE_ICONS[kind]} size={16} />
          {t(`kind.${kind}`)}
        </NavLink>
      ))}
    </nav>
  );
};

const Meta = ({ item }: { item: Pick<ArticleListItem, 'publishedAt' | 'readMinutes'> }) => {
  const { t } = useTranslation('articles');
  const day = usePublishedDay();
  return (
    <p className="articles__meta">
      <time dateTime={item.publishedAt}>{day(item.publishedAt)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t('read_minutes', { count: item.readMinutes })}</span>
    </p>
  );
};

/** One kind's list: the guide as numbered steps, blog and news as dated cards, 10 a page. */
const ArticleList = ({ kind }: { kind: ArticleKind }) => {
  const { t } = useTranslation('articles');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [kind]);
  const list = useArticles(kind, page);
  const first = (page - 1) * ARTICLE_PAGE_SIZE;

  return (
    <>
      <header className="articles__head">
        <p className="articles__eyebrow">{t('eyebrow')}</p>
        <h1 className="articles__title">{t(`kind.${kind}`)}</h1>
        <p className="articles__lede">{t(`lede.${kind}`)}</p>
      </header>
      <KindTabs />
      {list.isPending ? (
        <LoadingState rows={4} label={t('loading')} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState icon={ARTICLE_ICONS[kind]} title={t(`empty.${kind}`)} text={t('empty_text')} />
      ) : (
        <>
          <ol className={`articles__list articles__list--${kind}`} aria-busy={list.isFetching}>
            {list.data.items.map((item, i) => (
              <li key={item.slug} className="articles__card">
                {kind === 'guide' && (
                  <span className="articles__step" aria-hidden="true">
                    {first + i + 1}
                  </span>
                )}
                <div className="articles__card-text">
                  <h2 className="articles__card-title">
                    <Link to={articlePath(kind, item.slug)}>{item.title}</Link>
                  </h2>
                  {item.summary && <p className="articles__summary">{item.summary}</p>}
                  <Meta item={item} />
                </div>
                <Icon name="chevronRight" size={18} />
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={ARTICLE_PAGE_SIZE} total={list.data.total} onChange={setPage} label={t('pages')} disabled={list.isFetching} />
        </>
      )}
    </>
  );
};

/** One article: its title, day and read time, summary, body, and the way to the one before and after. */
const ArticleView = ({ kind, slug }: { kind: ArticleKind; slug: string }) => {
  const { t } = useTranslation('articles');
  const config = useSiteConfigValue();
  const found = useArticle(kind, slug);
  const title = found.data?.article.title;

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [slug]);
  useEffect(() => {
    if (title) document.title = `${title} · ${brandOf(config)}`;
  }, [title, config]);
  // The page's description (search results, link previews) is the article's summary while it is open.
  const summary = found.data?.article.summary || title;
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (!meta || !summary) return;
    const before = meta.getAttribute('content');
    meta.setAttribute('content', summary);
    return () => {
      if (before !== null) meta.setAttribute('content', before);
    };
  }, [summary]);

  const back = (
    <Link to={articleListPath(kind)} className="articles__back">
      <Icon name="chevronLeft" size={16} />
      {t(`all.${kind}`)}
    </Link>
  );

  if (found.isPending) return <LoadingState rows={6} label={t('loading')} />;
  if (found.isError) {
    return (
      <>
        {back}
        {isApiError(found.error) && found.error.status === 404 ? (
          <EmptyState icon="info" title={t('gone_title')} text={found.error.message} action={<Link className="btn btn--ghost btn--sm" to={articleListPath(kind)}>{t(`all.${kind}`)}</Link>} />
        ) : (
          <ErrorState error={found.error} onRetry={() => void found.refetch()} />
        )}
      </>
    );
  }
  const { article, previous, next } = found.data;
  return (
    <article className="article">
      {back}
      <header className="article__head">
        <p className="articles__eyebrow">
          <Icon name={ARTICLE_ICONS[kind]} size={14} /> {t(`kind.${kind}`)}
        </p>
        <h1 className="article__title">{article.title}</h1>
        <Meta item={article} />
        {article.summary && <p className="article__summary">{article.summary}</p>}
      </header>
      <ArticleBody text={article.body} />
      {(previous || next) && (
        <nav className="article__neighbours" aria-label={t('neighbours')}>
          {previous ? (
            <Link to={articlePath(kind, previous.slug)} className="article__neighbour">
              <span className="article__neighbour-label">
                <Icon name="chevronLeft" size={14} /> {t(`previous.${kind}`)}
              </span>
              <span className="article__neighbour-title">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to={articlePath(kind, next.slug)} className="article__neighbour article__neighbour--next">
              <span className="article__neighbour-label">
                {t(`next.${kind}`)} <Icon name="chevronRight" size={14} />
              </span>
              <span className="article__neighbour-title">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
    </article>
  );
};

/**
 * The Beginner Guide, Blog and News (spec §2 member center "further labelled areas"): a kind's list at
 * /guide, /blog, /news and each article at /<kind>/<slug>, for visitors and players alike.
 */
const ArticlesPage = () => {
  const { t } = useTranslation('articles');
  const { pathname } = useLocation();
  const route = articleRouteOf(pathname);
  return (
    <div className="articles">
      {route === null ? (
        // An address no article could have (/news/Not_A_Slug): said so, with the way to the lists.
        <>
          <KindTabs />
          <EmptyState icon="info" title={t('gone_title')} text={t('gone_text')} />
        </>
      ) : route.slug === null ? <ArticleList kind={route.kind} /> : <ArticleView key={`${route.kind}/${route.slug}`} kind={route.kind} slug={route.slug} />}
    </div>
  );
};

export default ArticlesPage;
