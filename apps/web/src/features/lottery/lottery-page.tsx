import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOTTERY_GAME_CODES, LOTTERY_MIN_BET, lotteryFamilyOf, toMinor, type LotteryFamily, type LotteryGameCode } from '@apsara/contracts';
import { ErrorState } from '../../components/ui/member/states';
import { offsetOf, useLotteryGames } from './api/lottery';
import { GameView } from './components/game-view';
import { Lobby, LobbySkeleton } from './components/lobby';
import { VerifyModal } from './components/verify-modal';
import { useLotteryView } from './hooks/use-lottery-view';
import { EMPTY_SLIP, normalizeAmount, type SlipDraft } from './logic/slip';
import type { LotteryTab } from './logic/view';
import './lottery.css';
import { PageHead } from '../../components/ui/page-head/page-head';

/** What the route table hands a section: its title (common namespace) and its game category. */
type Props = { titleKey: string; category?: string };

/** The chip a new visitor starts with. */
const FIRST_CHIP = '10.00';

/**
 * Apsara's own 5-digit lotteries (spec §2 /lottery, /seaLottery, /vnLottery and their full-screen game
 * pages; "Lottery draw results"). Without `?gameCode` it is the lobby; with it, that lottery's view.
 * Slips are kept per lottery while the page is open, so a look at the other lottery loses nothing.
 */
const LotteryPage = ({ titleKey, category }: Props) => {
  const { t } = useTranslation('lottery');
  const { t: tc } = useTranslation();
  const { pathname } = useLocation();
  // /vnLottery lists the Vietnam lotteries, /seaLottery the 5D ones (with a note that its own family is
  // not offered), /lottery all of them. A game opened by its code shows on any of them.
  const vnPage = category === 'VN_LOTTERY';
  const pageFamily: LotteryFamily | null = vnPage ? 'vn' : category && category !== 'LOTTERY' ? '5d' : null;
  const shows = (g: { family: LotteryFamily }) => pageFamily === null || g.family === pageFamily;
  const view = useLotteryView(LOTTERY_GAME_CODES.find((c) => shows({ family: lotteryFamilyOf(c) })));
  const games = useLotteryGames();
  const offset = offsetOf(games.data, games.dataUpdatedAt);
  const [drafts, setDrafts] = useState<Partial<Record<LotteryGameCode, SlipDraft>>>({});
  // Undefined until the member picks an amount: the first chip then follows the site's least bet.
  const [chip, setChip] = useState<string | null | undefined>(undefined);

  const hrefOf = useCallback(
    (game: LotteryGameCode | null, tab: LotteryTab = 'bet') => (game ? `${pathname}?gameCode=${game}${tab === 'bet' ? '' : `&tab=${tab}`}` : pathname),
    [pathname],
  );

  const game = view.game ? games.data?.items.find((g) => g.code === view.game) : undefined;
  // The site's least bet when it is above the usual first chip.
  const minBet = games.data?.minBet ?? LOTTERY_MIN_BET;
  const firstChip = toMinor(minBet) > toMinor(FIRST_CHIP) ? normalizeAmount(minBet) : FIRST_CHIP;
  const family = category && category !== 'LOTTERY' && !vnPage ? tc(titleKey) : null;
  const listed = games.data ? { ...games.data, items: games.data.items.filter(shows) } : undefined;

  const content = () => {
    if (games.isPending) return <LobbySkeleton />;
    if (games.isError) return <ErrorState error={games.error} onRetry={() => void games.refetch()} />;
    if (game) {
      return (
        <GameView
          key={game.code}
          games={games.data}
          game={game}
          tab={view.tab}
          offset={offset}
          draft={drafts[game.code] ?? EMPTY_SLIP}
          setDraft={(draft) => setDrafts((all) => ({ ...all, [game.code]: draft }))}
          chip={chip === undefined ? firstChip : chip}
          setChip={setChip}
          openTab={(tab) => view.openGame(game.code, tab, true)}
          hrefOf={hrefOf}
        />
      );
    }
    return <Lobby games={listed!} offset={offset} hrefOf={hrefOf} />;
  };

  return (
    <div className="lt">
      {game ? null : (
        <PageHead eyebrow={tc(titleKey)} title={vnPage ? t('page.title_vn') : family ? t('page.title') : t('page.title_all')} lede={vnPage ? t('page.lede_vn') : family ? t('page.lede') : t('page.lede_all')} />
      )}
      {family ? (
        <p className="lt-alert lt-alert--info lt-family" role="note">
          {t('page.other_family', { family })}
        </p>
      ) : null}
      {content()}
      <VerifyModal />
    </div>
  );
};

export default LotteryPage;
