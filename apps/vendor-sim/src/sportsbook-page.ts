import { fromMinor } from '@apsara/contracts';
import { MAX_LEGS, MAX_RETURN, MAX_STAKE, MIN_STAKE } from './sportsbook-bets.js';
import { OU_LINE } from './sportsbook.js';
import { HTML_LANG, LOCALE, TEXTS, fill, type Lang } from './texts.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type SportsbookPage = {
  vendor: string;
  gameCode: string;
  token: string;
  /** The launch's language: every word of the page and of its script. */
  lang: Lang;
  returnUrl?: string;
  player?: { name: string; balance: string; currency: string };
  error?: string;
  /** The tab the page opens on: a live-betting game opens on in-play. */
  tab: 'inplay' | 'today' | 'hot' | 'leagues';
};

/**
 * The sportsbook page: server-rendered shell, one inline script that reads the board every few
 * seconds (`GET /sportsbook/<vendor>/<game>/state`) and places bets (`POST …/bet`). Tabs: in-play
 * (matches being played), today (the next kick-offs: 10 hours of them at the default match length),
 * hot (the most backed and the headline leagues) and leagues. The script gets its language's texts in
 * its CFG and asks the sportsbook in that language (`lang`), so refusals come back in it too.
 */
export const renderSportsbook = (s: SportsbookPage) => {
  const t = TEXTS[s.lang];
  const p = t.sportsbook;
  const back = s.returnUrl ? `<a id="back" href="${esc(s.returnUrl)}">${esc(t.common.backToLobby)}</a>` : '';
  const config = JSON.stringify({
    vendor: s.vendor,
    gameCode: s.gameCode,
    token: s.token,
    tab: s.tab,
    min: fromMinor(MIN_STAKE),
    max: fromMinor(MAX_STAKE),
    maxLegs: MAX_LEGS,
    maxReturn: fromMinor(MAX_RETURN),
    line: OU_LINE,
    lang: s.lang,
    locale: LOCALE[s.lang],
    t: { ...t.script, ...t.sports, place: p.place, myBets: p.myBets },
  }).replace(/</g, '\\u003c');
  const tab = (id: string, label: string) =>
    `<button role="tab" id="tab-${id}" data-tab="${id}" aria-controls="board" aria-selected="${s.tab === id}">${esc(label)}</button>`;
  const body = s.player
    ? `<p class="toolbar"><a id="jump-bets" href="#my-bets-title">${esc(p.myBets)}</a> <small class="muted" id="zone"></small></p>
<div role="tablist" aria-label="${esc(p.matches)}">${tab('inplay', p.tabs.inplay)}${tab('today', p.tabs.today)}${tab('hot', p.tabs.hot)}${tab('leagues', p.tabs.leagues)}</div>
<label id="league-pick" hidden>${esc(p.league)} <select id="league"></select></label>
<div class="layout">
<section id="board" role="tabpanel" aria-live="off"><p class="muted">${esc(p.loading)}</p></section>
<aside>
<section id="slip" aria-label="${esc(p.slip)}"><div class="slip-head"><h2>${esc(p.slip)}</h2><button type="button" id="slip-close" class="quiet" hidden>${esc(p.close)}</button></div><p class="muted" id="slip-empty">${esc(fill(p.slipEmpty, { n: MAX_LEGS }))}</p>
<form id="slip-form" hidden>
<p id="slip-kind"></p>
<ul id="slip-picks"></ul>
<label>${esc(t.common.stake)} <input id="slip-stake" name="stake" type="text" inputmode="decimal" value="10.00" size="8" aria-describedby="slip-limits"></label>
<small id="slip-limits" class="muted">${esc(fill(p.limits, { min: fromMinor(MIN_STAKE), max: fromMinor(MAX_STAKE) }))}</small>
<p>${esc(p.returns)} <b id="slip-return"></b></p>
<p id="slip-warn" class="error" hidden></p>
<button type="submit" id="slip-place">${esc(p.place)}</button> <button type="button" id="slip-clear" class="quiet">${esc(p.clear)}</button>
</form>
<p id="slip-result" role="status"></p>
<p id="slip-note" class="sr-only" aria-live="polite"></p>
</section>
<section aria-labelledby="my-bets-title"><h2 id="my-bets-title">${esc(p.myBets)}</h2>
<table id="my-bets"><thead><tr><th>${esc(p.columns.match)}</th><th>${esc(p.columns.pick)}</th><th>${esc(p.columns.price)}</th><th>${esc(p.columns.stake)}</th><th>${esc(p.columns.result)}</th></tr></thead><tbody></tbody></table>
<p class="muted" id="my-bets-empty">${esc(p.noBets)}</p>
</section>
</aside>
</div>`
    : '';
  return `<!doctype html>
<html lang="${HTML_LANG[s.lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(s.vendor)} · ${esc(p.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#0b2218;color:#e6efe9;margin:0 auto;padding:1rem;max-width:72rem}
h1{font-size:1.3rem;margin:.5rem 0} h2{font-size:1.05rem;margin:.25rem 0 .5rem} a{color:#9ad1ff}
.balance{font-size:1.15rem;margin:.25rem 0 .75rem} .muted{color:#9fb3a8} .error{color:#ffb703}
[role=tablist]{display:flex;gap:.25rem;overflow-x:auto;border-bottom:1px solid #2f5a46;margin-bottom:.75rem}
[role=tab]{white-space:nowrap;background:none;border:0;border-bottom:3px solid transparent;color:#cfe3d8;padding:.5rem .8rem;font-size:1rem;cursor:pointer}
[role=tab][aria-selected=true]{border-bottom-color:#f4c542;color:#fff;font-weight:600}
.layout{display:grid;grid-template-columns:1fr;gap:1rem} @media(min-width:900px){.layout{grid-template-columns:2fr 1fr}}
.match{display:grid;grid-template-columns:1fr;gap:.4rem;background:#12301f;border-radius:.5rem;padding:.6rem .75rem;margin-bottom:.5rem;align-items:end}
@media(min-width:640px){.match{grid-template-columns:minmax(12rem,1fr) auto auto;column-gap:1rem}.match header{grid-column:1/-1}}
.match header{display:flex;justify-content:space-between;gap:.5rem;font-size:.85rem;color:#9fb3a8}
.teams{font-weight:600} .live{color:#ff7b7b;font-weight:600} .score{font-variant-numeric:tabular-nums}
.prices{display:flex;flex-wrap:wrap;gap:.3rem} .prices .label{font-size:.75rem;color:#9fb3a8;width:100%}
.toolbar{display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap;margin:.25rem 0 .5rem}
.slip-head{display:flex;justify-content:space-between;align-items:center}
.price .sel{color:#9fd0b4;font-size:.75rem;margin-right:.45rem} .price b{font-variant-numeric:tabular-nums}
.price[aria-pressed=true] .sel{color:#3a3a1a}
.price{background:#1f4a33;color:#fff;border:1px solid #2f6a4a;border-radius:.35rem;padding:.35rem .6rem;min-width:4.5rem;cursor:pointer;font-size:.9rem}
.price[aria-pressed=true]{background:#f4c542;color:#1a1a1a} .price:disabled{opacity:.45;cursor:not-allowed}
aside section{background:#12301f;border-radius:.5rem;padding:.75rem;margin-bottom:1rem}
@media(min-width:900px){aside{position:sticky;top:.5rem;align-self:start}}
@media(max-width:899px){#slip.active{position:fixed;left:0;right:0;bottom:0;margin:0;z-index:5;border-radius:.75rem .75rem 0 0;box-shadow:0 -6px 18px #0008;max-height:60vh;overflow:auto}body.slip-open{padding-bottom:16rem}}
#slip-kind{margin:.25rem 0;font-weight:600} #slip-picks{list-style:none;margin:0 0 .5rem;padding:0}
#slip-picks li{display:flex;justify-content:space-between;gap:.5rem;align-items:start;padding:.35rem 0;border-bottom:1px solid #2a4a3a}
#slip-picks li b,#slip-picks li span{display:block} #slip-picks .closed{color:#ffb703;font-size:.85rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.leg{display:block;margin-bottom:.2rem} .leg.won::before{content:'✓ ' / ''} .leg.lost::before{content:'✗ ' / ''}
input,select{font-size:1rem;padding:.3rem} button{font-size:1rem} #slip-place{background:#f4c542;border:0;border-radius:.35rem;padding:.45rem .9rem;cursor:pointer}
.quiet{background:none;border:1px solid #4a6b5a;color:#cfe3d8;border-radius:.35rem;padding:.4rem .7rem;cursor:pointer}
table{width:100%;border-collapse:collapse;font-size:.85rem} th,td{text-align:left;padding:.25rem;border-bottom:1px solid #2a4a3a}
th,.keep{word-break:keep-all} .nowrap{white-space:nowrap}
.won{color:#7fdc7f} .lost{color:#f0a0a0}
</style></head>
<body data-category="SPORTS" data-wallet="SEAMLESS">
${back}
<h1>${esc(s.vendor)} · ${esc(p.title)}</h1>
${s.player ? `<div>${esc(t.common.player)} <b id="player">${esc(s.player.name)}</b></div><div class="balance">${esc(t.common.balance)} <b id="balance">${esc(s.player.balance)}</b> <span id="currency">${esc(s.player.currency)}</span></div>` : ''}
${s.error ? `<p class="error" id="error">${esc(s.error)}</p>` : ''}
${body}
${s.player ? `<script>${SCRIPT.replace('__CFG__', () => config)}</script>` : ''}
</body></html>`;
};

// The page's script: plain DOM, no build step (the simulator serves no assets).
const SCRIPT = `
const CFG = __CFG__;
const $ = (id) => document.getElementById(id);
// The page's words in its language (texts.ts), with their {holes} filled as the server fills them.
const T = CFG.t;
const fill = (text, vars) => text.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
const NAMES = T.names;
const KINDS = T.kinds;
const TABS = ['inplay', 'today', 'hot', 'leagues'];
// The slip: one pick per match; one pick is a single, more make an accumulator at the product of their prices.
let tab = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : CFG.tab, league = '', board = null, picks = [], placing = false;
const pickName = (sel, home, away) => (sel === 'home' ? home : sel === 'away' ? away : NAMES[sel]);
const pickText = (p) => (p.selection === 'home' || p.selection === 'away' ? fill(T.picks.win, { team: pickName(p.selection, p.home, p.away) }) : p.selection === 'draw' ? T.picks.draw : fill(T.picks[p.selection], { line: CFG.line }));
const matchName = (x) => fill(T.match, { home: x.home, away: x.away });
// What stands between the two sides on the board (" v "), from the same words.
const VS = T.match.replace('{home}', '').replace('{away}', '');
const kindOf = (n) => KINDS[n - 1] || fill(T.nFold, { n });
const price = (p) => (p / 100).toFixed(2);
// The product of the prices in hundredths, rounded down, as the sportsbook prices an accumulator.
const slipPrice = () => picks.length === 1 ? picks[0].price : Number(picks.reduce((a, p) => a * BigInt(p.price), 1n) / 100n ** BigInt(picks.length - 1));
const toMinor = (v) => { const m = /^(\\d{1,12})(?:\\.(\\d{1,2}))?$/.exec(v.trim()); return m ? BigInt(m[1]) * 100n + BigInt((m[2] || '').padEnd(2, '0')) : null; };
const fmtMinor = (n) => (n / 100n).toString() + '.' + (n % 100n).toString().padStart(2, '0');
// Dates in the page's locale; a browser without that locale's calendar (some builds lack Khmer) gets
// the table's names and a 24-hour clock rather than another language's.
const NATIVE = Intl.DateTimeFormat.supportedLocalesOf([CFG.locale]).length > 0;
const pad = (n) => String(n).padStart(2, '0');
const time = (ms) => { const d = new Date(ms); return NATIVE ? d.toLocaleTimeString(CFG.locale, { hour: '2-digit', minute: '2-digit' }) : pad(d.getHours()) + ':' + pad(d.getMinutes()); };
const day = (ms) => { const d = new Date(ms); return NATIVE ? d.toLocaleDateString(CFG.locale, { weekday: 'short', day: 'numeric', month: 'short' }) : fill(T.date, { weekday: T.weekdays[d.getDay()], day: d.getDate(), month: T.months[d.getMonth()] }); };
const el = (tag, attrs = {}, ...kids) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attrs)) { if (k === 'text') e.textContent = v; else if (v !== undefined && v !== null) e.setAttribute(k, v); } for (const k of kids) if (k) e.append(k); return e; };

const visible = () => {
  if (!board) return [];
  const m = board.matches;
  if (tab === 'inplay') return m.filter((x) => x.phase === 'live');
  if (tab === 'today') return m.filter((x) => x.phase === 'pre');
  if (tab === 'hot') return board.hot.map((id) => m.find((x) => x.id === id)).filter(Boolean);
  return m.filter((x) => x.leagueCode === league);
};
const emptyText = () => T.empty[tab];

const priceButton = (x, sel) => {
  const p = x.prices[sel];
  const name = sel === 'home' ? x.home : sel === 'away' ? x.away : NAMES[sel];
  const short = sel === 'home' ? '1' : sel === 'draw' ? 'X' : sel === 'away' ? '2' : NAMES[sel];
  const chosen = picks.some((k) => k.matchId === x.id && k.selection === sel);
  const b = el('button', { type: 'button', class: 'price', 'data-match': x.id, 'data-sel': sel, 'aria-pressed': String(chosen), 'aria-label': fill(T.priceLabel, { name, price: p === null ? T.priceClosed : price(p), match: matchName(x) }) }, el('span', { class: 'sel', text: short }), el('b', { text: p === null ? '–' : price(p) }));
  if (p === null) b.disabled = true;
  b.addEventListener('click', () => choose(x, sel));
  return b;
};

const renderBoard = () => {
  const root = $('board');
  root.setAttribute('aria-labelledby', 'tab-' + tab);
  const list = visible();
  // The board is drawn again on every poll: the price a keyboard user is on keeps the focus.
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset : {};
  root.replaceChildren();
  if (!list.length) { root.append(el('p', { class: 'muted', text: emptyText() })); return; }
  for (const x of list) {
    // A match with every price closed (the 85th minute, a goal just scored, an outcome all but settled) says so.
    const closed = Object.values(x.prices).every((p) => p === null) ? ' · ' + T.bettingClosed : '';
    const when = x.phase === 'live' ? el('span', { class: 'live', text: fill(T.live, { minute: x.minute }) + closed }) : el('span', { text: day(x.kickoff) + ' ' + time(x.kickoff) + closed });
    const score = x.phase === 'live' ? el('span', { class: 'score', text: ' ' + x.score.home + '–' + x.score.away + ' ' }) : el('span', { text: VS });
    const row = el('article', { class: 'match', 'aria-label': matchName(x) },
      el('header', {}, el('span', { text: x.league }), when),
      el('div', { class: 'teams' }, x.home, score, x.away),
      el('div', { class: 'prices', role: 'group', 'aria-label': T.markets.fullTime }, el('span', { class: 'label', text: T.markets.fullTime }), priceButton(x, 'home'), priceButton(x, 'draw'), priceButton(x, 'away')),
      el('div', { class: 'prices', role: 'group', 'aria-label': T.markets.totalGoals }, el('span', { class: 'label', text: T.markets.totalGoals }), priceButton(x, 'over'), priceButton(x, 'under')));
    root.append(row);
  }
  if (focused.match) { const again = root.querySelector('[data-match="' + focused.match + '"][data-sel="' + focused.sel + '"]'); if (again) again.focus(); }
};

const renderLeagues = () => {
  const select = $('league');
  $('league-pick').hidden = tab !== 'leagues';
  if (!board) return;
  if (!select.options.length) {
    for (const l of board.leagues) select.append(el('option', { value: l.code }));
    league = board.leagues[0] ? board.leagues[0].code : '';
  }
  // The counts follow the board as matches end and kick off.
  for (const o of select.options) { const l = board.leagues.find((x) => x.code === o.value); if (l) o.textContent = l.name + ' (' + l.count + ')'; }
};

/** Why a pick cannot be placed any more ('' while its price is open): its match ended (gone from the board) or betting closed. */
const closedWhy = (p) => {
  const x = board && board.matches.find((m) => m.id === p.matchId);
  if (!x || x.phase === 'ended') return T.ended;
  return x.prices[p.selection] === null ? T.closed : '';
};

const slipName = () => (picks.length === 1 ? KINDS[0] : kindOf(picks.length) + ' @ ' + price(slipPrice()));

const renderSlip = () => {
  // On a phone the slip rises from the bottom while a pick (or its answer) is on it; Close puts it away.
  const active = picks.length > 0 || !!$('slip-result').textContent;
  $('slip').classList.toggle('active', active);
  document.body.classList.toggle('slip-open', active);
  $('slip-close').hidden = !active;
  $('slip-empty').hidden = picks.length > 0;
  $('slip-form').hidden = picks.length === 0;
  if (!picks.length) return;
  $('slip-kind').textContent = slipName();
  let anyClosed = false;
  // The slip is drawn again on every poll: a keyboard user on a × keeps the focus.
  const onRemove = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.remove : undefined;
  $('slip-picks').replaceChildren(...picks.map((p) => {
    const why = closedWhy(p);
    anyClosed = anyClosed || !!why;
    const remove = el('button', { type: 'button', class: 'quiet', 'data-remove': p.matchId, 'aria-label': fill(T.remove, { pick: pickText(p), match: matchName(p) }), text: '×' });
    remove.addEventListener('click', () => takeOff(p));
    return el('li', { 'data-match': p.matchId }, el('div', {}, el('b', { text: pickText(p) + ' @ ' + price(p.price) }), el('span', { class: 'muted', text: matchName(p) }), why ? el('span', { class: 'closed', text: why }) : null), remove);
  }));
  if (onRemove) { const again = $('slip-picks').querySelector('[data-remove="' + onRemove + '"]'); if (again) again.focus(); }
  const stake = toMinor($('slip-stake').value);
  const inRange = stake !== null && stake >= toMinor(CFG.min) && stake <= toMinor(CFG.max);
  const returns = inRange ? (stake * BigInt(slipPrice())) / 100n : null;
  const tooMuch = returns !== null && returns > toMinor(CFG.maxReturn);
  $('slip-return').textContent = returns === null || tooMuch ? '–' : fmtMinor(returns);
  $('slip-warn').hidden = !tooMuch;
  $('slip-warn').textContent = tooMuch ? fill(T.maxReturn, { max: CFG.maxReturn }) : '';
  $('slip-place').disabled = placing || anyClosed || tooMuch;
};

/** A pick taken off the slip with its ×: the focus moves to the next pick's ×, or to the stake. */
function takeOff(p) {
  if (placing) return;
  const at = picks.indexOf(p);
  picks = picks.filter((k) => k !== p);
  $('slip-note').textContent = picks.length ? fill(T.removedThen, { pick: pickText(p), slip: slipName() }) : fill(T.removed, { pick: pickText(p) });
  render();
  const next = picks[Math.min(at, picks.length - 1)];
  const target = next ? $('slip-picks').querySelector('[data-remove="' + next.matchId + '"]') : null;
  if (target) target.focus();
  else {
    $('slip-empty').setAttribute('tabindex', '-1');
    $('slip-empty').focus();
  }
}

const renderBets = () => {
  const body = document.querySelector('#my-bets tbody');
  body.replaceChildren();
  const bets = board ? board.bets : [];
  $('my-bets-empty').hidden = bets.length > 0;
  $('my-bets').hidden = bets.length === 0;
  for (const b of bets) {
    const single = b.legs.length === 1;
    const final = single && b.legs[0].final ? ' (' + b.legs[0].final + ')' : '';
    const result = b.state === 'open' ? fill(T.open, { amount: b.toReturn }) : b.state === 'won' ? fill(T.won, { amount: b.payout }) + final : T.lost + final;
    const first = b.legs[0];
    const match = single
      ? el('td', {}, first.match, first.kickoff ? el('small', { class: 'muted', text: ' ' + day(first.kickoff) + ' ' + time(first.kickoff) }) : null)
      : el('td', {}, ...b.legs.map((l) => el('span', { class: 'leg ' + l.state }, fill(T.legLine, { match: l.match, final: l.final ? ' (' + l.final + ')' : '', pick: l.pick, price: price(l.price) }), el('span', { class: 'sr-only', text: fill(T.legState, { state: T.legStates[l.state] }) }))));
    // An accumulator's selections are listed with their matches; its pick is the kind of bet.
    const pick = el('td', { class: single ? undefined : 'keep', text: single ? first.pick : b.kind });
    body.append(el('tr', { 'data-bet': b.id }, match, pick, el('td', { class: 'nowrap', text: price(b.price) }), el('td', { class: 'nowrap', text: b.stake }), el('td', { class: b.state, text: result })));
  }
  const open = bets.filter((b) => b.state === 'open').length;
  $('jump-bets').textContent = open ? fill(T.myBetsOpen, { n: open }) : T.myBets;
};

const render = () => { renderLeagues(); renderBoard(); renderSlip(); renderBets(); };

/** A price pressed: on the slip, or off it if it was on; another price of the same match takes its place. */
function choose(x, sel) {
  // The slip holds still while a bet is on its way.
  if (placing) return;
  const out = $('slip-result');
  out.textContent = '';
  const first = picks.length === 0;
  const pick = { matchId: x.id, selection: sel, price: x.prices[sel], home: x.home, away: x.away };
  if (picks.some((k) => k.matchId === x.id && k.selection === sel)) {
    picks = picks.filter((k) => k.matchId !== x.id);
    $('slip-note').textContent = picks.length ? fill(T.removedThen, { pick: pickText(pick), slip: slipName() }) : fill(T.removed, { pick: pickText(pick) });
  } else if (picks.length >= CFG.maxLegs && !picks.some((k) => k.matchId === x.id)) {
    out.className = 'error';
    out.textContent = fill(T.maxLegs, { n: CFG.maxLegs });
  } else {
    picks = [...picks.filter((k) => k.matchId !== x.id), pick];
    $('slip-note').textContent = fill(T.added, { pick: pickText(pick), price: price(pick.price), slip: slipName() });
  }
  render();
  // The first pick takes the focus to the stake; more picks leave it on the board, where the next one is.
  if (first && picks.length) $('slip-stake').focus();
}

const load = async () => {
  try {
    const res = await fetch('/sportsbook/' + encodeURIComponent(CFG.vendor) + '/' + encodeURIComponent(CFG.gameCode) + '/state?token=' + encodeURIComponent(CFG.token) + '&lang=' + encodeURIComponent(CFG.lang));
    const r = await res.json();
    if (!r.ok) { $('slip-result').textContent = r.message; return; }
    board = r;
    $('balance').textContent = r.balance;
    render();
  } catch { /* the next poll tries again */ }
};

for (const t of document.querySelectorAll('[role=tab]')) t.setAttribute('aria-selected', String(t.dataset.tab === tab));
for (const t of document.querySelectorAll('[role=tab]')) t.addEventListener('click', () => {
  tab = t.dataset.tab;
  history.replaceState(null, '', '#' + tab);
  for (const o of document.querySelectorAll('[role=tab]')) o.setAttribute('aria-selected', String(o === t));
  render();
});
$('league').addEventListener('change', (e) => { league = e.target.value; render(); });
$('slip-stake').addEventListener('input', renderSlip);
$('slip-clear').addEventListener('click', () => { picks = []; $('slip-result').textContent = ''; render(); });
$('slip-close').addEventListener('click', () => { picks = []; $('slip-result').textContent = ''; render(); });
// Kick-off times are the device’s: say which zone that is.
{ const off = -new Date().getTimezoneOffset(); $('zone').textContent = fill(T.zone, { zone: 'UTC' + (off >= 0 ? '+' : '-') + String(Math.floor(Math.abs(off) / 60)).padStart(2, '0') + ':' + String(Math.abs(off) % 60).padStart(2, '0') }); }
$('slip-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!picks.length || placing) return;
  placing = true;
  const sent = picks.map((p) => ({ ...p }));
  renderSlip();
  const out = $('slip-result');
  out.className = '';
  out.textContent = T.placing;
  try {
    const res = await fetch('/sportsbook/' + encodeURIComponent(CFG.vendor) + '/' + encodeURIComponent(CFG.gameCode) + '/bet', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: CFG.token, lang: CFG.lang, legs: sent.map((p) => ({ matchId: p.matchId, selection: p.selection, price: p.price })), stake: $('slip-stake').value }),
    });
    const r = await res.json();
    if (r.balance !== undefined) $('balance').textContent = r.balance;
    if (r.ok) {
      out.className = 'won';
      const what = r.bet.legs.length === 1 ? r.bet.legs[0].pick : r.bet.kind;
      out.textContent = fill(T.placed, { stake: r.bet.stake, what, price: price(r.bet.price), returns: r.bet.toReturn });
      picks = [];
      await load();
    } else {
      out.className = 'error';
      out.textContent = r.message;
      // A price that fell is offered again at its new figure: one more press backs it.
      if (r.code === 'PRICE_CHANGED' && Array.isArray(r.prices)) {
        // The answer's prices are in the order the picks were sent.
        sent.forEach((s, i) => { const p = picks.find((k) => k.matchId === s.matchId && k.selection === s.selection); if (p && typeof r.prices[i] === 'number') p.price = r.prices[i]; });
        out.textContent = fill(T.pressAgain, { message: r.message });
      }
      // A market that closed meanwhile: read the board now, so the slip marks the pick at once.
      if (r.code === 'MARKET_CLOSED') load();
    }
  } catch {
    out.className = 'error';
    out.textContent = T.noAnswer;
  } finally {
    placing = false;
    render();
  }
});
load();
setInterval(load, 5000);
`;
