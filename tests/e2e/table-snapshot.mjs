// What the table shows, for comparing a resumed or replayed game with the original.
/** Everything the table shows that a resumed game must show the same. */
export async function snapshot(page) {
  return page.evaluate(() => {
    const cards = (sel) => [...document.querySelectorAll(sel)].map((c) => c.dataset.card);
    const app = document.querySelector('#app');
    return {
      hand: cards('.seat.pos-bottom .hand [data-card]'),
      others: [...document.querySelectorAll('.seat:not(.pos-bottom) .hand')].map((h) => h.children.length),
      trick: cards('#trick [data-card]'),
      moves: app.dataset.moves,
      phase: app.dataset.phase,
      waiting: app.dataset.waiting,
      course: app.dataset.course,
      stock: document.querySelector('.stock')?.dataset.count ?? null,
      status: document.querySelector('#status').innerText,
      scores: document.querySelector('#scores').innerText,
      piles: [...document.querySelectorAll('.seat .piles')].map((p) => p.innerText),
    };
  });
}

