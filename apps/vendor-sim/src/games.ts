import { randomInt } from 'node:crypto';

/** What each category's page offers and how one round of it ends. Payouts are stake × multiplier (percent). */
export type Category = 'RNG' | 'LIVE' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT' | 'COCKFIGHT' | 'BINGO' | 'MINI';
export type Outcome = { multiplierPct: number; text: string };
export type GameDef = { title: string; prompt: string; choices: { value: string; label: string }[]; play: (choice: string, rand: (n: number) => number) => Outcome };

const CARD = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SYMBOLS = ['🍒', '🍋', '🔔', '⭐', '7'];

const sided = (a: string, b: string, pct: number, what: string): GameDef['play'] => (choice) => {
  const winner = randomInt(2) === 0 ? a : b;
  return { multiplierPct: choice === winner ? pct : 0, text: `${what}: ${winner}` };
};

export const GAMES: Record<Category, GameDef> = {
  RNG: {
    title: 'Slot — 3 reels',
    prompt: 'Spin: three of a kind pays 10× (7-7-7 pays 25×), a pair pays 1.5×',
    choices: [{ value: 'spin', label: 'Spin' }],
    play: (_c, rand) => {
      const reels = [0, 1, 2].map(() => SYMBOLS[rand(SYMBOLS.length)]);
      const [a, b, c] = reels;
      const pct = a === b && b === c ? (a === '7' ? 2500 : 1000) : a === b || b === c || a === c ? 150 : 0;
      return { multiplierPct: pct, text: reels.join(' ') };
    },
  },
  LIVE: {
    title: 'Baccarat',
    prompt: 'Player pays 2×, Banker 1.95×, Tie 9×',
    choices: [{ value: 'player', label: 'Player' }, { value: 'banker', label: 'Banker' }, { value: 'tie', label: 'Tie' }],
    play: (choice, rand) => {
      const hand = () => [rand(13), rand(13)];
      const points = (h: number[]) => h.reduce((s, c) => s + (c >= 9 ? 0 : c + 1), 0) % 10;
      const p = hand();
      const b = hand();
      const pp = points(p);
      const bp = points(b);
      const result = pp > bp ? 'player' : bp > pp ? 'banker' : 'tie';
      const pct = choice !== result ? 0 : result === 'player' ? 200 : result === 'banker' ? 195 : 900;
      return { multiplierPct: pct, text: `Player ${p.map((c) => CARD[c]).join(' ')} (${pp}) — Banker ${b.map((c) => CARD[c]).join(' ')} (${bp}): ${result}` };
    },
  },
  FISH: {
    title: 'Fishing',
    prompt: 'Shoot a target: small fish 2× (1 in 2), shark 5× (1 in 5), dragon 20× (1 in 20)',
    choices: [{ value: 'small', label: 'Small fish' }, { value: 'shark', label: 'Shark' }, { value: 'dragon', label: 'Dragon' }],
    play: (choice, rand) => {
      const odds: Record<string, [number, number]> = { small: [2, 200], shark: [5, 500], dragon: [20, 2000] };
      const [n, pct] = odds[choice] ?? odds.small;
      const hit = rand(n) === 0;
      return { multiplierPct: hit ? pct : 0, text: hit ? `You caught the ${choice}!` : `The ${choice} got away` };
    },
  },
  PVP: {
    title: 'Card duel',
    prompt: 'Higher card wins 1.95×; a tie returns the stake',
    choices: [{ value: 'draw', label: 'Draw' }],
    play: (_c, rand) => {
      const me = rand(13);
      const them = rand(13);
      return { multiplierPct: me > them ? 195 : me === them ? 100 : 0, text: `You ${CARD[me]} — opponent ${CARD[them]}` };
    },
  },
  SPORTS: { title: 'Lions v Tigers', prompt: 'Back a side at 1.90', choices: [{ value: 'Lions', label: 'Lions 1.90' }, { value: 'Tigers', label: 'Tigers 1.90' }], play: sided('Lions', 'Tigers', 190, 'Full time, winner') },
  ESPORTS: { title: 'Team Nova v Team Flux', prompt: 'Back a side at 1.90', choices: [{ value: 'Nova', label: 'Nova 1.90' }, { value: 'Flux', label: 'Flux 1.90' }], play: sided('Nova', 'Flux', 190, 'Map won by') },
  LOTT: {
    title: 'Lottery — pick a digit',
    prompt: 'Pick 0–9: the drawn digit pays 9×',
    choices: [...Array(10).keys()].map((d) => ({ value: String(d), label: String(d) })),
    play: (choice, rand) => {
      const d = rand(10);
      return { multiplierPct: String(d) === choice ? 900 : 0, text: `Drawn: ${d}` };
    },
  },
  ELOTT: {
    title: 'Quick lottery — big or small',
    prompt: 'Sum of three dice: small 4–10 or big 11–17 pays 1.95× (triples lose)',
    choices: [{ value: 'small', label: 'Small' }, { value: 'big', label: 'Big' }],
    play: (choice, rand) => {
      const dice = [rand(6) + 1, rand(6) + 1, rand(6) + 1];
      const sum = dice[0] + dice[1] + dice[2];
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      const side = sum >= 11 ? 'big' : 'small';
      return { multiplierPct: !triple && side === choice ? 195 : 0, text: `Dice ${dice.join(' ')} = ${sum}${triple ? ' (triple)' : ` (${side})`}` };
    },
  },
  COCKFIGHT: { title: 'Cockfight', prompt: 'Meron or Wala at 1.90', choices: [{ value: 'MERON', label: 'Meron' }, { value: 'WALA', label: 'Wala' }], play: sided('MERON', 'WALA', 190, 'Winner') },
  BINGO: {
    title: 'Bingo 25',
    prompt: 'Pick a number of 1–25: five are drawn, a hit pays 4.5×',
    choices: [...Array(25).keys()].map((n) => ({ value: String(n + 1), label: String(n + 1) })),
    play: (choice, rand) => {
      const pool = [...Array(25).keys()].map((n) => n + 1);
      const drawn: number[] = [];
      for (let i = 0; i < 5; i++) drawn.push(pool.splice(rand(pool.length), 1)[0]);
      return { multiplierPct: drawn.includes(Number(choice)) ? 450 : 0, text: `Drawn: ${drawn.sort((a, b) => a - b).join(' ')}` };
    },
  },
  MINI: { title: 'Coin flip', prompt: 'Heads or tails at 1.95', choices: [{ value: 'HEADS', label: 'Heads' }, { value: 'TAILS', label: 'Tails' }], play: sided('HEADS', 'TAILS', 195, 'Coin') },
};

export const isCategory = (v: string): v is Category => v in GAMES;

/** One round: the outcome and the payout in minor units for a stake in minor units. */
export const playRound = (category: Category, choice: string, stake: bigint, rand: (n: number) => number = (n) => randomInt(n)) => {
  const game = GAMES[category];
  const valid = game.choices.some((c) => c.value === choice) ? choice : game.choices[0].value;
  const outcome = game.play(valid, rand);
  return { ...outcome, choice: valid, payout: (stake * BigInt(outcome.multiplierPct)) / 100n };
};
