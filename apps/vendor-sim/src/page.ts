import type { GameDef } from './games.js';

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
  game: GameDef;
  token: string;
  returnUrl?: string;
  wallet: 'SEAMLESS' | 'TRANSFER';
  player?: { name: string; balance: string; currency: string };
  error?: string;
};

/** The game page: server-rendered, one inline script, no external assets. */
export const renderPage = (s: PageState) => {
  const back = s.returnUrl ? `<a id="back" href="${esc(s.returnUrl)}">← Back to lobby</a>` : '';
  const controls = s.player
    ? `<p class="prompt">${esc(s.game.prompt)}</p>
  <label>Stake <input id="stake" type="text" inputmode="decimal" value="1.00" size="8"></label>
  <div class="choices">${s.game.choices.map((c) => `<button class="choice" data-choice="${esc(c.value)}">${esc(c.label)}</button>`).join('')}</div>
  <div id="result" aria-live="polite"></div>`
    : '';
  const config = JSON.stringify({ vendor: s.vendor, gameCode: s.gameCode, token: s.token }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
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
${s.player ? `<div>Player <b id="player">${esc(s.player.name)}</b></div><div class="balance">Balance <b id="balance">${esc(s.player.balance)}</b> <span id="currency">${esc(s.player.currency)}</span></div>` : ''}
${s.error ? `<p class="error" id="error">${esc(s.error)}</p>` : ''}
${controls}
<script>
const CFG = ${config};
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
        body: JSON.stringify({ token: CFG.token, stake: document.getElementById('stake').value, choice: b.dataset.choice }),
      });
      const r = await res.json();
      if (r.balance !== undefined) document.getElementById('balance').textContent = r.balance;
      if (r.ok) {
        result.className = r.win !== '0.00' ? 'win' : 'lose';
        result.textContent = r.text + ' — ' + (r.win !== '0.00' ? 'you win ' + r.win : 'no win');
      } else {
        result.className = 'error';
        result.textContent = r.message;
      }
    } catch (e) {
      result.className = 'error';
      result.textContent = 'The game server did not answer';
    } finally {
      buttons.forEach((x) => (x.disabled = false));
    }
  });
}
</script>
</body></html>`;
};
