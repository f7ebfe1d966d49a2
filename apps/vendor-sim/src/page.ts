import type { GameView } from './games.js';
import { HTML_LANG, TEXTS, type Lang } from './texts.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only http(s) return URLs become links: anything else (javascript:, data:) is dropped. */
export const safeReturnUrl = (v: string | undefined) => {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
};

export type PageState = {
  vendor: string;
  gameCode: string;
  category: string;
  game: GameView;
  lang: Lang;
  token: string;
  returnUrl?: string;
  wallet: 'SEAMLESS' | 'TRANSFER';
  player?: { name: string; balance: string; currency: string };
  error?: string;
};

/** The game page, in the launch's language: server-rendered, one inline script, no external assets. */
export const renderPage = (s: PageState) => {
  const t = TEXTS[s.lang];
  const back = s.returnUrl ? `<a id="back" href="${esc(s.returnUrl)}">${esc(t.common.backToLobby)}</a>` : '';
  const controls = s.player
    ? `<p class="prompt">${esc(s.game.prompt)}</p>
  <label>${esc(t.common.stake)} <input id="stake" type="text" inputmode="decimal" value="1.00" size="8"></label>
  <div class="choices">${s.game.choices.map((c) => `<button class="choice" data-choice="${esc(c.value)}">${esc(c.label)}</button>`).join('')}</div>
  <div id="result" aria-live="polite"></div>`
    : '';
  const config = JSON.stringify({ vendor: s.vendor, gameCode: s.gameCode, token: s.token, lang: s.lang, t: t.game.script }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${HTML_LANG[s.lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(s.vendor)} · ${esc(s.game.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#0d1b2a;color:#e0e1dd;margin:0;padding:1rem;max-width:40rem;margin:auto}
h1{font-size:1.3rem} .balance{font-size:1.2rem;margin:.5rem 0} button{font-size:1rem;margin:.25rem;padding:.5rem .9rem;border-radius:.4rem;border:0;background:#415a77;color:#fff;cursor:pointer}
button:disabled{opacity:.5} #result{min-height:3rem;margin-top:1rem;font-size:1.1rem} .win{color:#7fdc7f} .lose{color:#f0a0a0} .error{color:#ffb703} a{color:#9ad1ff}
input{font-size:1rem;padding:.3rem}
</style></head>
<body data-category="${esc(s.category)}" data-wallet="${s.wallet}">
${back}
<h1>${esc(s.vendor)} · ${esc(s.game.title)} <small>(${esc(s.gameCode)})</small></h1>
${s.player ? `<div>${esc(t.common.player)} <b id="player">${esc(s.player.name)}</b></div><div class="balance">${esc(t.common.balance)} <b id="balance">${esc(s.player.balance)}</b> <span id="currency">${esc(s.player.currency)}</span></div>` : ''}
${s.error ? `<p class="error" id="error">${esc(s.error)}</p>` : ''}
${controls}
<script>
const CFG = ${config};
const fill = (text, vars) => text.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
const result = document.getElementById('result');
for (const b of document.querySelectorAll('button.choice')) {
  b.addEventListener('click', async () => {
    const buttons = document.querySelectorAll('button.choice');
    buttons.forEach((x) => (x.disabled = true));
    result.className = '';
    result.textContent = '…';
    try {
      const res = await fetch('/play/' + encodeURIComponent(CFG.vendor) + '/' + encodeURIComponent(CFG.gameCode), {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: CFG.token, lang: CFG.lang, stake: document.getElementById('stake').value, choice: b.dataset.choice }),
      });
      const r = await res.json();
      if (r.balance !== undefined) document.getElementById('balance').textContent = r.balance;
      if (r.ok) {
        result.className = r.win !== '0.00' ? 'win' : 'lose';
        result.textContent = fill(r.win !== '0.00' ? CFG.t.win : CFG.t.noWin, { text: r.text, amount: r.win });
      } else {
        result.className = 'error';
        result.textContent = r.message;
      }
    } catch (e) {
      result.className = 'error';
      result.textContent = CFG.t.noAnswer;
    } finally {
      buttons.forEach((x) => (x.disabled = false));
    }
  });
}
</script>
</body></html>`;
};
