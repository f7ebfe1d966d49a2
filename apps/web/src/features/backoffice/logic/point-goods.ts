import { LocalizedText, OpsPointGoodsBody, OpsPointGoodsPatch, POINT_GOODS_ARTS, POINT_GOODS_KINDS, type OpsPointGoods, type PointGoodsArt } from '@apsara/contracts';
import { TEXT_LANGS, textOf, type Texts } from './announcements';
import { normalMoney } from './settings';

/*
 * Points-mall goods (POST /ops/point-goods, PATCH /ops/point-goods/:id; docs/points-mall.md): the
 * forms as plain data, the bodies they send, and their checks. The contract's schemas decide what is
 * refused; the rule names say why, with the bounds the schemas hold.
 */

/** The bounds of OpsPointGoodsBody / OpsPointGoodsPatch, for the words under the fields. */
export const GOODS_BOUNDS = {
  points: { min: 1, max: 1_000_000_000 },
  stock: { min: 0, max: 1_000_000 },
  addStock: { min: 1, max: 1_000_000 },
  limitPerMember: { min: 1, max: 1_000 },
  sort: { min: 0, max: 10_000 },
} as const;
/** LocalizedText's length per language. */
export const GOODS_TEXT_MAX = 120;

export type GoodsRule = 'required' | 'en_required' | 'too_long' | 'whole_between' | 'amount_format' | 'nothing' | 'invalid';
export type GoodsProblems = Partial<Record<string, GoodsRule>>;

export type NewGoodsForm = {
  name: Texts;
  description: Texts;
  art: PointGoodsArt;
  kind: (typeof POINT_GOODS_KINDS)[number];
  points: string;
  amount: string;
  stock: string;
  /** Empty: no limit. */
  limitPerMember: string;
  onSale: boolean;
  sort: string;
};

export const newGoodsForm = (): NewGoodsForm => ({
  name: { en: '', km: '', cn: '' },
  description: { en: '', km: '', cn: '' },
  art: POINT_GOODS_ARTS[0],
  kind: 'physical',
  points: '',
  amount: '0.00',
  stock: '',
  limitPerMember: '',
  onSale: true,
  sort: '0',
});

/** A whole number as typed, or NaN (which the schema refuses): no signs, decimals or exponents. */
const whole = (v: string): number => (/^\d{1,13}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
const moneyOrBlank = (v: string, blank: string) => (v.trim() === '' ? blank : normalMoney(v));

/** The body of POST /ops/point-goods. Empty description boxes send none. */
export const goodsBody = (f: NewGoodsForm) => {
  const description = textOf(f.description);
  return {
    name: textOf(f.name) ?? '',
    ...(description === null ? {} : { description }),
    art: f.art,
    kind: f.kind,
    points: whole(f.points),
    amount: moneyOrBlank(f.amount, '0.00'),
    stock: whole(f.stock),
    limitPerMember: f.limitPerMember.trim() === '' ? null : whole(f.limitPerMember),
    onSale: f.onSale,
    sort: f.sort.trim() === '' ? 0 : whole(f.sort),
  };
};

/** Each language's box of a LocalizedText, checked as the contract checks it. */
const textProblems = (field: 'name' | 'description', texts: Texts, required: boolean, out: GoodsProblems) => {
  const written = TEXT_LANGS.some((l) => texts[l].trim());
  if (!written) {
    if (required) out[`${field}.en`] = 'required';
    return;
  }
  if (!texts.en.trim()) out[`${field}.en`] = 'en_required';
  for (const lang of TEXT_LANGS) {
    const v = texts[lang].trim();
    if (v && !LocalizedText.safeParse(v).success) out[`${field}.${lang}`] = v.length > GOODS_TEXT_MAX ? 'too_long' : 'invalid';
  }
};

const ruleOfNumber = (field: string): GoodsRule => (field === 'amount' ? 'amount_format' : field in GOODS_BOUNDS ? 'whole_between' : 'invalid');

/** What the server would refuse in a new good, by form path (`name.en`, `points` …). */
export const newGoodsProblems = (f: NewGoodsForm): GoodsProblems => {
  const out: GoodsProblems = {};
  textProblems('name', f.name, true, out);
  textProblems('description', f.description, false, out);
  const parsed = OpsPointGoodsBody.safeParse(goodsBody(f));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'name' || field === 'description') {
        if (!Object.keys(out).some((k) => k.startsWith(`${field}.`))) out[`${field}.en`] = 'invalid';
      } else out[field] ??= ruleOfNumber(field);
    }
  }
  return out;
};

// ---- Changing goods already listed ----

export type EditGoodsForm = { points: string; amount: string; limitPerMember: string; sort: string; addStock: string };

export const editGoodsForm = (g: OpsPointGoods): EditGoodsForm => ({
  points: String(g.points),
  amount: g.amount,
  limitPerMember: g.limitPerMember === null ? '' : String(g.limitPerMember),
  sort: String(g.sort),
  addStock: '',
});

/**
 * The body of PATCH /ops/point-goods/:id: only what changed (an unchanged field is not sent, so the
 * audit's before and after show the change alone); an empty box of more stock adds none.
 */
export const goodsPatch = (g: OpsPointGoods, f: EditGoodsForm) => {
  const patch: Record<string, unknown> = {};
  const points = whole(f.points);
  if (points !== g.points) patch.points = points;
  const amount = moneyOrBlank(f.amount, '0.00');
  if (amount !== g.amount) patch.amount = amount;
  const limit = f.limitPerMember.trim() === '' ? null : whole(f.limitPerMember);
  if (limit !== g.limitPerMember) patch.limitPerMember = limit;
  const sort = f.sort.trim() === '' ? 0 : whole(f.sort);
  if (sort !== g.sort) patch.sort = sort;
  if (f.addStock.trim() !== '') patch.addStock = whole(f.addStock);
  return patch;
};

/** What the server would refuse in a change, by field; `form: 'nothing'` when nothing changed. */
export const goodsPatchProblems = (g: OpsPointGoods, f: EditGoodsForm): GoodsProblems => {
  const patch = goodsPatch(g, f);
  if (Object.keys(patch).length === 0) return { form: 'nothing' };
  const parsed = OpsPointGoodsPatch.safeParse(patch);
  if (parsed.success) return {};
  const out: GoodsProblems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= ruleOfNumber(field);
  }
  return out;
};

/** The words of a rule, with the bounds of its field. */
export const ruleVars = (path: string) => {
  const field = path.split('.')[0] as keyof typeof GOODS_BOUNDS;
  return { ...(GOODS_BOUNDS[field] ?? { min: 0, max: 0 }), textMax: GOODS_TEXT_MAX };
};
