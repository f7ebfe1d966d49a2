/**
 * Every word the simulator shows a player or sends the portal about a round, in the three languages a
 * launch URL may ask for (`lang=en|km|cn`). English is the model: the Khmer and Chinese tables have its
 * type, so a key missing from either is a type error. Texts with `{name}` holes are filled by `fill`
 * here and by the same rule in the pages' scripts, which get their part of the table in their CFG.
 * Team and league names are proper nouns and stay as they are.
 */

export const LANGS = ['en', 'km', 'cn'] as const;
export type Lang = (typeof LANGS)[number];

/** The language of a launch or a call: one of the three, anything else (or nothing) English. */
export const langOf = (v: unknown): Lang => (typeof v === 'string' && (LANGS as readonly string[]).includes(v) ? (v as Lang) : 'en');

/** `<html lang>` of each language. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', km: 'km', cn: 'zh-CN' };
/** The locale dates and times are written in (toLocaleString). */
export const LOCALE: Record<Lang, string> = { en: 'en-GB', km: 'km-KH', cn: 'zh-CN' };

/** A text with its `{name}` holes filled; a hole without a value stays as it is, so a slip shows. */
export const fill = (template: string, vars: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

const en = {
  common: {
    backToLobby: '← Back to lobby',
    player: 'Player',
    balance: 'Balance',
    stake: 'Stake',
  },
  /** The portal's refusals as the player reads them; `other` for a code without its own sentence. */
  portal: {
    sessionEnded: 'Your game session has ended: open the game again from the lobby ({code})',
    gameClosed: 'This game is closed for now: try again later ({code})',
    playerBlocked: 'Your account cannot play at the moment ({code})',
    trial: 'Trial accounts cannot play for money ({code})',
    unreachable: 'The portal did not answer: try again',
    other: '{code}: {message}',
  },
  /** The sportsbook page: what the server renders, and (script) what its script writes. */
  sportsbook: {
    title: 'Sportsbook',
    myBets: 'My bets',
    matches: 'Matches',
    tabs: { inplay: 'In-play', today: 'Today', hot: 'Hot matches', leagues: 'Leagues' },
    league: 'League',
    loading: 'Loading the matches…',
    slip: 'Bet slip',
    close: 'Close',
    slipEmpty: 'Choose a price to back it. Prices from up to {n} matches make an accumulator.',
    limits: '{min} to {max}',
    returns: 'Returns',
    place: 'Place bet',
    clear: 'Clear',
    columns: { match: 'Match', pick: 'Pick', price: 'Price', stake: 'Stake', result: 'Result' },
    noBets: 'No bets yet.',
  },
  /** Words of the sportsbook shared by its page, its answers and the round words sent to the portal. */
  sports: {
    match: '{home} v {away}',
    /** Short names on the price buttons and in their accessible names. */
    names: { home: 'Home', draw: 'Draw', away: 'Away', over: 'Over 2.5', under: 'Under 2.5' },
    picks: { win: '{team} to win', draw: 'Draw', over: 'Over {line} goals', under: 'Under {line} goals' },
    kinds: ['Single', 'Double', 'Treble'],
    nFold: '{n}-fold accumulator',
    markets: { fullTime: 'Full-time result', totalGoals: 'Total goals' },
    ended: 'This match has ended',
    closed: 'Betting on this is closed for now',
  },
  script: {
    empty: { inplay: 'No match is being played right now: see Today.', today: 'No more kick-offs today.', hot: 'No hot matches right now.', leagues: 'No matches in this league right now.' },
    priceClosed: 'closed',
    priceLabel: '{name} {price}, {match}',
    live: "LIVE {minute}'",
    bettingClosed: 'betting closed',
    maxReturn: 'A bet may return at most {max}: lower the stake or take a selection off',
    remove: 'Remove {pick}, {match}',
    removed: 'Removed: {pick}',
    removedThen: 'Removed: {pick}. {slip}',
    added: 'Added: {pick} @ {price}. {slip}',
    open: 'Open — returns {amount}',
    won: 'Won {amount}',
    lost: 'Lost',
    legLine: '{match}{final}: {pick} @ {price}',
    legState: ', {state}',
    legStates: { open: 'open', won: 'won', lost: 'lost' },
    myBetsOpen: 'My bets ({n} open)',
    maxLegs: 'A bet takes at most {n} selections',
    placing: 'Placing…',
    placed: 'Bet placed: {stake} on {what} @ {price}, returns {returns}',
    pressAgain: '{message}: press Place bet to take it',
    noAnswer: 'The sportsbook did not answer',
    zone: "Times in your device's zone ({zone})",
    /** Dates where the browser has no calendar of the language (Intl without its locale data). */
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    date: '{weekday} {day} {month}',
  },
  /** The sportsbook's refusals of a bet (the codes stay the same in every language). */
  bets: {
    legCount: 'A bet has 1 to {max} selections',
    noMatch: 'No such match',
    selection: 'Choose home, draw, away, over or under',
    oneEach: 'An accumulator takes one selection from each match',
    stakeLike: 'Enter a stake like {example}',
    stakeRange: 'A stake is {min} to {max}',
    legEnded: '{match}: this match has ended',
    legClosed: '{match}: betting on this is closed for now',
    priceFell: 'The price fell to {price}',
    priceIs: 'The price is now {price}',
    legPriceFell: 'The price of {pick} fell to {price}',
    legPriceIs: 'The price of {pick} is now {price}',
    maxReturn: 'A bet may return at most {max}: {advice}',
    takeOff: 'take a selection off',
    stakeAtMost: 'at {price} the stake is at most {most}',
    lowBalance: 'Not enough balance for this stake',
  },
  /** What a bet tells the portal it is on and how it ended (docs/vendor-protocol.md "Describing a round"). */
  words: {
    line: '{match} · {pick} @ {price}',
    heading: '{kind} @ {price}',
    fullTime: 'Full time {score} · {outcome}',
    won: 'won',
    lost: 'lost',
    allWon: 'Won · all {n} selections came in',
    lostOn: 'Lost · {match} ended {score}',
  },
  /** The generic game page (page.ts). */
  game: {
    stakeLike: 'Enter a stake like {example}',
    stakeAboveZero: 'Enter a stake above zero',
    openAgain: 'Open the game again from the lobby',
    unknownLaunch: 'This launch is not known to the vendor: open the game again from the lobby',
    transferLow: 'Not enough money in your game wallet: transfer more from the portal',
    lowBalance: 'Not enough balance for this stake',
    script: { win: '{text} — you win {amount}', noWin: '{text} — no win', noAnswer: 'The game server did not answer' },
  },
  /** Each category's game: its title, what it offers, its buttons (`labels`, by choice) and how a round ended (`say`). */
  games: {
    RNG: { title: 'Slot — 3 reels', prompt: 'Spin: three of a kind pays 10× (7-7-7 pays 25×), a pair pays 1.5×', labels: { spin: 'Spin' }, say: { reels: '{reels}' } },
    LIVE: {
      title: 'Baccarat',
      prompt: 'Player pays 2×, Banker 1.95×, Tie 9×',
      labels: { player: 'Player', banker: 'Banker', tie: 'Tie' },
      say: { hands: 'Player {player} ({playerPoints}) — Banker {banker} ({bankerPoints}): {result}' },
    },
    FISH: {
      title: 'Fishing',
      prompt: 'Shoot a target: small fish 2× (1 in 2), shark 5× (1 in 5), dragon 20× (1 in 20)',
      labels: { small: 'Small fish', shark: 'Shark', dragon: 'Dragon' },
      say: { caught: 'You caught the {target}!', missed: 'The {target} got away', small: 'small fish', shark: 'shark', dragon: 'dragon' },
    },
    PVP: { title: 'Card duel', prompt: 'Higher card wins 1.95×; a tie returns the stake', labels: { draw: 'Draw' }, say: { cards: 'You {me} — opponent {them}' } },
    SPORTS: { title: 'Lions v Tigers', prompt: 'Back a side at 1.90', labels: { Lions: 'Lions 1.90', Tigers: 'Tigers 1.90' }, say: { winner: 'Full time, winner: {winner}', Lions: 'Lions', Tigers: 'Tigers' } },
    ESPORTS: { title: 'Team Nova v Team Flux', prompt: 'Back a side at 1.90', labels: { Nova: 'Nova 1.90', Flux: 'Flux 1.90' }, say: { winner: 'Map won by: {winner}', Nova: 'Nova', Flux: 'Flux' } },
    LOTT: { title: 'Lottery — pick a digit', prompt: 'Pick 0–9: the drawn digit pays 9×', labels: {}, say: { drawn: 'Drawn: {drawn}' } },
    ELOTT: {
      title: 'Quick lottery — big or small',
      prompt: 'Sum of three dice: small 4–10 or big 11–17 pays 1.95× (triples lose)',
      labels: { small: 'Small', big: 'Big' },
      say: { dice: 'Dice {dice} = {sum} ({what})', small: 'small', big: 'big', triple: 'triple' },
    },
    COCKFIGHT: { title: 'Cockfight', prompt: 'Meron or Wala at 1.90', labels: { MERON: 'Meron', WALA: 'Wala' }, say: { winner: 'Winner: {winner}', MERON: 'Meron', WALA: 'Wala' } },
    BINGO: { title: 'Bingo 25', prompt: 'Pick a number of 1–25: five are drawn, a hit pays 4.5×', labels: {}, say: { drawn: 'Drawn: {drawn}' } },
    MINI: { title: 'Coin flip', prompt: 'Heads or tails at 1.95', labels: { HEADS: 'Heads', TAILS: 'Tails' }, say: { winner: 'Coin: {winner}', HEADS: 'Heads', TAILS: 'Tails' } },
  },
};

export type Texts = typeof en;

const km: Texts = {
  common: {
    backToLobby: '← ត្រឡប់ទៅទំព័រដើម',
    player: 'អ្នកលេង',
    balance: 'សមតុល្យ',
    stake: 'ប្រាក់ភ្នាល់',
  },
  portal: {
    sessionEnded: 'វគ្គលេងហ្គេមនេះបានបញ្ចប់ហើយ៖ សូមបើកហ្គេមម្ដងទៀតពីទំព័រដើម ({code})',
    gameClosed: 'ហ្គេមនេះត្រូវបានបិទជាបណ្ដោះអាសន្ន៖ សូមព្យាយាមម្ដងទៀតនៅពេលក្រោយ ({code})',
    playerBlocked: 'គណនីរបស់អ្នកមិនអាចលេងបាននៅពេលនេះទេ ({code})',
    trial: 'គណនីសាកល្បងមិនអាចលេងដោយប្រាក់ពិតបានទេ ({code})',
    unreachable: 'គេហទំព័រមិនបានឆ្លើយតបទេ៖ សូមព្យាយាមម្ដងទៀត',
    other: 'ត្រូវបានបដិសេធ ({code})',
  },
  sportsbook: {
    title: 'ភ្នាល់កីឡា',
    myBets: 'ការភ្នាល់របស់ខ្ញុំ',
    matches: 'ការប្រកួត',
    tabs: { inplay: 'កំពុងប្រកួត', today: 'ថ្ងៃនេះ', hot: 'ការប្រកួតពេញនិយម', leagues: 'លីគ' },
    league: 'លីគ',
    loading: 'កំពុងផ្ទុកការប្រកួត…',
    slip: 'សន្លឹកភ្នាល់',
    close: 'បិទ',
    slipEmpty: 'ចុចលើអត្រាសងណាមួយដើម្បីភ្នាល់។ អត្រាសងពីការប្រកួតរហូតដល់ {n} ផ្សំគ្នាជាការភ្នាល់ចម្រុះ។',
    limits: '{min} ដល់ {max}',
    returns: 'ប្រាក់សងត្រឡប់',
    place: 'ដាក់ភ្នាល់',
    clear: 'សម្អាត',
    columns: { match: 'ការប្រកួត', pick: 'ជម្រើស', price: 'អត្រាសង', stake: 'ប្រាក់ភ្នាល់', result: 'លទ្ធផល' },
    noBets: 'មិនទាន់មានការភ្នាល់នៅឡើយទេ។',
  },
  sports: {
    match: '{home} ទល់នឹង {away}',
    names: { home: 'ម្ចាស់ផ្ទះ', draw: 'ស្មើ', away: 'ភ្ញៀវ', over: 'លើស 2.5', under: 'ក្រោម 2.5' },
    picks: { win: '{team} ឈ្នះ', draw: 'ស្មើ', over: 'លើស {line} គ្រាប់', under: 'ក្រោម {line} គ្រាប់' },
    kinds: ['ភ្នាល់ទោល', 'ភ្នាល់ចម្រុះ 2', 'ភ្នាល់ចម្រុះ 3'],
    nFold: 'ភ្នាល់ចម្រុះ {n}',
    markets: { fullTime: 'លទ្ធផលពេញម៉ោង', totalGoals: 'គ្រាប់បាល់សរុប' },
    ended: 'ការប្រកួតនេះបានបញ្ចប់ហើយ',
    closed: 'ការភ្នាល់លើជម្រើសនេះត្រូវបានបិទជាបណ្ដោះអាសន្ន',
  },
  script: {
    empty: {
      inplay: 'មិនមានការប្រកួតកំពុងលេងនៅពេលនេះទេ៖ សូមមើល ថ្ងៃនេះ។',
      today: 'មិនមានការប្រកួតទៀតទេសម្រាប់ថ្ងៃនេះ។',
      hot: 'មិនមានការប្រកួតពេញនិយមនៅពេលនេះទេ។',
      leagues: 'មិនមានការប្រកួតក្នុងលីគនេះនៅពេលនេះទេ។',
    },
    priceClosed: 'បានបិទ',
    priceLabel: '{name} {price}, {match}',
    live: "ផ្ទាល់ {minute}'",
    bettingClosed: 'បិទការភ្នាល់',
    maxReturn: 'ការភ្នាល់មួយអាចសងបានច្រើនបំផុត {max}៖ សូមបន្ថយប្រាក់ភ្នាល់ ឬដកជម្រើសមួយចេញ',
    remove: 'ដក {pick} ចេញ, {match}',
    removed: 'បានដកចេញ៖ {pick}',
    removedThen: 'បានដកចេញ៖ {pick}។ {slip}',
    added: 'បានបន្ថែម៖ {pick} @ {price}។ {slip}',
    open: 'កំពុងបើក — សង {amount}',
    won: 'ឈ្នះ {amount}',
    lost: 'ចាញ់',
    legLine: '{match}{final}៖ {pick} @ {price}',
    legState: ', {state}',
    legStates: { open: 'កំពុងបើក', won: 'ឈ្នះ', lost: 'ចាញ់' },
    myBetsOpen: 'ការភ្នាល់របស់ខ្ញុំ ({n} កំពុងបើក)',
    maxLegs: 'ការភ្នាល់មួយមានជម្រើសច្រើនបំផុត {n}',
    placing: 'កំពុងដាក់ភ្នាល់…',
    placed: 'បានដាក់ភ្នាល់៖ {stake} លើ {what} @ {price}, សង {returns}',
    pressAgain: '{message}៖ ចុច ដាក់ភ្នាល់ ម្ដងទៀតដើម្បីទទួលយក',
    noAnswer: 'ម៉ាស៊ីនភ្នាល់កីឡាមិនបានឆ្លើយតបទេ',
    zone: 'ម៉ោងតាមតំបន់ម៉ោងនៃឧបករណ៍របស់អ្នក ({zone})',
    weekdays: ['អាទិត្យ', 'ចន្ទ', 'អង្គារ', 'ពុធ', 'ព្រហស្បតិ៍', 'សុក្រ', 'សៅរ៍'],
    months: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
    date: '{weekday} {day} {month}',
  },
  bets: {
    legCount: 'ការភ្នាល់មួយមានពី 1 ដល់ {max} ជម្រើស',
    noMatch: 'មិនមានការប្រកួតនេះទេ',
    selection: 'សូមជ្រើសរើស ម្ចាស់ផ្ទះ ស្មើ ភ្ញៀវ លើស ឬក្រោម',
    oneEach: 'ការភ្នាល់ចម្រុះយកជម្រើសតែមួយពីការប្រកួតនីមួយៗ',
    stakeLike: 'សូមបញ្ចូលប្រាក់ភ្នាល់ ដូចជា {example}',
    stakeRange: 'ប្រាក់ភ្នាល់ត្រូវនៅចន្លោះ {min} ដល់ {max}',
    legEnded: '{match}៖ ការប្រកួតនេះបានបញ្ចប់ហើយ',
    legClosed: '{match}៖ ការភ្នាល់លើជម្រើសនេះត្រូវបានបិទជាបណ្ដោះអាសន្ន',
    priceFell: 'អត្រាសងបានធ្លាក់មក {price}',
    priceIs: 'អត្រាសងឥឡូវនេះគឺ {price}',
    legPriceFell: 'អត្រាសងរបស់ {pick} បានធ្លាក់មក {price}',
    legPriceIs: 'អត្រាសងរបស់ {pick} ឥឡូវនេះគឺ {price}',
    maxReturn: 'ការភ្នាល់មួយអាចសងបានច្រើនបំផុត {max}៖ {advice}',
    takeOff: 'សូមដកជម្រើសមួយចេញ',
    stakeAtMost: 'នៅអត្រាសង {price} ប្រាក់ភ្នាល់ច្រើនបំផុតគឺ {most}',
    lowBalance: 'សមតុល្យមិនគ្រប់គ្រាន់សម្រាប់ប្រាក់ភ្នាល់នេះទេ',
  },
  words: {
    line: '{match} · {pick} @ {price}',
    heading: '{kind} @ {price}',
    fullTime: 'ពេញម៉ោង {score} · {outcome}',
    won: 'ឈ្នះ',
    lost: 'ចាញ់',
    allWon: 'ឈ្នះ · ជម្រើសទាំង {n} ត្រូវទាំងអស់',
    lostOn: 'ចាញ់ · {match} បញ្ចប់ {score}',
  },
  game: {
    stakeLike: 'សូមបញ្ចូលប្រាក់ភ្នាល់ ដូចជា {example}',
    stakeAboveZero: 'សូមបញ្ចូលប្រាក់ភ្នាល់លើសពីសូន្យ',
    openAgain: 'សូមបើកហ្គេមម្ដងទៀតពីទំព័រដើម',
    unknownLaunch: 'អ្នកផ្គត់ផ្គង់ហ្គេមមិនស្គាល់ការបើកនេះទេ៖ សូមបើកហ្គេមម្ដងទៀតពីទំព័រដើម',
    transferLow: 'ប្រាក់ក្នុងកាបូបហ្គេមរបស់អ្នកមិនគ្រប់គ្រាន់ទេ៖ សូមផ្ទេរប្រាក់បន្ថែមពីគេហទំព័រ',
    lowBalance: 'សមតុល្យមិនគ្រប់គ្រាន់សម្រាប់ប្រាក់ភ្នាល់នេះទេ',
    script: { win: '{text} — អ្នកឈ្នះ {amount}', noWin: '{text} — មិនបានឈ្នះទេ', noAnswer: 'ម៉ាស៊ីនហ្គេមមិនបានឆ្លើយតបទេ' },
  },
  games: {
    RNG: { title: 'ស្លត — 3 ជួរ', prompt: 'បង្វិល៖ រូបដូចគ្នាបីសង 10× (7-7-7 សង 25×) រូបដូចគ្នាមួយគូសង 1.5×', labels: { spin: 'បង្វិល' }, say: { reels: '{reels}' } },
    LIVE: {
      title: 'បាការ៉ាត់',
      prompt: 'អ្នកលេងសង 2× ម្ចាស់បៀសង 1.95× ស្មើសង 9×',
      labels: { player: 'អ្នកលេង', banker: 'ម្ចាស់បៀ', tie: 'ស្មើ' },
      say: { hands: 'អ្នកលេង {player} ({playerPoints}) — ម្ចាស់បៀ {banker} ({bankerPoints})៖ {result}' },
    },
    FISH: {
      title: 'បាញ់ត្រី',
      prompt: 'បាញ់គោលដៅ៖ ត្រីតូច 2× (1 ក្នុង 2) ត្រីឆ្លាម 5× (1 ក្នុង 5) នាគ 20× (1 ក្នុង 20)',
      labels: { small: 'ត្រីតូច', shark: 'ត្រីឆ្លាម', dragon: 'នាគ' },
      say: { caught: 'អ្នកចាប់បាន{target}!', missed: '{target}បានរត់រួច', small: 'ត្រីតូច', shark: 'ត្រីឆ្លាម', dragon: 'នាគ' },
    },
    PVP: { title: 'ប្រកួតបៀ', prompt: 'បៀធំជាងឈ្នះ 1.95×; ស្មើគ្នាសងប្រាក់ភ្នាល់វិញ', labels: { draw: 'ដកបៀ' }, say: { cards: 'អ្នក {me} — គូប្រកួត {them}' } },
    SPORTS: { title: 'Lions ទល់នឹង Tigers', prompt: 'ភ្នាល់លើក្រុមមួយ អត្រាសង 1.90', labels: { Lions: 'Lions 1.90', Tigers: 'Tigers 1.90' }, say: { winner: 'ពេញម៉ោង អ្នកឈ្នះ៖ {winner}', Lions: 'Lions', Tigers: 'Tigers' } },
    ESPORTS: { title: 'Team Nova ទល់នឹង Team Flux', prompt: 'ភ្នាល់លើក្រុមមួយ អត្រាសង 1.90', labels: { Nova: 'Nova 1.90', Flux: 'Flux 1.90' }, say: { winner: 'ឈ្នះផែនទីដោយ៖ {winner}', Nova: 'Nova', Flux: 'Flux' } },
    LOTT: { title: 'ឆ្នោត — ជ្រើសលេខមួយខ្ទង់', prompt: 'ជ្រើស 0–9៖ លេខដែលចេញសង 9×', labels: {}, say: { drawn: 'លេខចេញ៖ {drawn}' } },
    ELOTT: {
      title: 'ឆ្នោតរហ័ស — ធំ ឬតូច',
      prompt: 'ផលបូកគ្រាប់ឡុកឡាក់បី៖ តូច 4–10 ឬធំ 11–17 សង 1.95× (បីដូចគ្នាចាញ់)',
      labels: { small: 'តូច', big: 'ធំ' },
      say: { dice: 'គ្រាប់ឡុកឡាក់ {dice} = {sum} ({what})', small: 'តូច', big: 'ធំ', triple: 'បីដូចគ្នា' },
    },
    COCKFIGHT: { title: 'ជល់មាន់', prompt: 'Meron ឬ Wala អត្រាសង 1.90', labels: { MERON: 'Meron', WALA: 'Wala' }, say: { winner: 'អ្នកឈ្នះ៖ {winner}', MERON: 'Meron', WALA: 'Wala' } },
    BINGO: { title: 'ប៊ីងហ្គោ 25', prompt: 'ជ្រើសលេខមួយពី 1–25៖ ចាប់ចេញប្រាំលេខ ត្រូវមួយសង 4.5×', labels: {}, say: { drawn: 'លេខចេញ៖ {drawn}' } },
    MINI: { title: 'បោះកាក់', prompt: 'ក្បាល ឬកន្ទុយ អត្រាសង 1.95', labels: { HEADS: 'ក្បាល', TAILS: 'កន្ទុយ' }, say: { winner: 'កាក់៖ {winner}', HEADS: 'ក្បាល', TAILS: 'កន្ទុយ' } },
  },
};

const cn: Texts = {
  common: {
    backToLobby: '← 返回大厅',
    player: '玩家',
    balance: '余额',
    stake: '投注额',
  },
  portal: {
    sessionEnded: '游戏会话已结束：请从大厅重新打开游戏（{code}）',
    gameClosed: '该游戏暂时关闭：请稍后再试（{code}）',
    playerBlocked: '您的账户目前无法游戏（{code}）',
    trial: '试玩账户不能进行真钱游戏（{code}）',
    unreachable: '平台没有响应：请重试',
    other: '已被拒绝（{code}）',
  },
  sportsbook: {
    title: '体育投注',
    myBets: '我的注单',
    matches: '赛事',
    tabs: { inplay: '滚球', today: '今日', hot: '热门赛事', leagues: '联赛' },
    league: '联赛',
    loading: '正在载入赛事…',
    slip: '投注单',
    close: '关闭',
    slipEmpty: '点选赔率即可投注。最多 {n} 场比赛的赔率可组成串关。',
    limits: '{min} 至 {max}',
    returns: '可返还',
    place: '确认投注',
    clear: '清空',
    columns: { match: '比赛', pick: '选项', price: '赔率', stake: '投注额', result: '结果' },
    noBets: '暂无注单。',
  },
  sports: {
    match: '{home} 对 {away}',
    names: { home: '主胜', draw: '平局', away: '客胜', over: '大 2.5', under: '小 2.5' },
    picks: { win: '{team} 胜', draw: '平局', over: '大于 {line} 球', under: '小于 {line} 球' },
    kinds: ['单关', '2串1', '3串1'],
    nFold: '{n}串1',
    markets: { fullTime: '全场胜平负', totalGoals: '总进球' },
    ended: '本场比赛已结束',
    closed: '此项暂停投注',
  },
  script: {
    empty: { inplay: '目前没有进行中的比赛：请看「今日」。', today: '今日已无更多比赛。', hot: '目前没有热门赛事。', leagues: '该联赛目前没有比赛。' },
    priceClosed: '已关闭',
    priceLabel: '{name} {price}，{match}',
    live: "进行中 {minute}'",
    bettingClosed: '暂停投注',
    maxReturn: '单注最高返还 {max}：请降低投注额或移除一个选项',
    remove: '移除 {pick}，{match}',
    removed: '已移除：{pick}',
    removedThen: '已移除：{pick}。{slip}',
    added: '已添加：{pick} @ {price}。{slip}',
    open: '未结算 — 可返还 {amount}',
    won: '赢 {amount}',
    lost: '输',
    legLine: '{match}{final}：{pick} @ {price}',
    legState: '，{state}',
    legStates: { open: '未结算', won: '赢', lost: '输' },
    myBetsOpen: '我的注单（{n} 笔未结算）',
    maxLegs: '一注最多 {n} 个选项',
    placing: '正在投注…',
    placed: '投注成功：{stake} 投注 {what} @ {price}，可返还 {returns}',
    pressAgain: '{message}：再按「确认投注」即可接受',
    noAnswer: '体育投注服务没有响应',
    zone: '时间为您设备所在时区（{zone}）',
    weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    date: '{month}{day}日{weekday}',
  },
  bets: {
    legCount: '一注包含 1 至 {max} 个选项',
    noMatch: '没有这场比赛',
    selection: '请选择主胜、平局、客胜、大或小',
    oneEach: '串关每场比赛只能选一个选项',
    stakeLike: '请输入投注额，例如 {example}',
    stakeRange: '投注额须在 {min} 至 {max} 之间',
    legEnded: '{match}：本场比赛已结束',
    legClosed: '{match}：此项暂停投注',
    priceFell: '赔率已降至 {price}',
    priceIs: '赔率现为 {price}',
    legPriceFell: '{pick} 的赔率已降至 {price}',
    legPriceIs: '{pick} 的赔率现为 {price}',
    maxReturn: '单注最高返还 {max}：{advice}',
    takeOff: '请移除一个选项',
    stakeAtMost: '赔率 {price} 时投注额最多 {most}',
    lowBalance: '余额不足以支付此投注额',
  },
  words: {
    line: '{match} · {pick} @ {price}',
    heading: '{kind} @ {price}',
    fullTime: '全场 {score} · {outcome}',
    won: '赢',
    lost: '输',
    allWon: '赢 · {n} 个选项全部命中',
    lostOn: '输 · {match} 赛果 {score}',
  },
  game: {
    stakeLike: '请输入投注额，例如 {example}',
    stakeAboveZero: '请输入大于零的投注额',
    openAgain: '请从大厅重新打开游戏',
    unknownLaunch: '游戏商不认识这次启动：请从大厅重新打开游戏',
    transferLow: '游戏钱包余额不足：请从平台转入更多资金',
    lowBalance: '余额不足以支付此投注额',
    script: { win: '{text} — 您赢得 {amount}', noWin: '{text} — 未中奖', noAnswer: '游戏服务器没有响应' },
  },
  games: {
    RNG: { title: '老虎机 — 3 轴', prompt: '旋转：三个相同赔 10 倍（7-7-7 赔 25 倍），一对赔 1.5 倍', labels: { spin: '旋转' }, say: { reels: '{reels}' } },
    LIVE: {
      title: '百家乐',
      prompt: '闲赔 2 倍，庄赔 1.95 倍，和赔 9 倍',
      labels: { player: '闲', banker: '庄', tie: '和' },
      say: { hands: '闲 {player}（{playerPoints}）— 庄 {banker}（{bankerPoints}）：{result}' },
    },
    FISH: {
      title: '捕鱼',
      prompt: '射击目标：小鱼 2 倍（1/2），鲨鱼 5 倍（1/5），龙 20 倍（1/20）',
      labels: { small: '小鱼', shark: '鲨鱼', dragon: '龙' },
      say: { caught: '您捕到了{target}！', missed: '{target}逃走了', small: '小鱼', shark: '鲨鱼', dragon: '龙' },
    },
    PVP: { title: '比牌', prompt: '牌大者赢 1.95 倍；平局退还投注额', labels: { draw: '抽牌' }, say: { cards: '您 {me} — 对手 {them}' } },
    SPORTS: { title: 'Lions 对 Tigers', prompt: '押一方，赔率 1.90', labels: { Lions: 'Lions 1.90', Tigers: 'Tigers 1.90' }, say: { winner: '全场胜方：{winner}', Lions: 'Lions', Tigers: 'Tigers' } },
    ESPORTS: { title: 'Team Nova 对 Team Flux', prompt: '押一方，赔率 1.90', labels: { Nova: 'Nova 1.90', Flux: 'Flux 1.90' }, say: { winner: '本图胜方：{winner}', Nova: 'Nova', Flux: 'Flux' } },
    LOTT: { title: '彩票 — 选一个数字', prompt: '选 0–9：开出的数字赔 9 倍', labels: {}, say: { drawn: '开出：{drawn}' } },
    ELOTT: {
      title: '快乐彩 — 大小',
      prompt: '三颗骰子点数之和：小 4–10 或大 11–17 赔 1.95 倍（豹子通杀）',
      labels: { small: '小', big: '大' },
      say: { dice: '骰子 {dice} = {sum}（{what}）', small: '小', big: '大', triple: '豹子' },
    },
    COCKFIGHT: { title: '斗鸡', prompt: 'Meron 或 Wala，赔率 1.90', labels: { MERON: 'Meron', WALA: 'Wala' }, say: { winner: '胜方：{winner}', MERON: 'Meron', WALA: 'Wala' } },
    BINGO: { title: '宾果 25', prompt: '从 1–25 选一个号码：开出五个，命中赔 4.5 倍', labels: {}, say: { drawn: '开出：{drawn}' } },
    MINI: { title: '抛硬币', prompt: '正面或反面，赔率 1.95', labels: { HEADS: '正面', TAILS: '反面' }, say: { winner: '硬币：{winner}', HEADS: '正面', TAILS: '反面' } },
  },
};

export const TEXTS: Record<Lang, Texts> = { en, km, cn };

/** The table of a language. */
export const textsOf = (lang: Lang) => TEXTS[lang];

/**
 * A refusal of the portal (its seamless answer) as the player reads it: the codes that say what the
 * player can do get their own sentence, others name the code (English keeps the portal's message).
 */
export const portalRefusal = (lang: Lang, code: string | undefined, message?: string) => {
  const t = TEXTS[lang].portal;
  const c = code ?? 'ERROR';
  const vars = { code: c, message: message ?? c };
  if (c === 'TOKEN_INVALID' || c === 'TOKEN_EXPIRED') return fill(t.sessionEnded, vars);
  if (c === 'VENDOR_DISABLED' || c === 'GAME_NOT_FOUND') return fill(t.gameClosed, vars);
  if (c === 'PLAYER_DISABLED') return fill(t.playerBlocked, vars);
  if (c === 'TRIAL_ACCOUNT') return fill(t.trial, vars);
  if (c === 'UNREACHABLE' || c === 'INTERNAL_ERROR') return fill(t.unreachable, vars);
  return fill(t.other, vars);
};
