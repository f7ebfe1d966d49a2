import { describe, expect, it } from 'vitest';
import { OpsPointGoodsBody, OpsPointGoodsPatch, type OpsPointGoods } from '@apsara/contracts';
import { editGoodsForm, goodsBody, goodsPatch, goodsPatchProblems, newGoodsForm, newGoodsProblems, type NewGoodsForm } from './point-goods';

const form = (patch: Partial<NewGoodsForm> = {}): NewGoodsForm => ({ ...newGoodsForm(), name: { en: 'Gold bar', km: '', cn: '' }, points: '5000', stock: '10', ...patch });

const goods: OpsPointGoods = {
  id: '7',
  name: { en: 'Phone', km: 'ទូរស័ព្ទ' },
  description: null,
  art: 'phone',
  kind: 'physical',
  points: 1000,
  amount: '0.00',
  stock: 10,
  remaining: 4,
  limitPerMember: null,
  onSale: true,
  sort: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('new points-mall goods', () => {
  it('turns the form into the body the contract takes', () => {
    const body = goodsBody(form({ name: { en: ' Gold bar ', km: 'មាស', cn: '' }, description: { en: 'One gram', km: '', cn: '' }, amount: '7.5', limitPerMember: '2', sort: '30' }));
    expect(body).toEqual({ name: { en: 'Gold bar', km: 'មាស' }, description: 'One gram', art: 'phone', kind: 'physical', points: 5000, amount: '7.50', stock: 10, limitPerMember: 2, onSale: true, sort: 30 });
    expect(OpsPointGoodsBody.safeParse(body).success).toBe(true);
  });

  it('sends one string for every language when only English is written, no description when none is, no limit when the box is empty', () => {
    const body = goodsBody(form({ amount: '', sort: '' }));
    expect(body).toEqual({ name: 'Gold bar', art: 'phone', kind: 'physical', points: 5000, amount: '0.00', stock: 10, limitPerMember: null, onSale: true, sort: 0 });
    expect(newGoodsProblems(form())).toEqual({});
  });

  it('refuses what the server refuses, by field', () => {
    expect(newGoodsProblems(form({ name: { en: '', km: '', cn: '' } }))).toEqual({ 'name.en': 'required' });
    expect(newGoodsProblems(form({ name: { en: '', km: 'មាស', cn: '' } }))).toEqual({ 'name.en': 'en_required' });
    expect(newGoodsProblems(form({ name: { en: 'x', km: '', cn: 'y'.repeat(121) } }))).toEqual({ 'name.cn': 'too_long' });
    expect(newGoodsProblems(form({ description: { en: '', km: 'ពិពណ៌នា', cn: '' } }))).toEqual({ 'description.en': 'en_required' });
    expect(newGoodsProblems(form({ points: '0' }))).toEqual({ points: 'whole_between' });
    expect(newGoodsProblems(form({ points: '1.5' }))).toEqual({ points: 'whole_between' });
    expect(newGoodsProblems(form({ points: '1000000000' }))).toEqual({});
    expect(newGoodsProblems(form({ points: '1000000001' }))).toEqual({ points: 'whole_between' });
    expect(newGoodsProblems(form({ stock: '' }))).toEqual({ stock: 'whole_between' });
    expect(newGoodsProblems(form({ stock: '0' }))).toEqual({});
    expect(newGoodsProblems(form({ amount: '-1' }))).toEqual({ amount: 'amount_format' });
    expect(newGoodsProblems(form({ amount: '1.234' }))).toEqual({ amount: 'amount_format' });
    expect(newGoodsProblems(form({ limitPerMember: '0' }))).toEqual({ limitPerMember: 'whole_between' });
    expect(newGoodsProblems(form({ limitPerMember: '1001' }))).toEqual({ limitPerMember: 'whole_between' });
    expect(newGoodsProblems(form({ sort: '10001' }))).toEqual({ sort: 'whole_between' });
  });
});

describe('changing goods', () => {
  it('starts from the good as listed and sends nothing that did not change', () => {
    const f = editGoodsForm(goods);
    expect(f).toEqual({ points: '1000', amount: '0.00', limitPerMember: '', sort: '0', addStock: '' });
    expect(goodsPatch(goods, f)).toEqual({});
    expect(goodsPatchProblems(goods, f)).toEqual({ form: 'nothing' });
  });

  it('sends the changed fields and the stock to add', () => {
    const patch = goodsPatch(goods, { points: '1200', amount: '5', limitPerMember: '3', sort: '0', addStock: '20' });
    expect(patch).toEqual({ points: 1200, amount: '5.00', limitPerMember: 3, addStock: 20 });
    expect(OpsPointGoodsPatch.safeParse(patch).success).toBe(true);
    // Emptying the limit box lifts the limit.
    expect(goodsPatch({ ...goods, limitPerMember: 2 }, { ...editGoodsForm(goods), limitPerMember: '' })).toEqual({ limitPerMember: null });
  });

  it('refuses what the server refuses', () => {
    expect(goodsPatchProblems(goods, { ...editGoodsForm(goods), addStock: '0' })).toEqual({ addStock: 'whole_between' });
    expect(goodsPatchProblems(goods, { ...editGoodsForm(goods), points: 'x' })).toEqual({ points: 'whole_between' });
    expect(goodsPatchProblems(goods, { ...editGoodsForm(goods), amount: 'abc' })).toEqual({ amount: 'amount_format' });
    expect(goodsPatchProblems(goods, { ...editGoodsForm(goods), addStock: '5' })).toEqual({});
  });
});
