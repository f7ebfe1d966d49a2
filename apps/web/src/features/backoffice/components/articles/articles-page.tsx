import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ARTICLE_KINDS, articleStateOf, type ArticleKind, type Lang, type OpsArticle } from '@apsara/contracts';
import { ARTICLE_ICONS } from '../../../../components/ui/icons/category-icons';
import { Icon } from '../../../../components/ui/icons/icons';
import { SelectField, TextField } from '../../../../components/ui/member/fields';
import { useLocalize } from '../../../../i18n/use-localize';
import { isApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-time';
import { useSiteConfigValue } from '../../../../lib/site-config';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCreateArticle, useDeleteArticle, useOpsArticles, usePatchArticle } from '../../api/articles';
import { ARTICLE_TEXT_MAX, articleBody, articleForm, articleFormPath, articlePatch, articleProblems, articleRuleVars, newArticleForm, slugFrom, type ArticleForm, type ArticleProblems, type Publishing } from '../../logic/articles';
import { boPageTitleKey } from '../../logic/pages';
import { PageHead, StatusBadge } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { FormActions, FormDialog } from '../common/form-dialog';
import { EditToggleDelete } from '../common/row-actions';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { TabStrip } from '../common/tab-strip';
import { BoTable } from '../common/table';
import { errorAt as fieldError } from '../settings/settings-kit';
import { useOperator } from '../frame/operator-context';
import '../content-admin.css';

const K = 'articlesAdmin';
type Tab = 'all' | ArticleKind;
const TABS: readonly Tab[] = ['all', ...ARTICLE_KINDS];
const PUBLISHING: readonly Publishing[] = ['draft', 'now', 'at'];

type EditorProps = { article: OpsArticle | null; kind: ArticleKind; siteLang: Lang; onClose: () => void; onDone: (text: string) => void };

/** An article's form: new (POST) or an edit (PATCH, only what changed). Title, summary and body in EN, KM and CN. */
const ArticleEditor = ({ article, kind, siteLang, onClose, onDone }: EditorProps) => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const zone = useTimeZone();
  const create = useCreateArticle();
  const patch = usePatchArticle();
  const [failure, setFailure] = useState<unknown>(null);
  const [nothing, setNothing] = useState(false);
  const form = useForm<ArticleForm>({ defaultValues: article ? articleForm(article, zone) : newArticleForm(kind) });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const errorAt = (path: string) => fieldError(errors as FieldErrors, path);
  const say = (problems: ArticleProblems) => {
    for (const [path, rule] of Object.entries(problems)) form.setError(path as FieldPath<ArticleForm>, { message: t(`${K}.rule.${rule}`, { ...articleRuleVars(path), lang: t(`announcements.lang.${siteLang}`) }) });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    setNothing(false);
    form.clearErrors();
    const problems = articleProblems(v, siteLang, zone);
    if (Object.keys(problems).length) return say(problems);
    try {
      if (article) {
        const body = articlePatch(article, v, zone);
        if (Object.keys(body).length === 0) return setNothing(true);
        const saved = await patch.mutateAsync({ id: article.id, patch: body });
        onDone(t(`${K}.saved_notice`, { title: localize(saved.title) }));
      } else {
        const saved = await create.mutateAsync(articleBody(v, zone));
        onDone(t(`${K}.created_notice`, { title: localize(saved.title) }));
      }
      onClose();
    } catch (e) {
      if (isApiError(e)) {
        if (e.code === 'ARTICLE_SLUG_TAKEN') form.setError('slug', { message: e.message });
        for (const f of e.fields) form.setError(articleFormPath(f.field) as FieldPath<ArticleForm>, { message: f.message });
      }
      setFailure(e);
    }
  });

  // A new article's address follows its English title until the operator types one.
  const titleEn = form.register('title.en');
  const onTitleEn: typeof titleEn.onChange = async (e) => {
    await titleEn.onChange(e);
    if (!article && !dirtyFields.slug) form.setValue('slug', slugFrom((e.target as HTMLInputElement).value));
  };

  const lengthOf = (field: 'title' | 'summary' | 'body') => (lang: 'en' | 'km' | 'cn') => [...(values[field]?.[lang] ?? '').trim()].length;
  const currentKind = values.kind ?? kind;
  const slug = (values.slug ?? '').trim() || '…';
  return (
    <form className="bo-ca-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <div className="bo-fields">
        <SelectField id="bo-article-kind" label={t(`${K}.kind`)} hint={article ? t(`${K}.kind_fixed`) : undefined} disabled={Boolean(article)} icon={ARTICLE_ICONS[currentKind]} {...form.register('kind')}>
          {ARTICLE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`${K}.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        {currentKind === 'guide' && <TextField id="bo-article-sort" label={t(`${K}.sort`)} hint={t(`${K}.sort_hint`)} inputMode="numeric" error={errorAt('sort')} {...form.register('sort')} />}
      </div>
      <LangTextBoxes
        label={t(`${K}.title`)}
        need={t(`${K}.need_site`, { lang: t(`announcements.lang.${siteLang}`) })}
        hint={t(`${K}.langs_hint`, { max: ARTICLE_TEXT_MAX.title })}
        max={ARTICLE_TEXT_MAX.title}
        register={(lang) => (lang === 'en' ? { ...titleEn, onChange: onTitleEn } : form.register(`title.${lang}`))}
        errorOf={(lang) => errorAt(`title.${lang}`)}
        lengthOf={lengthOf('title')}
      />
      <TextField
        id="bo-article-slug"
        label={t(`${K}.slug`)}
        hint={t(`${K}.slug_hint`, { path: `/${currentKind}/${slug}` })}
        autoComplete="off"
        spellCheck={false}
        error={errorAt('slug')}
        {...form.register('slug')}
      />
      <LangTextBoxes
        label={t(`${K}.summary`)}
        need={t(`${K}.optional`)}
        hint={t(`${K}.summary_hint`, { max: ARTICLE_TEXT_MAX.summary })}
        max={ARTICLE_TEXT_MAX.summary}
        multiline
        rows={{ en: 2, other: 2 }}
        register={(lang) => form.register(`summary.${lang}`)}
        errorOf={(lang) => errorAt(`summary.${lang}`)}
        lengthOf={lengthOf('summary')}
      />
      <LangTextBoxes
        label={t(`${K}.body`)}
        need={t(`${K}.need_site`, { lang: t(`announcements.lang.${siteLang}`) })}
        hint={t(`${K}.body_hint`, { max: ARTICLE_TEXT_MAX.body })}
        max={ARTICLE_TEXT_MAX.body}
        multiline
        rows={{ en: 10, other: 6 }}
        register={(lang) => form.register(`body.${lang}`)}
        errorOf={(lang) => errorAt(`body.${lang}`)}
        lengthOf={lengthOf('body')}
      />
      <div className="bo-fields">
        <SelectField id="bo-article-publish" label={t(`${K}.publish`)} hint={t(`${K}.publish_hint.${values.publish ?? 'draft'}`)} {...form.register('publish')}>
          {PUBLISHING.map((p) => (
            <option key={p} value={p}>
              {t(`${K}.publishing.${p}`)}
            </option>
          ))}
        </SelectField>
        {values.publish === 'at' && <TextField id="bo-article-at" type="datetime-local" label={t(`${K}.at`)} error={errorAt('at')} {...form.register('at')} />}
      </div>
      {nothing && (
        <p className="mc-field__error" role="alert">
          {t(`${K}.rule.nothing`)}
        </p>
      )}
      <BoProblem error={failure} />
      <FormActions onCancel={onClose} submitting={isSubmitting} label={t(article ? `${K}.save` : `${K}.create`)} />
    </form>
  );
};

/** The site's Beginner Guide, blog and news (GET/POST /ops/articles, PATCH/DELETE …/:id). */
export const ArticlesAdminPage = () => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const { can } = useOperator();
  const config = useSiteConfigValue();
  const zone = useTimeZone();
  const siteLang: Lang = config?.defaultLanguage ?? 'km';
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as Tab) : 'all';
  const [page, setPage] = useState(1);
  const list = useOpsArticles(tab === 'all' ? undefined : tab, page);
  const patch = usePatchArticle();
  const remove = useDeleteArticle();
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OpsArticle | 'new' | null>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const allowed = can('article.edit');
  const busy = patch.isPending || remove.isPending;

  const facts = (a: OpsArticle) => [
    { label: t(`${K}.title`), value: localize(a.title) },
    { label: t(`${K}.address`), value: <code>{`/${a.kind}/${a.slug}`}</code> },
  ];

  const askPublish = (a: OpsArticle, on: boolean) => {
    const title = localize(a.title);
    setNotice(null);
    setRequest({
      title: t(on ? `${K}.publish_title` : `${K}.unpublish_title`, { title }),
      confirmLabel: t(on ? `${K}.publish_now` : `${K}.unpublish`),
      tone: on ? 'approve' : 'reject',
      facts: facts(a),
      consequence: t(on ? `${K}.publish_consequence` : `${K}.unpublish_consequence`),
      run: () => patch.mutateAsync({ id: a.id, patch: { publishedAt: on ? new Date().toISOString() : null } }),
      onDone: () => setNotice(t(on ? `${K}.published_notice` : `${K}.unpublished_notice`, { title })),
    });
  };

  const askDelete = (a: OpsArticle) => {
    const title = localize(a.title);
    setNotice(null);
    setRequest({
      title: t(`${K}.delete_title`, { title }),
      confirmLabel: t(`${K}.delete`),
      tone: 'reject',
      facts: facts(a),
      consequence: t(`${K}.delete_consequence`),
      run: () => remove.mutateAsync(a.id),
      onDone: () => setNotice(t(`${K}.deleted_notice`, { title })),
    });
  };

  const row = (a: OpsArticle) => {
    const title = localize(a.title);
    const state = articleStateOf(a.publishedAt);
    const shown = state === 'published';
    return (
      <tr key={a.id} className={state === 'published' ? undefined : 'bo-row--muted'} data-slug={a.slug}>
        <td data-label={t(`${K}.title`)}>
          <span className="bo-ca-titled">
            <Icon name={ARTICLE_ICONS[a.kind]} size={16} />
            <strong>{title}</strong>
          </span>
          <span className="mc-sub">
            {t(`${K}.kinds.${a.kind}`)}
            {a.kind === 'guide' && ` · ${t(`${K}.sort_short`, { sort: a.sort })}`} · ID {a.id}
          </span>
        </td>
        <td data-label={t(`${K}.address`)}>
          {state === 'published' ? (
            <a href={`/${a.kind}/${a.slug}`} target="_blank" rel="noopener noreferrer" aria-label={t(`${K}.view_named`, { title })}>
              <code>{`/${a.kind}/${a.slug}`}</code>
            </a>
          ) : (
            <code>{`/${a.kind}/${a.slug}`}</code>
          )}
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={state} label={t(`${K}.state.${state}`)} />
          {a.publishedAt && <span className="mc-sub num">{formatDateTime(a.publishedAt, zone)}</span>}
        </td>
        <td data-label={t('col.actions')}>
          <EditToggleDelete
            allowed={allowed}
            busy={busy}
            edit={{ label: t(`${K}.edit`), named: t(`${K}.edit_named`, { title }), onClick: () => { setNotice(null); setEditing(a); } }}
            toggle={{ off: shown, label: t(shown ? `${K}.unpublish` : `${K}.publish_now`), named: t(shown ? `${K}.unpublish_named` : `${K}.publish_named`, { title }), onClick: () => askPublish(a, !shown) }}
            remove={{ named: t(`${K}.delete_named`, { title }), onClick: () => askDelete(a) }}
          />
        </td>
      </tr>
    );
  };

  const editingArticle = editing === 'new' ? null : editing;
  return (
    <>
      <PageHead
        title={t(boPageTitleKey('articles'))}
        lede={t(`${K}.lede`)}
        readOnly={!allowed}
        actions={
          allowed && (
            <button type="button" className="btn btn--gold btn--sm" onClick={() => { setNotice(null); setEditing('new'); }}>
              <Icon name="plus" size={16} />
              {t(`${K}.new`)}
            </button>
          )
        }
      />
      <BoNotice message={notice} />
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__bar">
          <TabStrip
            idBase="bo-articles"
            label={t(`${K}.tabs`)}
            value={tab}
            onChange={(next) => {
              setNotice(null);
              setPage(1);
              setParams(next === 'all' ? {} : { kind: next }, { replace: true });
            }}
            items={TABS.map((key) => ({ key, label: t(key === 'all' ? `${K}.all` : `${K}.kinds.${key}`) }))}
          />
        </div>
        <div role="tabpanel" id={`bo-articles-panel-${tab}`} aria-labelledby={`bo-articles-tab-${tab}`} className="bo-panel__body">
          <BoTable
            list={list}
            caption={t(`${K}.caption`)}
            head={
              <>
                <th scope="col">{t(`${K}.title`)}</th>
                <th scope="col">{t(`${K}.address`)}</th>
                <th scope="col">{t('col.status')}</th>
                <th scope="col">{t('col.actions')}</th>
              </>
            }
            row={row}
            page={page}
            onPage={setPage}
            pagesLabel={t(`${K}.pages`)}
            empty={<BoEmpty icon="info" title={t(`${K}.none`)} text={allowed ? t(`${K}.none_text`) : undefined} />}
            cardsBelow={900}
          />
        </div>
      </section>
      <FormDialog
        name="bo-article"
        open={editing !== null}
        size="md"
        title={editingArticle ? t(`${K}.edit_title`, { title: localize(editingArticle.title) }) : t(`${K}.new`)}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <ArticleEditor key={editingArticle?.id ?? 'new'} article={editingArticle} kind={tab === 'all' ? 'news' : tab} siteLang={siteLang} onClose={() => setEditing(null)} onDone={setNotice} />
        )}
      </FormDialog>
      <DecisionDialog name="bo-article-decision" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
