import { randomInt } from 'node:crypto';
import { TEXTS, fill, type Lang, type Texts } from './texts.js';

/** What each category's page offers and how one round of it ends. Payouts are stake × multiplier (percent). */
export type Category = 'RNG' | 'LIVE' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT' | 'COCKFIGHT' | 'BINGO' | 'MINI';
type GameTexts<C extends Category> = Texts['games'][C];
/** A round's outcome; its words are written in the player's language from the game's texts (texts.ts). */
export type Outcome<C extends Category = Category> = { multiplierPct: number; text: (t: GameTexts<C>) => string };
/** A game: the choices its buttons send (labelled by the texts' `labels`, else shown as they are) and one round of it. */
export type GameDef<C extends Category = Category> = { choices: readonly string[]; play: (choice: string, rand: (n: number) => number) => Outcome<C> };

const CARD = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SYMBOLS = ['🍒', '🍋', '🔔', '⭐', '7'];

/** Two sides at a price: the winner is named by the texts' `say` entry of its value. */
const sided =
  <C extends 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'MINI'>(a: string, b: string, pct: number): GameDef<C>['play'] =>
  (choice) => {
    const winner = randomInt(2) === 0 ? a : b;
    return { multiplierPct: choice === winner ? pct : 0, text: (t) => fill(t.say.winner, { winner: (t.say as Record<string, string>)[winner] ?? winner }) };
  };

export const GAMES: { [C in Category]: GameDef<C> } = {
  RNG: {
    choices: ['spin'],
    play: (_c, rand) => {
      const reels = [0, 1, 2].map(() => SYMBOLS[rand(SYMBOLS.length)]);
      const [a, b, c] = reels;
      const pct = a === b && b === c ? (a === '7' ? 2500 : 1000) : a === b || b === c || a === c ? 150 : 0;
      return { multiplierPct: pct, text: (t) => fill(t.say.reels, { reels: reels.join(' ') }) };
    },
  },
  LIVE: {
    choices: ['player', 'banker', 'tie'],
    play: (choice, rand) => {
      const hand = () => [rand(13), rand(13)];
      const points = (h: number[]) => h.reduce((s, c) => s + (c >= 9 ? 0 : c + 1), 0) % 10;
      const p = hand();
      const b = hand();
      const pp = points(p);
      const bp = points(b);
      const result = pp > bp ? 'player' : bp > pp ? 'banker' : 'tie';
      const pct = choice !== result ? 0 : result === 'player' ? 200 : result === 'banker' ? 195 : 900;
      const cards = (h: number[]) => h.map((c) => CARD[c]).join(' ');
      return { multiplierPct: pct, text: (t) => fill(t.say.hands, { player: cards(p), playerPoints: pp, banker: cards(b), bankerPoints: bp, result: t.labels[result] }) };
    },
  },
  FISH: {
    choices: ['small', 'shark', 'dragon'],
    play: (choice, rand) => {
      const odds: Record<string, [number, number]> = { small: [2, 200], shark: [5, 500], dragon: [20, 2000] };
      const target = (choice in odds ? choice : 'small') as 'small' | 'shark' | 'dragon';
      const [n, pct] = odds[target];
      const hit = rand(n) === 0;
      return { multiplierPct: hit ? pct : 0, text: (t) => fill(hit ? t.say.caught : t.say.missed, { target: t.say[target] }) };
    },
  },
  PVP: {
    choices: ['draw'],
    play: (_c, rand) => {
      const me = rand(13);
      const them = rand(13);
      return { multiplierPct: me > them ? 195 : me === them ? 100 : 0, text: (t) => fill(t.say.cards, { me: CARD[me], them: CARD[them] }) };
    },
  },
  SPORTS: { choices: ['Lions', 'Tigers'], play: sided('Lions', 'Tigers', 190) },
  ESPORTS: { choices: ['Nova', 'Flux'], play: sided('Nova', 'Flux', 190) },
  LOTT: {
    choices: [...Array(10).keys()].map(String),
    play: (choice, rand) => {
      const d = rand(10);
      return { multiplierPct: String(d) === choice ? 900 : 0, text: (t) => fill(t.say.drawn, { drawn: d }) };
    },
  },
  ELOTT: {
    choices: ['small', 'big'],
    play: (choice, rand) => {
      const dice = [rand(6) + 1, rand(6) + 1, rand(6) + 1];
      const sum = dice[0] + dice[1] + dice[2];
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      const side = sum >= 11 ? 'big' : 'small';
      return { multiplierPct: !triple && side === choice ? 195 : 0, text: (t) => fill(t.say.dice, { dice: dice.join(' '), sum, what: triple ? t.say.triple : t.say[side] }) };
    },
  },
  COCKFIGHT: { choices: ['MERON', 'WALA'], play: sided('MERON', 'WALA', 190) },
  BINGO: {
    choices: [...Array(25).keys()].map((n) => String(n + 1)),
    play: (choice, rand) => {
      const pool = [...Array(25).keys()].map((n) => n + 1);
      const drawn: number[] = [];
      for (let i = 0; i < 5; i++) drawn.push(pool.splice(rand(pool.length), 1)[0]);
      return { multiplierPct: drawn.includes(Number(choice)) ? 450 : 0, text: (t) => fill(t.say.drawn, { drawn: drawn.sort((a, b) => a - b).join(' ') }) };
    },
  },
  MINI: { choices: ['HEADS', 'TAILS'], play: sided('HEADS', 'TAILS', 195) },
};

export const isCategory = (v: string): v is Category => v in GAMES;

/** A game's page in one language: its title, prompt and buttons. */
export const gameView = (category: Category, lang: Lang) => {
  const t = TEXTS[lang].games[category];
  const labels = t.labels as Record<string, string>;
  return { title: t.title, prompt: t.prompt, choices: GAMES[category].choices.map((value) => ({ value, label: labels[value] ?? value })) };
};
export type GameView = ReturnType<typeof gameView>;

/** One round: the outcome (in the player's language) and the payout in minor units for a stake in minor units. */
export const playRound = (category: Category, choice: string, stake: bigint, rand: (n: number) => number = (n) => randomInt(n), lang: Lang = 'en') => {
  const game = GAMES[category] as GameDef;
  const valid = game.choices.includes(choice) ? choice : game.choices[0];
  const outcome = game.play(valid, rand);
  const text = outcome.text(TEXTS[lang].games[category] as never);
  return { multiplierPct: outcome.multiplierPct, text, choice: valid, payout: (stake * BigInt(outcome.multiplierPct)) / 100n };
};
