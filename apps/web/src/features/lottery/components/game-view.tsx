import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LotteryGame, LotteryGameCode, LotteryGamesValue, LotterySlipValue } from '@apsara/contracts';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { useLocalize } from '../../../i18n/use-localize';
import { useLoginState } from '../../../lib/session';
import { useMediaQuery } from '../../../lib/use-media-query';
import { LOTTERY_KEYS, useLotterySlips } from '../api/lottery';
import { useDrawPhase } from '../hooks/use-clock';
import { usePlaceSlip } from '../hooks/use-place-slip';
import { EMPTY_SLIP, oddsTable, toggleSelection, withAmount, type Selection, type SlipDraft } from '../logic/slip';
import { LOTTERY_TABS, type LotteryTab } from '../logic/view';
import { BetBoard } from './bet-board';
import { VnBetBoard } from './vn-bet-board';
import { VnBoard } from './vn-board';
import { ChipSelector } from './chip-selector';
import { DrawStage } from './draw-stage';
import { MyBetsTab } from './my-bets-tab';
import { ResultsStrip } from './results-strip';
import { ResultsTab } from './results-tab';
import { RulesTab } from './rules-tab';
import { SlipPanel } from './slip-panel';
import { useLotteryTexts } from './texts';

/** Below this window width the slip is a bottom sheet over the board instead of a column beside it. */
const SHEET_QUERY = '(max-width: 899px)';

const TAB_ICONS: Record<LotteryTab, IconName> = { bet: 'lottery', mine: 'receipt', results: 'history', rules: 'info' };

type Props = {
  games: LotteryGamesValue;
  game: LotteryGame;
  tab: LotteryTab;
  offset: number;
  draft: SlipDraft;
  setDraft: (draft: SlipDraft) => void;
  chip: string | null;
  setChip: (amount: string | null) => void;
  openTab: (tab: LotteryTab) => void;
  hrefOf: (game: LotteryGameCode | null, tab?: LotteryTab) => string;
};

/**
 * One lottery: the open draw with its countdown and the latest result (the stage), then its tabs —
 * the bet board with the chips and the slip, the member's slips, the draw results, the rules.
 */
export const GameView = ({ games, game, tab, offset, draft, setDraft, chip, setChip, openTab, hrefOf }: Props) => {
  const { t } = useLotteryTexts(games.currencySymbol);
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const { isLogin, isTrial } = useLoginState();
  const member = isLogin && !isTrial;
  const phase = useDrawPhase(game.open, offset);
  const name = localize(game.name);
  const nameOf = useCallback(
    (code: LotteryGameCode) => {
      const g = games.items.find((x) => x.code === code);
      return g ? localize(g.name) : code;
    },
    [games.items, localize],
  );
  const odds = useMemo(() => oddsTable(games.betKinds), [games.betKinds]);
  const slips = useLotterySlips({ page: 1, gameCode: game.code }, member, offset);

  // A new result: the lists that show results and the slips on that draw are read again.
  const lastNo = game.last?.drawNo;
  useEffect(() => {
    if (!lastNo) return;
    void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.draws });
    void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.slips });
  }, [lastNo, queryClient]);

  // A slip settled on a draw newer than the latest result shown: the games answer is behind, read it again.
  const settledNo = slips.data?.items.find((x) => x.status !== 'pending' && x.result)?.drawNo;
  useEffect(() => {
    if (settledNo && (!lastNo || settledNo > lastNo)) void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.games });
  }, [settledNo, lastNo, queryClient]);

  const [placed, setPlaced] = useState<LotterySlipValue | null>(null);
  const [full, setFull] = useState(false);
  const [needAmount, setNeedAmount] = useState(false);
  const sheet = useMediaQuery(SHEET_QUERY);
  const [expanded, setExpanded] = useState(false);
  const [rollingNo, setRollingNo] = useState<string | null>(null);

  // The success note stands until the slip's draw is drawn; the stage then tells how it went.
  useEffect(() => {
    if (placed && lastNo && lastNo >= placed.drawNo) setPlaced(null);
  }, [placed, lastNo]);

  const onPlaced = useCallback(
    (slip: LotterySlipValue) => {
      setPlaced(slip);
      setFull(false);
      setDraft(EMPTY_SLIP);
    },
    [setDraft],
  );
  const placer = usePlaceSlip(game.code, onPlaced);

  const edit = (bets: Selection[], drawNo = draft.drawNo) => {
    setDraft({ drawNo: bets.length ? drawNo : null, bets });
    setPlaced(null);
    // A refusal's notes point at bets by their place in the slip: after an edit they may point wrong.
    if (placer.problem) placer.reset();
  };

  const toggle = (b: Omit<Selection, 'amount'>) => {
    if (!chip) {
      setNeedAmount(true);
      return;
    }
    setNeedAmount(false);
    const next = toggleSelection(draft.bets, { ...b, amount: chip }, games.maxBets);
    setFull(next.refused === 'full');
    // A slip's first bet ties it to the draw open now (or, while betting is closed, to the next one).
    edit(next.bets, draft.bets.length ? draft.drawNo : phase === 'open' ? game.open.drawNo : null);
  };

  const stale = placer.closedDraw ?? draft.drawNo;
  const move = () => {
    placer.reset();
    setDraft({ ...draft, drawNo: phase === 'open' && game.open.drawNo !== stale ? game.open.drawNo : null });
  };

  const vn = game.family === 'vn';
  // The switcher offers the lotteries of the same kind (a slip of one kind has no place on the other).
  const siblings = games.items.filter((g) => g.family === game.family);
  const items = LOTTERY_TABS.map((key) => ({ key, label: t(`tabs.${key}`), icon: <Icon name={TAB_ICONS[key]} size={18} /> }));

  return (
    <div className={`lt-game${tab === 'bet' && sheet ? ' lt-game--sheet' : ''}`}>
      <nav className="lt-bar" aria-label={t('game.nav')}>
        <Link to={hrefOf(null)} className="lt-bar__back">
          <Icon name="chevronLeft" size={18} />
          {t('game.back')}
        </Link>
        <ul className="lt-switch">
          {siblings.map((g) => (
            <li key={g.code}>
              <Link to={hrefOf(g.code, tab)} aria-current={g.code === game.code ? 'page' : undefined} className="lt-switch__item">
                {localize(g.name)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <DrawStage game={game} name={name} phase={phase} offset={offset} slips={member ? slips.data?.items : undefined} symbol={games.currencySymbol} onRolling={setRollingNo} />

      <div className="lt-tabs-row">
        <Tabs className="lt-tabs" idBase="lt" items={items} value={tab} onChange={openTab} label={t('tabs.label')} />
      </div>

      <div {...tabPanelProps('lt', tab)} aria-labelledby={`lt-tab-${tab}`} className="lt-tabpanel" tabIndex={-1}>
        {tab === 'bet' ? (
          <div className="lt-play">
            <div className="lt-play__main">
              <ResultsStrip gameCode={game.code} holdBack={rollingNo} />
              {vn && game.last?.result && rollingNo !== game.last.drawNo ? (
                <details className="lt-vn-latest">
                  <summary>{t('vn.latest', { drawNo: game.last.drawNo })}</summary>
                  <VnBoard digits={game.last.result} caption={t('vn.board_of', { drawNo: game.last.drawNo })} />
                </details>
              ) : null}
              {vn ? (
                <VnBetBoard bets={draft.bets} odds={odds} onToggle={toggle} note={needAmount ? t('board.need_amount') : null} closed={game.closed} />
              ) : (
                <BetBoard bets={draft.bets} odds={odds} onToggle={toggle} note={needAmount ? t('board.need_amount') : null} closed={game.closed} />
              )}
              <ChipSelector
                amount={chip}
                onChange={(a) => {
                  setChip(a);
                  if (a) setNeedAmount(false);
                }}
                min={games.minBet}
                max={games.maxBet}
                symbol={games.currencySymbol}
              />
            </div>
            <SlipPanel
              bets={draft.bets}
              drawNo={draft.drawNo}
              openDrawNo={game.open.drawNo}
              phase={phase}
              odds={odds}
              min={games.minBet}
              max={games.maxBet}
              maxBets={games.maxBets}
              symbol={games.currencySymbol}
              chipAmount={chip}
              onAmount={(i, amount) => edit(draft.bets.map((b, k) => (k === i ? { ...b, amount } : b)))}
              onRemove={(i) => {
                setFull(false);
                edit(draft.bets.filter((_, k) => k !== i));
              }}
              onClear={() => {
                setFull(false);
                placer.reset();
                edit([]);
              }}
              onApplyAll={(amount) => edit(withAmount(draft.bets, amount))}
              onPlace={() => placer.place(draft.drawNo ?? game.open.drawNo, draft.bets)}
              onMove={move}
              sending={placer.sending}
              problem={placer.problem}
              closedNumbers={game.closed}
              closedDraw={placer.closedDraw}
              placed={placed}
              sheet={sheet}
              expanded={expanded}
              onExpand={setExpanded}
              full={full}
              family={game.family}
            />
          </div>
        ) : null}
        {tab === 'mine' ? <MyBetsTab gameCode={game.code} offset={offset} symbol={games.currencySymbol} nameOf={nameOf} onBet={() => openTab('bet')} /> : null}
        {tab === 'results' ? <ResultsTab gameCode={game.code} name={name} family={game.family} /> : null}
        {tab === 'rules' ? <RulesTab games={games} family={game.family} /> : null}
      </div>
    </div>
  );
};
