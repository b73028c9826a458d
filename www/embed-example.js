// The example rules page's script (external: the page's CSP allows no inline
// script). Each game link's iframe gets its address from data-src, with the
// page's own lang and pace passed on (e.g. ?lang=ja or ?pace=0); the last
// iframe, a game to play, gets the page's whole query (e.g. ?seed=...&s=hx)
// and the events the game posts are listed: see src/web/embed.rs.
// (On a real page, a plain <iframe src="…?embed=1&…"> is all it takes: see README.)
const query = new URLSearchParams(location.search);
for (const frame of document.querySelectorAll('iframe[data-src]')) {
  const src = new URL(frame.dataset.src, location.href);
  const passed = frame.id === 'game' ? [...query.keys()] : ['lang', 'pace'];
  for (const k of passed) if (query.has(k)) src.searchParams.set(k, query.get(k));
  src.searchParams.set('embed', '1');
  frame.src = src.href;
}
const frame = document.getElementById('game');

window.duckSoupEvents = [];
window.addEventListener('message', (event) => {
  // Only messages from the game's frame, shaped as documented.
  if (event.source !== frame.contentWindow) return;
  const data = event.data;
  if (!data || data.source !== 'duck-soup') return;
  window.duckSoupEvents.push(data);
  const li = document.createElement('li');
  li.textContent = data.type === 'deal-finished'
    ? `Deal ${data.deal} finished: scores ${data.scores.join(' – ')}, totals ${data.totals.join(' – ')}`
    : `Game finished: totals ${data.totals.join(' – ')}, winner ${data.winner ?? 'none (a tie)'}`;
  li.dataset.type = data.type;
  document.getElementById('events').append(li);
});
