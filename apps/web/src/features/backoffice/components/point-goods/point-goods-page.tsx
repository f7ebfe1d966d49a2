import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { POINT_GOODS_ARTS, POINT_GOODS_KINDS, type OpsPointGoods, type OpsPointGoodsBody, type OpsPointGoodsPatch } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { AmountField, SelectField, TextField } from '../../../../components/ui/member/fields';
import { useLocalize } from '../../../../i18n/use-localize';
import { isApiError } from '../../../../lib/api';
import { formatWhole } from '../../../../lib/format';
import { useCreatePointGoods, useOpsPointGoods, usePatchPointGoods } from '../../api/point-goods';
import { boPageTitleKey } from '../../logic/pages';
import { GOODS_TEXT_MAX, editGoodsForm, goodsBody, goodsPatch, goodsPatchProblems, newGoodsForm, newGoodsProblems, ruleVars, type EditGoodsForm, type GoodsProblems, type NewGoodsForm } from '../../logic/point-goods';
import { Money, PageHead, StatusBadge, useSiteMoney } from '../common/bits';
import { DecisionDialog, type DecisionRequest } from '../common/decision-dialog';
import { FormActions, FormDialog } from '../common/form-dialog';
import { LangTextBoxes } from '../common/lang-text-boxes';
import { BoEmpty, BoNotice, BoProblem } from '../common/states';
import { BoTable } from '../common/table';
import { Switch, errorAt as fieldError } from '../settings/settings-kit';
import { useOperator } from '../frame/operator-context';
import '../content-admin.css';

const K = 'contentAdmin.goods';

/** The server's field errors on the form, beside the fields it names. */
const serverFields = (e: unknown) => (isApiError(e) ? e.fields.map((f) => ({ path: f.field, message: f.message })) : []);

/** New goods (POST /ops/point-goods, admin). Name and description in EN, KM and CN, English first. */
const CreateGoods = ({ onDone }: { onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const localize = useLocalize();
  const create = useCreatePointGoods();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<NewGoodsForm>({ defaultValues: newGoodsForm() });
  const texts = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const errorAt = (path: string) => fieldError(errors as FieldErrors, path);
  const say = (problems: GoodsProblems) => {
    for (const [path, rule] of Object.entries(problems)) form.setError(path as FieldPath<NewGoodsForm>, { message: t(`${K}.rule.${rule}`, ruleVars(path)) });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    form.clearErrors();
    const problems = newGoodsProblems(v);
    if (Object.keys(problems).length) return say(problems);
    try {
      const saved = await create.mutateAsync(goodsBody(v) as OpsPointGoodsBody);
      form.reset(newGoodsForm());
      onDone(t(`${K}.created_notice`, { name: localize(saved.name) }));
    } catch (e) {
      for (const f of serverFields(e)) if (f.path in v) form.setError(f.path as FieldPath<NewGoodsForm>, { message: f.message });
      setFailure(e);
    }
  });

  const lengthOf = (field: 'name' | 'description') => (lang: 'en' | 'km' | 'cn') => [...(texts[field]?.[lang] ?? '').trim()].length;
  return (
    <details className="bo-panel bo-create">
      <summary className="bo-create__summary">
        <Icon name="plus" size={16} />
        {t(`${K}.new`)}
      </summary>
      <form className="bo-ca-form" onSubmit={onSubmit} noValidate>
        <LangTextBoxes
          label={t(`${K}.name`)}
          need={t(`${K}.en_required`)}
          hint={t(`${K}.langs_hint`, { max: GOODS_TEXT_MAX })}
          max={GOODS_TEXT_MAX}
          register={(lang) => form.register(`name.${lang}`)}
          errorOf={(lang) => errorAt(`name.${lang}`)}
          lengthOf={lengthOf('name')}
        />
        <LangTextBoxes
          label={t(`${K}.description`)}
          need={t(`${K}.optional`)}
          hint={t(`${K}.langs_hint`, { max: GOODS_TEXT_MAX })}
          max={GOODS_TEXT_MAX}
          multiline
          rows={{ en: 2, other: 2 }}
          register={(lang) => form.register(`description.${lang}`)}
          errorOf={(lang) => errorAt(`description.${lang}`)}
          lengthOf={lengthOf('description')}
        />
        <div className="bo-fields">
          <SelectField id="bo-goods-kind" label={t(`${K}.kind`)} hint={t(`${K}.kind_hint`)} {...form.register('kind')}>
            {POINT_GOODS_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`${K}.kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <SelectField id="bo-goods-art" label={t(`${K}.art`)} {...form.register('art')}>
            {POINT_GOODS_ARTS.map((a) => (
              <option key={a} value={a}>
                {t(`${K}.arts.${a}`)}
              </option>
            ))}
          </SelectField>
          <TextField id="bo-goods-points" label={t(`${K}.points`)} inputMode="numeric" autoComplete="off" error={errorAt('points')} {...form.register('points')} />
          <AmountField id="bo-goods-amount" label={t(`${K}.amount`)} hint={t(`${K}.amount_hint`)} symbol={site.symbol} error={errorAt('amount')} {...form.register('amount')} />
          <TextField id="bo-goods-stock" label={t(`${K}.stock`)} inputMode="numeric" autoComplete="off" error={errorAt('stock')} {...form.register('stock')} />
          <TextField id="bo-goods-limit" label={t(`${K}.limit`)} hint={t(`${K}.limit_hint`)} inputMode="numeric" autoComplete="off" error={errorAt('limitPerMember')} {...form.register('limitPerMember')} />
          <TextField id="bo-goods-sort" label={t(`${K}.sort`)} hint={t(`${K}.sort_hint`)} inputMode="numeric" autoComplete="off" error={errorAt('sort')} {...form.register('sort')} />
        </div>
        <Switch label={t(`${K}.on_sale_now`)} hint={t(`${K}.on_sale_now_hint`)} {...form.register('onSale')} />
        <BoProblem error={failure} />
        <div className="bo-settings-form__actions">
          <button type="submit" className="btn btn--gold" disabled={isSubmitting}>
            {isSubmitting && <span className="mc-spinner" aria-hidden="true" />}
            {t(`${K}.create`)}
          </button>
        </div>
      </form>
    </details>
  );
};

/** Price, limit, order and more stock of a good already listed (PATCH, only what changed). */
const EditGoods = ({ goods, onClose, onDone }: { goods: OpsPointGoods; onClose: () => void; onDone: (text: string) => void }) => {
  const { t } = useTranslation('ops');
  const site = useSiteMoney();
  const localize = useLocalize();
  const patch = usePatchPointGoods();
  const [failure, setFailure] = useState<unknown>(null);
  const [problems, setProblems] = useState<GoodsProblems>({});
  const form = useForm<EditGoodsForm>({ defaultValues: editGoodsForm(goods) });
  const { isSubmitting } = form.formState;
  const say = (path: string) => (problems[path] ? t(`${K}.rule.${problems[path]}`, ruleVars(path)) : undefined);

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    const found = goodsPatchProblems(goods, v);
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      await patch.mutateAsync({ id: goods.id, patch: goodsPatch(goods, v) as OpsPointGoodsPatch });
      onDone(t(`${K}.saved_notice`, { name: localize(goods.name) }));
      onClose();
    } catch (e) {
      setFailure(e);
    }
  });

  return (
    <form className="bo-decision" onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <dl className="bo-facts">
        <div className="bo-facts__row">
          <dt>{t(`${K}.stock`)}</dt>
          <dd className="num">{t(`${K}.remaining_of`, { remaining: formatWhole(goods.remaining), stock: formatWhole(goods.stock) })}</dd>
        </div>
      </dl>
      <TextField id="bo-goods-edit-points" label={t(`${K}.points`)} inputMode="numeric" autoComplete="off" error={say('points')} {...form.register('points')} />
      <AmountField id="bo-goods-edit-amount" label={t(`${K}.amount`)} symbol={site.symbol} error={say('amount')} {...form.register('amount')} />
      <TextField id="bo-goods-edit-limit" label={t(`${K}.limit`)} hint={t(`${K}.limit_hint`)} inputMode="numeric" autoComplete="off" error={say('limitPerMember')} {...form.register('limitPerMember')} />
      <TextField id="bo-goods-edit-sort" label={t(`${K}.sort`)} inputMode="numeric" autoComplete="off" error={say('sort')} {...form.register('sort')} />
      <TextField id="bo-goods-edit-add" label={t(`${K}.add_stock`)} hint={t(`${K}.add_stock_hint`)} inputMode="numeric" autoComplete="off" error={say('addStock')} {...form.register('addStock')} />
      {problems.form && <p className="mc-field__error" role="alert">{t(`${K}.rule.nothing`)}</p>}
      <BoProblem error={failure} />
      <FormActions onCancel={onClose} submitting={isSubmitting} label={t(`${K}.save`)} />
    </form>
  );
};

/** Points-mall goods (GET/POST /ops/point-goods, PATCH …/:id): every good, on sale or not. */
export const PointGoodsPage = () => {
  const { t } = useTranslation('ops');
  const localize = useLocalize();
  const { can } = useOperator();
  const list = useOpsPointGoods();
  const patch = usePatchPointGoods();
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OpsPointGoods | null>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const allowed = can('pointGoods.edit');

  const toggle = (g: OpsPointGoods) => {
    const name = localize(g.name);
    const next = !g.onSale;
    setNotice(null);
    setRequest({
      title: t(next ? `${K}.put_on_title` : `${K}.take_off_title`, { name }),
      confirmLabel: t(next ? `${K}.put_on` : `${K}.take_off`),
      tone: next ? 'approve' : 'reject',
      facts: [
        { label: t(`${K}.name`), value: name },
        { label: t(`${K}.stock`), value: <span className="num">{t(`${K}.remaining_of`, { remaining: formatWhole(g.remaining), stock: formatWhole(g.stock) })}</span> },
      ],
      consequence: t(next ? `${K}.put_on_consequence` : `${K}.take_off_consequence`),
      run: () => patch.mutateAsync({ id: g.id, patch: { onSale: next } }),
      onDone: () => setNotice(t(next ? `${K}.put_on_notice` : `${K}.take_off_notice`, { name })),
    });
  };

  const row = (g: OpsPointGoods) => {
    const name = localize(g.name);
    return (
      <tr key={g.id} className={g.onSale ? undefined : 'bo-row--muted'}>
        <td data-label={t(`${K}.name`)}>
          <strong>{name}</strong>
          <span className="mc-sub">
            {t(`${K}.kinds.${g.kind}`)} · {t(`${K}.arts.${g.art}`)} · ID {g.id}
          </span>
          {g.description && <span className="mc-sub">{localize(g.description)}</span>}
        </td>
        <td data-label={t(`${K}.points`)} className="mc-num num">
          {formatWhole(g.points)}
        </td>
        <td data-label={t(`${K}.amount`)} className="mc-num">
          <Money amount={g.amount} />
        </td>
        <td data-label={t(`${K}.stock`)} className="mc-num num">
          {t(`${K}.remaining_of`, { remaining: formatWhole(g.remaining), stock: formatWhole(g.stock) })}
        </td>
        <td data-label={t(`${K}.limit`)} className="mc-num num">
          {g.limitPerMember === null ? t(`${K}.no_limit`) : formatWhole(g.limitPerMember)}
        </td>
        <td data-label={t(`${K}.sort`)} className="mc-num num">
          {g.sort}
        </td>
        <td data-label={t('col.status')}>
          <StatusBadge status={g.onSale ? (g.remaining > 0 ? 'active' : 'pending') : 'closed'} label={g.onSale ? (g.remaining > 0 ? t(`${K}.on_sale`) : t(`${K}.sold_out`)) : t(`${K}.off_sale`)} />
        </td>
        <td data-label={t('col.actions')}>
          <div className="bo-row-actions">
            <button type="button" className="btn btn--sm btn--ghost" disabled={!allowed} title={allowed ? undefined : t('common.role_cannot')} aria-label={t(`${K}.edit_named`, { name })} onClick={() => { setNotice(null); setEditing(g); }}>
              {t(`${K}.edit`)}
            </button>
            <button
              type="button"
              className={`btn btn--sm ${g.onSale ? 'bo-btn--danger-ghost' : 'bo-btn--go'}`}
              disabled={!allowed || patch.isPending}
              title={allowed ? undefined : t('common.role_cannot')}
              aria-label={t(g.onSale ? `${K}.take_off_named` : `${K}.put_on_named`, { name })}
              onClick={() => toggle(g)}
            >
              {t(g.onSale ? `${K}.take_off` : `${K}.put_on`)}
            </button>
          </div>
        </td>
      </tr>
    );
  };

  return (
    <>
      <PageHead title={t(boPageTitleKey('pointGoods'))} lede={t(`${K}.lede`)} readOnly={!allowed} />
      <BoNotice message={notice} />
      {allowed && <CreateGoods onDone={setNotice} />}
      <section className="bo-panel bo-panel--flush">
        <div className="bo-panel__body">
          <BoTable
            list={list}
            caption={t(`${K}.caption`)}
            head={
              <>
                <th scope="col">{t(`${K}.name`)}</th>
                <th scope="col" className="mc-num">{t(`${K}.points`)}</th>
                <th scope="col" className="mc-num">{t(`${K}.amount`)}</th>
                <th scope="col" className="mc-num">{t(`${K}.stock`)}</th>
                <th scope="col" className="mc-num">{t(`${K}.limit`)}</th>
                <th scope="col" className="mc-num">{t(`${K}.sort`)}</th>
                <th scope="col">{t('col.status')}</th>
                <th scope="col">{t('col.actions')}</th>
              </>
            }
            row={row}
            empty={<BoEmpty icon="star" title={t(`${K}.none`)} text={allowed ? t(`${K}.none_text`) : undefined} />}
            cardsBelow={900}
          />
        </div>
      </section>
      <FormDialog name="bo-goods-edit" open={editing !== null} title={editing ? t(`${K}.edit_title`, { name: localize(editing.name) }) : ''} onClose={() => setEditing(null)}>
        {editing && <EditGoods key={editing.id} goods={editing} onClose={() => setEditing(null)} onDone={setNotice} />}
      </FormDialog>
      <DecisionDialog name="bo-goods-sale" request={request} onClose={() => setRequest(null)} />
    </>
  );
};
