import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoginState } from '../../lib/session';
import { SlotGame } from './components/slot-game';
import { DiceGame } from './components/dice-game';
import { MinesGame } from './components/mines-game';
import { FairVerifier } from './components/fair-verifier';
import { backOf } from './logic';
import './seamless.css';

type Props = { titleKey: string };

const GAMES = ['APSARA:SLOT', 'APSARA:DICE', 'APSARA:MINES', 'APSARA:VERIFY'] as const;
const NAV_KEY: Record<(typeof GAMES)[number], string> = {
  'APSARA:SLOT': 'slot.title',
  'APSARA:DICE': 'dice.title',
  'APSARA:MINES': 'mines.title',
  'APSARA:VERIFY': 'verify.title',
};

/**
 * The page an in-house (APSARA) game runs in: /seamless?game=APSARA:SLOT|DICE|MINES, and the
 * provably-fair verifier at /seamless?game=APSARA:VERIFY. In-house games call /wps/inhouse/… with
 * the member's own portal session; the launch's `token` parameter is for outside vendors and is ignored.
 */
const SeamlessPage = (_props: Props) => {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const { isTrial } = useLoginState();
  const game = (params.get('game') ?? '').toUpperCase();
  const known = (GAMES as readonly string[]).includes(game);
  const needsMoney = known && game !== 'APSARA:VERIFY';
  // Where the launch came from (the server sends it as `back`); the game tabs carry it along.
  const back = backOf(params);

  return (
    <div className="ih-page">
      <nav className="ih-nav" aria-label={t('nav')}>
        <Link to={back ?? '/'} className="ih-back">
          <span aria-hidden="true">←</span> {t('back')}
        </Link>
        {GAMES.map((g) => (
          <Link key={g} to={`/seamless?game=${g}${back ? `&back=${encodeURIComponent(back)}` : ''}`} aria-current={g === game ? 'page' : undefined}>{t(NAV_KEY[g])}</Link>
        ))}
      </nav>
      {!known ? <p className="ih-muted ih-empty">{t('unknownGame')}</p> : null}
      {needsMoney && isTrial ? <p className="ih-error" role="alert">{t('errors.trial')}</p> : null}
      {game === 'APSARA:SLOT' && !isTrial ? <SlotGame /> : null}
      {game === 'APSARA:DICE' && !isTrial ? <DiceGame /> : null}
      {game === 'APSARA:MINES' && !isTrial ? <MinesGame /> : null}
      {/* The verifier takes its round from the address once: another round's link starts it afresh. */}
      {game === 'APSARA:VERIFY' ? <FairVerifier key={params.toString()} /> : null}
    </div>
  );
};

export default SeamlessPage;
