// The example host page's script (external: the page's CSP allows no inline
// script). It passes its own query on to the embedded game (e.g. ?pace=0 or
// ?seed=...&s=hx) and lists the events the game posts: see src/web/embed.rs.
// (On a real page, a plain <iframe src="…?embed=1&…"> is all it takes: see README.)
const frame = document.getElementById('game');
const src = new URL(frame.dataset.src, location.href);
for (const [k, v] of new URLSearchParams(location.search)) src.searchParams.set(k, v);
src.searchParams.set('embed', '1');
frame.src = src.href;

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
