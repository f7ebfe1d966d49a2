import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_CLOSED_NUMBERS_MAX, LOTTERY_GAME_CODES, LOTTERY_GAMES, type LotteryGameCode, type OpsLotteryClosedNumber } from '@apsara/contracts';
import { LotteryNumberFields, type LotteryNumberDraft } from './lottery-number-fields';
import { Icon } from '../../../../components/ui/icons/icons';
import { contentLanguage } from '../../../../i18n/languages';
import { useCloseNumber, useOpsClosedNumbers, useReopenNumber } from '../../api/lottery';
import { closingNumberProblem } from '../../logic/lottery-risk';
import { Time } from '../common/bits';
import type { DecisionRequest } from '../common/decision-dialog';
import { BoNotice } from '../common/states';
import { BoTable } from '../common/table';

/**
 * What the risk page asks before it closes a number or opens one again (one dialog for both, shown by
 * the page: a number is closed from this panel's form or from a pick's row).
 */
export const useNumberClosing = (ask: (request: DecisionRequest) => void) => {
  const { t, i18n } = useTranslation('ops');
  const close = useCloseNumber();
  const reopen = useReopenNumber();
  const [notice, setNotice] = useState<string | null>(null);
  const gameName = (code: LotteryGameCode) => LOTTERY_GAMES[code].names[contentLanguage(i18n.language)];
  const facts = (code: LotteryGameCode, number: string) => [
    { label: t('lotteryRisk.fact_game'), value: gameName(code) },
    { label: t('lotteryRisk.fact_number'), value: <strong className="num">{number}</strong> },
  ];

  const askClose = (code: LotteryGameCode, number: string) => {
    setNotice(null);
    ask({
      title: t('lotteryRisk.close_title', { number, game: gameName(code) }),
      confirmLabel: t('lotteryRisk.close_confirm'),
      tone: 'reject',
      facts: facts(code, number),
      consequence: t('lotteryRisk.close_consequence', { number }),
      note: { rule: 'optional', max: 200, label: t('lotteryRisk.reason'), audit: true },
      run: ({ note }) => close.mutateAsync({ gameCode: code, number, reason: note || null }),
      onDone: () => setNotice(t('lotteryRisk.closed_notice', { number, game: gameName(code) })),
    });
  };

  const askReopen = (item: OpsLotteryClosedNumber) => {
    setNotice(null);
    ask({
      title: t('lotteryRisk.reopen_title', { number: item.number, game: gameName(item.gameCode) }),
      confirmLabel: t('lotteryRisk.reopen_confirm'),
      tone: 'approve',
      facts: facts(item.gameCode, item.number),
      consequence: t('lotteryRisk.reopen_consequence', { number: item.number }),
      run: () => reopen.mutateAsync(item.id),
      onDone: () => setNotice(t('lotteryRisk.reopened_notice', { number: item.number, game: gameName(item.gameCode) })),
    });
  };

  return { askClose, askReopen, notice, gameName };
};

type Props = {
  /** Whether this operator may close and open numbers (admin); the others read the list. */
  canClose: boolean;
  closing: ReturnType<typeof useNumberClosing>;
};

/**
 * Closed numbers (GET /ops/lottery/closed-numbers): the numbers the site takes no new bets on, each in
 * one lottery, with who closed it, when and why; an admin closes another from the form above the list
 * and opens one again from its row.
 */
export const ClosedNumbersPanel = ({ canClose, closing }: Props) => {
  const { t } = useTranslation('ops');
  const list = useOpsClosedNumbers();
  const [draft, setDraft] = useState<LotteryNumberDraft>({ game: '', number: '' });
  const [errors, setErrors] = useState<{ game?: string; number?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = closingNumberProblem(draft.game, draft.number, LOTTERY_GAME_CODES);
    setErrors({ game: problems.game && t(`lotteryRisk.close_${problems.game}`), number: problems.number && t(`lotteryRisk.close_${problems.number}`) });
    if (problems.game || problems.number) return;
    closing.askClose(draft.game as LotteryGameCode, draft.number.trim());
  };

  const count = list.data?.items.length ?? 0;
  return (
    <section className="bo-panel bo-panel--flush" aria-labelledby="bo-closed-title">
      <div className="bo-panel__bar">
        <h2 className="bo-panel__title" id="bo-closed-title">
          <Icon name="lock" size={18} />
          {t('lotteryRisk.closed_title')}
        </h2>
        <p className="bo-faint">{t('lotteryRisk.closed_count', { count, max: LOTTERY_CLOSED_NUMBERS_MAX })}</p>
      </div>
      <p className="bo-closed__lede">{t('lotteryRisk.closed_lede')}</p>
      {canClose && (
        <form className="bo-search bo-closed__form" aria-label={t('lotteryRisk.close_form')} onSubmit={submit} noValidate>
          <LotteryNumberFields idBase="bo-close" draft={draft} onChange={setDraft} noGameLabel={t('lotteryRisk.choose_game')} errors={errors} />
          <button type="submit" className="btn bo-btn--danger bo-search__go">
            <Icon name="lock" size={16} />
            {t('lotteryRisk.close')}
          </button>
        </form>
      )}
      <BoNotice message={closing.notice} />
      <BoTable
        list={list}
        caption={t('lotteryRisk.closed_caption')}
        head={
          <>
            <th scope="col">{t('lotteryRisk.col_game')}</th>
            <th scope="col">{t('lotteryRisk.col_number')}</th>
            <th scope="col">{t('lotteryRisk.col_reason')}</th>
            <th scope="col">{t('lotteryRisk.col_closed')}</th>
            {canClose && <th scope="col">{t('lotteryRisk.col_actions')}</th>}
          </>
        }
        row={(item: OpsLotteryClosedNumber) => (
          <tr key={item.id}>
            <td data-label={t('lotteryRisk.col_game')}>{closing.gameName(item.gameCode)}</td>
            <td data-label={t('lotteryRisk.col_number')} className="num bo-closed__number">
              {item.number}
            </td>
            <td data-label={t('lotteryRisk.col_reason')}>{item.reason ?? <span className="bo-faint">—</span>}</td>
            <td data-label={t('lotteryRisk.col_closed')}>
              <Time iso={item.createdAt} />
              <span className="mc-sub">{item.closedBy ?? t('audit.system')}</span>
            </td>
            {canClose && (
              <td data-label={t('lotteryRisk.col_actions')}>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => closing.askReopen(item)} aria-label={t('lotteryRisk.reopen_named', { number: item.number, game: closing.gameName(item.gameCode) })}>
                  <Icon name="check" size={14} />
                  {t('lotteryRisk.reopen')}
                </button>
              </td>
            )}
          </tr>
        )}
        empty={<p className="bo-closed__none">{t('lotteryRisk.closed_none')}</p>}
        cardsBelow={760}
      />
    </section>
  );
};
