// The computer players think in a worker (src/web/controller/thinker.rs,
// www/worker.js), so the page answers while they think: a click on a card
// is answered while an Expert with a huge budget searches; a new game stops
// that search at once; no long task comes from their turns (and, as a check
// that the measure can see one, they do come with ?worker=0, where the
// computers think on the page's main thread); whole deals against Expert
// play by clicks in every game, under the strict CSP, with the page's build
// and the computers' own each downloaded once, and at pace 0 the same seed
// plays the same deal; at a pace, the worker is told once as the
// two-player Soup course begins (to solve it ahead), and never at pace 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STRICT_CSP, withPage } from './harness.mjs';
import { humanMove, newGame, playDeal, ready, state, waitForTurn } from './play-helpers.mjs';

const headers = { 'Content-Security-Policy': STRICT_CSP };

/** Waits until the computer is to move (making your moves until it is). */
async function untilComputerThinks(page) {
  for (let i = 0; i < 10; i++) {
    const s = await page.waitForFunction(() => {
      const w = document.querySelector('#app').dataset.waiting;
      return (w === 'human' || w === 'computer') && w;
    }, null, { timeout: 20_000 });
    if ((await s.jsonValue()) === 'computer') return;
    await humanMove(page);
  }
  throw new Error('the computer never came to move');
}

/**
 * Clicks `selector` (a real click, through the browser's input) and returns
 * the time from the input event to the page's answer (the element `changed`
 * changing), as the page measures it: milliseconds.
 */
async function answerTime(page, selector, changed) {
  await page.evaluate((changed) => {
    window.__answer = { input: null, answered: null };
    addEventListener('click', (e) => { window.__answer.input ??= e.timeStamp; }, { capture: true, once: true });
    const target = document.querySelector(changed);
    const seen = new MutationObserver(() => {
      window.__answer.answered ??= performance.now();
      seen.disconnect();
    });
    seen.observe(target, { attributes: true, childList: true, characterData: true, subtree: true });
  }, changed);
  await page.click(selector, { force: true, timeout: 5_000 });
  const a = await (await page.waitForFunction(() => window.__answer.answered !== null && window.__answer, null, { timeout: 10_000 })).jsonValue();
  return a.answered - a.input;
}

/** Starts recording the tasks of the messages the page posts to its workers. */
async function recordPosts(page) {
  await page.evaluate(() => {
    window.__posted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (data, ...rest) {
      if (Array.isArray(data)) window.__posted.push({ task: data[3] ?? 'think', bytes: data[1]?.length ?? 0 });
      return post.call(this, data, ...rest);
    };
  });
}

/** The messages of `task` the page posted to its workers since `recordPosts`. */
async function posted(page, task) {
  return page.evaluate((task) => window.__posted.filter((m) => m.task === task), task);
}

/** Starts recording long tasks and every DOM change's time (a render). */
async function recordLongTasks(page) {
  await page.evaluate(() => {
    window.__long = [];
    window.__renders = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    new MutationObserver(() => window.__renders.push(performance.now()))
      .observe(document.body, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

/**
 * Long tasks in which the page changed nothing in the DOM: where a computer
 * thinks on the main thread, its search (the move it finds is played in a
 * later task, after the rest of the pace's delay).
 */
async function thinkingLongTasks(page) {
  return page.evaluate(() => window.__long.filter((t) => !window.__renders.some((r) => r >= t.start && r <= t.start + t.duration)));
}

test('a click on a card is answered while Expert thinks, and a new game stops its search', { timeout: 120_000 }, async () => {
  // 50 million play-outs: minutes of search, at pace 0 never cut short.
  await withPage({ path: '?pace=0&seed=worker-busy&playouts=50000000', headers }, async ({ page, problems, screenshot, responses }) => {
    await ready(page);
    await newGame(page, { game: 'two-player', seats: ['human', 'expert'], seed: 'worker-busy' });
    await untilComputerThinks(page);
    await recordLongTasks(page);
    await page.waitForTimeout(300);
    const moves = (await state(page)).moves;
    const times = [];
    // A card of your hand (it is not your turn: the page says whose it is),
    // and the sound switch, off and on again.
    times.push(await answerTime(page, '#app .seat.pos-bottom button.card[data-card]', '#message'));
    times.push(await answerTime(page, '#mute', '#mute'));
    times.push(await answerTime(page, '#mute', '#mute'));
    await screenshot('worker-busy-answered');
    console.log(`answered in ${times.map((t) => t.toFixed(1)).join(', ')} ms while Expert searched`);
    assert.match(await page.locator('#message').innerText(), /North/, 'the page says whose turn it is');
    assert.equal((await state(page)).moves, moves, 'Expert is still thinking');
    assert.equal((await state(page)).waiting, 'computer');
    const sorted = [...times].sort((a, b) => a - b);
    assert.ok(sorted[1] < 100, `the page answered clicks in ${times} ms (median over 100)`);
    assert.ok(sorted[2] < 500, `the page answered clicks in ${times} ms`);
    assert.deepEqual((await thinkingLongTasks(page)).filter((t) => t.duration > 100), [], 'no long task while Expert searched');

    // A new game: the search in flight is stopped with its worker, so the
    // next computer answers at once (not minutes later).
    await newGame(page, { game: 'two-player', seats: ['human', 'normal'], seed: 'worker-next' });
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      await waitForTurn(page);
      await humanMove(page);
    }
    await waitForTurn(page);
    const waited = Date.now() - started;
    const s = await state(page);
    console.log(`after the new game, three of your moves and ${s.moves - 3} of the computer's took ${waited} ms`);
    assert.ok(s.moves - 3 >= 2, `the computer moved ${s.moves - 3} times`);
    assert.ok(waited < 10_000, `the next computer waited ${waited} ms`);
    // The worker started again was handed the build its first one compiled:
    // the computers' wasm was fetched once.
    const fetched = responses.filter((r) => r.url.endsWith('.wasm') && r.url.includes('-thinker-'));
    assert.equal(fetched.length, 1, `the computers' wasm fetched ${fetched.length} times`);
    assert.deepEqual(problems.all(), []);
  });
});

for (const worker of [true, false]) {
  test(`Expert at the normal pace: ${worker ? 'no long task from its turns (in the worker)' : 'long tasks on the main thread (?worker=0)'}`, { timeout: 180_000 }, async () => {
    // 200,000 play-outs: more than the thinking delay allows, so in the
    // worker the search stops at its deadline; on the main thread it blocks.
    const path = `?pace=1&seed=worker-long&playouts=200000${worker ? '' : '&worker=0'}`;
    await withPage({ path, headers }, async ({ page, problems }) => {
      await ready(page);
      await newGame(page, { game: 'two-player', seats: ['human', 'expert'], seed: 'worker-long' });
      await waitForTurn(page);
      await recordLongTasks(page);
      const start = (await state(page)).moves;
      // Three of Expert's turns at least.
      while ((await state(page)).moves < start + 6) {
        await waitForTurn(page);
        if ((await state(page)).phase !== 'playing') break;
        await humanMove(page);
      }
      await waitForTurn(page);
      const thinking = await thinkingLongTasks(page);
      const all = await page.evaluate(() => window.__long);
      console.log(`worker ${worker}: ${all.length} long tasks (${all.map((t) => t.duration.toFixed(0)).join(', ')} ms), ${thinking.length} while nothing was drawn`);
      // With this budget a search on the main thread takes seconds; a task
      // of 50-100 ms that draws nothing is the browser's own work (garbage
      // collection, a late frame) on a busy machine, not a search.
      if (worker) assert.deepEqual(thinking.filter((t) => t.duration > 100), [], 'a long task from the computer players');
      // On the main thread each search is one task of seconds; the move it
      // finds is drawn at its end, inside the task, so it may count as drawing.
      else assert.ok(all.some((t) => t.duration > 1000), 'the measure sees the main thread search');
      // (The main thread's search warns once that no worker is used.)
      assert.deepEqual(problems.all(), []);
    });
  });
}

test('whole deals against Expert by clicks in every game, its search in the worker', { timeout: 300_000 }, async () => {
  await withPage({ path: '?pace=0&seed=worker-deals', headers }, async ({ page, problems, responses }) => {
    await ready(page);
    await recordPosts(page);
    for (const [game, seats] of [
      ['two-player', ['human', 'expert']],
      ['three-player', ['human', 'expert', 'hard']],
      ['partnership', ['human', 'expert', 'expert', 'expert']],
    ]) {
      await newGame(page, { game, seats, seed: `worker-${game}` });
      const log = await playDeal(page);
      const s = await state(page);
      assert.ok(['deal-over', 'game-over'].includes(s.phase), `${game}: the deal ended (${s.phase})`);
      console.log(`${game}: a deal against Expert, ${log.moves} moves by you, ${s.moves} in all`);
      if (game === 'two-player') {
        // At pace 0 Expert spends a fixed budget: the same seed plays the same deal.
        const sheet = await page.locator('#scores').innerText();
        await newGame(page, { game, seats, seed: `worker-${game}` });
        await playDeal(page);
        assert.equal(await page.locator('#scores').innerText(), sheet, 'the same seed, the same deal');
        assert.equal((await state(page)).moves, s.moves);
      }
    }
    // At pace 0 nothing is solved ahead: the same seed plays the same game.
    assert.deepEqual(await posted(page, 'soup'), [], 'no Soup course solved ahead at pace 0');
    // The page's build and the computers' own (its worker's), each once.
    const wasm = responses.filter((r) => r.url.endsWith('.wasm')).map((r) => r.url);
    assert.equal(wasm.filter((u) => !u.includes('-thinker-')).length, 1, `the page's wasm was downloaded once: ${wasm}`);
    assert.equal(wasm.filter((u) => u.includes('-thinker-')).length, 1, `the computers' wasm was downloaded once: ${wasm}`);
    assert.deepEqual(problems.all(), []);
  });
});

test('the hint is answered from the worker while the page stays responsive', { timeout: 60_000 }, async () => {
  await withPage({ path: '?pace=0&seed=worker-hint', headers }, async ({ page, problems }) => {
    await ready(page);
    await waitForTurn(page);
    await page.click('#hint');
    await page.waitForSelector('.hinted');
    assert.match(await page.locator('#message').innerText(), /^Hint: /);
    assert.deepEqual(problems.all(), []);
  });
});

test('at a pace, the worker is told once as the two-player Soup course begins against Expert', { timeout: 180_000 }, async () => {
  await withPage({ path: '?pace=0.1&seed=worker-soup', headers }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await recordPosts(page);
    await newGame(page, { game: 'two-player', seats: ['human', 'expert'], seed: 'worker-soup' });
    // Your moves until the Soup course has begun, then four more (short of
    // the last trick, whose one card plays itself at a pace).
    let after = 0;
    for (let guard = 0; after < 4 && guard < 100; guard++) {
      const s = await waitForTurn(page);
      assert.equal(s.phase, 'playing');
      if ((await posted(page, 'soup')).length) after++;
      await humanMove(page);
    }
    await screenshot('worker-soup-ahead');
    const soup = await posted(page, 'soup');
    assert.equal(soup.length, 1, 'told once');
    assert.ok(soup[0].bytes > 0, "the Expert seat's view");
    assert.ok((await posted(page, 'think')).length > 10, "Expert's questions");
    // The worker read it (a view it refused would say "nothing to ponder").
    assert.deepEqual(problems.warnings.filter((w) => /ponder/.test(w)), []);
    assert.deepEqual(problems.all(), []);
  });
});
