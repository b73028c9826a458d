// Game links for rules sites (src/page/link.rs, controller/replay.rs):
// the example rules page's illustrations and puzzle, each an iframe with
// ?embed=1&r=…, stepped by buttons and keys, in English and Japanese and at
// 360 px; captions as text only; bad links refused in one line over a
// playable table, the visitor's saved game untouched; the author's tool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove, playDeal } from './play-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

// The example page's records (tests/example_links.rs checks what they show).
const QUACK = 'AQAHcGFybGV0dAE6AQAHcnVsZXMtMBWR1LaDCDkm0Ie5wXATVeO1MsNBRwF2ag';
const PUZZLE = 'AQAHcGFybGV0dAE8AQAHcnVsZXMtNRVEXq0EXGQ25_4Vxj70MtdBPVoMagEWYQ';

const pos = (f) => f.locator('#replay-pos').getAttribute('data-pos').then(Number);
const note = (f) => f.locator('#replay-note').textContent();
const announced = (f) => f.evaluate(() => [...document.querySelectorAll('#announcer p')].map((p) => p.textContent));

/** The example page's frames, once each shows its table, by what it shows. */
async function frames(page) {
  await page.waitForSelector('iframe#game');
  const out = {};
  for (const el of await page.$$('iframe')) {
    const f = await el.contentFrame();
    await f.waitForSelector('body[data-ready]', { timeout: 30_000 });
    out[(await el.getAttribute('data-shows')) ?? 'game'] = { frame: f, el };
  }
  return out;
}

test('the example rules page: illustrations step by buttons and keys, with captions and calls', async () => {
  await withPage({ path: 'embed-example.html?lang=en&pace=0' }, async ({ page, problems, screenshot }) => {
    const f = await frames(page);
    assert.deepEqual(Object.keys(f).sort(), ['course-change', 'duck-soup', 'game', 'puzzle', 'quack-face-up']);
    const q = f['quack-face-up'].frame;
    // Opened at move 15 (the trick on show), with its caption; nothing saved, no way "back to my game".
    assert.equal(await pos(q), 15);
    assert.match(await note(q), /North takes the trick face up, for 2 points/);
    assert.equal(await q.locator('#replay-exit').count(), 0);
    assert.match(await q.locator('.table').innerText(), /North wins the trick: face up, 2 points/);
    assert.equal(await q.evaluate(() => localStorage.getItem('duck-soup.game')), null);
    await screenshot('viewer-example');

    // Keys: ← a move back, → forward (announced as in play, with the call's banner), Home, End.
    await f['quack-face-up'].el.scrollIntoViewIfNeeded();
    await q.click('#replay-pos');
    await q.press('body', 'ArrowLeft');
    await q.press('body', 'ArrowLeft');
    assert.equal(await pos(q), 13);
    assert.equal(await note(q), 'South leads the eight of diamonds.');
    await q.press('body', 'ArrowRight');
    assert.equal(await pos(q), 14);
    assert.equal((await announced(q)).at(-1), 'North: eight of hearts. Quack!');
    assert.equal(await q.locator('#call').getAttribute('data-call'), 'quack');
    assert.match(await note(q), /Quack!/);
    // Shift+← back to the trick before, Shift+→ (or Page Down) to the end of this one.
    await q.press('body', 'Shift+ArrowLeft');
    assert.equal(await pos(q), 12);
    await q.press('body', 'PageDown');
    assert.equal(await pos(q), 15);
    await q.press('body', 'Home');
    assert.equal(await pos(q), 0);
    assert.ok(await q.locator('#replay-back').isDisabled());
    await q.press('body', 'End');
    const end = await pos(q);
    assert.equal(end, Number(await q.locator('#replay-pos').getAttribute('data-total')));
    // Buttons: the trick and move steps, and jumping to a move.
    await q.click('#replay-trick-back');
    assert.ok((await pos(q)) < end);
    await q.click('#replay-first');
    await q.click('#replay-forward');
    assert.equal(await pos(q), 1);
    await q.fill('#replay-jump', '29');
    await q.press('#replay-jump', 'Enter');
    assert.equal(await pos(q), 29);
    // The seat to view from.
    await q.selectOption('#replay-seat', '1');
    assert.match(await q.locator('.seat.pos-bottom .plate').innerText(), /North/);
    // Space plays on by itself (at pace 0, to the end at once) and stops there.
    await q.click('#replay-pos');
    await q.press('body', 'Space');
    await q.waitForFunction(() => document.querySelector('#replay-pos').dataset.pos === document.querySelector('#replay-pos').dataset.total);
    await q.waitForFunction(() => document.querySelector('#replay-play').getAttribute('aria-pressed') === 'false');

    // Duck soup answering Quack-quack, and the change of course.
    const d = f['duck-soup'].frame;
    assert.equal(await pos(d), 4);
    assert.match(await note(d), /Duck soup!/);
    const c = f['course-change'].frame;
    assert.match(await note(c), /the Soup course begins/);
    await assertAxeClean(q, 'the viewer (English)');
    assert.deepEqual(problems.all(), []);
  });
});

test('the puzzle: the mover chooses, the Expert player judges, the replay goes on', async () => {
  await withPage({ path: 'embed-example.html?lang=en&pace=0' }, async ({ page, problems, screenshot }) => {
    const { frame: p, el } = (await frames(page)).puzzle;
    await el.scrollIntoViewIfNeeded();
    assert.equal(await note(p), 'Puzzle: you are South. What would you play?');
    assert.equal(await pos(p), 23);
    // Stopped: nothing forward until it is answered.
    assert.ok(await p.locator('#replay-forward').isDisabled());
    assert.ok(await p.locator('#quack').isVisible());
    await assertAxeClean(p, 'the puzzle (English)');
    await screenshot('viewer-puzzle');
    // A card that is not the quack: judged wrong, with the Expert's reason.
    const other = await p.evaluate(() => [...document.querySelectorAll('.seat.pos-bottom .hand [data-card]')]
      .map((c) => c.dataset.card).find((c) => c[0] !== '5'));
    const t0 = Date.now();
    await p.click(`.seat.pos-bottom .hand [data-card="${other}"]`);
    await p.waitForFunction(() => document.querySelector('#replay-pos').dataset.pos === '24');
    const took = Date.now() - t0;
    assert.match(await note(p), /^You chose: .+\. The Expert player would rather quack with the five of spades/);
    assert.ok(took < 3000, `judged in ${took} ms`);
    // The replay goes on: the record's own move was played and announced.
    assert.match((await announced(p)).join('\n'), /South: five of spades\. Quack!/);
    assert.ok(await p.locator('#replay-forward').isEnabled());
    await screenshot('viewer-puzzle-answered');

    // Back to the question: it stays answered; a fresh load answered right.
    await page.reload();
    const again = (await frames(page)).puzzle.frame;
    // Judged in the computers' worker (the Expert player at its full budget):
    // the click returns at once, and the verdict follows.
    const clicked = await again.evaluate(() => {
      window.__asked = performance.now();
      document.querySelector('#quack').click();
      return performance.now() - window.__asked;
    });
    await again.waitForFunction(() => document.querySelector('#replay-pos').dataset.pos === '24');
    const judged = await again.evaluate(() => performance.now() - window.__asked);
    console.log(`puzzle: the click took ${clicked.toFixed(1)} ms; judged in the worker and drawn within ${judged.toFixed(0)} ms`);
    assert.ok(clicked < 200, `the click took ${clicked} ms`);
    assert.match(await note(again), /^Right! The Expert player would also quack with the five of spades/);
    assert.deepEqual(problems.all(), []);
  });
});

test('Japanese at 360 px: the viewer and the puzzle fit and speak Japanese', async () => {
  await withPage({ path: 'embed-example.html?lang=ja&pace=0', viewport: { width: 360, height: 740 } }, async ({ page, problems, screenshot }) => {
    const f = await frames(page);
    for (const [name, { frame, el }] of Object.entries(f)) {
      assert.equal(await frame.evaluate(() => document.documentElement.lang), 'ja', name);
      if (name === 'game') continue;
      await el.scrollIntoViewIfNeeded();
      assert.equal(await frame.locator('#replay-jump').locator('xpath=..').innerText(), '手数へ移動');
      const over = await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(over <= 0, `${name}: ${over}px too wide`);
      await el.screenshot({ path: `tests/e2e/screenshots/viewer-ja-360-${name}.png` });
    }
    const p = f.puzzle.frame;
    assert.equal(await note(p), '問題：あなたは南です。どう打ちますか？');
    await assertAxeClean(p, 'the puzzle (Japanese, 360 px)');
    await assertAxeClean(f['quack-face-up'].frame, 'the viewer (Japanese, 360 px)');
    await p.click('#quack');
    await p.waitForFunction(() => document.querySelector('#replay-pos').dataset.pos === '24');
    assert.match(await note(p), /^正解！エキスパートも同じ手です：/);
    await screenshot('viewer-ja-360');
    assert.deepEqual(problems.all(), []);
  });
});

test('captions are text only; a bad link says what is wrong and the saved game stays', async () => {
  await withPage({ path: '?pace=0&seed=viewer-saved' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await waitForTurn(page);
    await humanMove(page);
    await waitForTurn(page);
    const saved = await page.evaluate(() => localStorage.getItem('duck-soup.game'));
    assert.ok(saved);
    const base = page.url().split('?')[0];

    // Markup in a caption shows as its characters.
    await page.goto(`${base}?r=${QUACK}&at=2&c=2:${encodeURIComponent('<b>bold</b> & <img src=x>')}&show=all`);
    await ready(page);
    assert.equal(await note(page), '<b>bold</b> & <img src=x>');
    assert.equal(await page.locator('#replay-note *').count(), 0);
    assert.ok((await page.locator('.seat.pos-top .hand [data-card]').count()) > 0, 'show=all');
    assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.game')), saved, 'the viewer saves nothing');
    await page.click('#replay-exit');
    await page.waitForSelector('#replay-bar', { state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.game')), saved);
    // The link leaves the address: a reload shows the game.
    assert.doesNotMatch(page.url(), /[?&](r|at|show|c)=/);
    await page.reload();
    await ready(page);
    assert.equal(await page.locator('#replay-bar').count(), 0);

    // Cut short, changed on the way, another version, an impossible record.
    const bytes = Buffer.from(QUACK, 'base64url');
    const fnv = (b) => {
      let h = 0x811c9dc5;
      for (const x of b) h = Math.imul(h ^ x, 0x01000193) >>> 0;
      const f = (h >>> 16) ^ (h & 0xffff);
      return Buffer.from([f >> 8, f & 0xff]);
    };
    const relink = (body) => Buffer.concat([body, fnv(body)]).toString('base64url');
    const body = bytes.subarray(0, bytes.length - 2);
    // The rules' text (a length, then "parlett") made "parlettz".
    const rules = Buffer.concat([body.subarray(0, 2), Buffer.from([8]), Buffer.from('parlettz'), body.subarray(10)]);
    const other = Buffer.from(body);
    other[0] = 9;
    const cases = [
      [QUACK.slice(0, 20), /cut short|changed on the way/],
      [QUACK.slice(0, 30) + (QUACK[30] === 'A' ? 'B' : 'A') + QUACK.slice(31), /changed on the way: copy it again/],
      [Buffer.concat([other, fnv(other)]).toString('base64url'), /another version of the game \(version 9; this one reads 1\)/],
      [relink(rules), /rules/],
      ['not a link!', /not a game link/],
      // A game with no deal at all (version 1, two-player, "parlett", no deals).
      [relink(Buffer.from([1, 0, 7, ...Buffer.from('parlett'), 0, 0, 0, 0])), /deal count is not valid/],
    ];
    for (const [r, why] of cases) {
      await page.goto(`${base}?r=${r}`);
      await ready(page);
      const message = await page.locator('#message').innerText();
      assert.match(message, /^This game link cannot be shown: /, r);
      assert.match(message, why, r);
      assert.equal(message.split('\n').length, 1);
      assert.equal(await page.locator('#replay-bar').count(), 0);
      // The visitor's own game is back on the table, as it was.
      assert.equal(await page.evaluate(() => localStorage.getItem('duck-soup.game')), saved);
    }
    await screenshot('viewer-bad-link');
    // In Japanese, and in an embed (a playable table under the message).
    await page.goto(`${base}?embed=1&lang=ja&r=${QUACK.slice(0, 20)}`);
    await ready(page);
    assert.match(await page.locator('#message').innerText(), /^このゲームリンクは表示できません：/);
    // A puzzle past the last move is named.
    await page.goto(`${base}?embed=1&r=${PUZZLE}&puzzle=999`);
    await ready(page);
    assert.match(await note(page), /there is no move 999 to ask \(the game has 60\)/);
    assert.deepEqual(problems.all(), []);
  });
});

test("the author's tool: a position as a link and an embed, with a puzzle and a preview", async () => {
  await withPage({ path: `?pace=0&r=${QUACK}&at=15&c=15:${encodeURIComponent('Face up!')}` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await page.click('#share-tool');
    await page.waitForSelector('#share-dialog[open]');
    const link = await page.inputValue('#author-link');
    assert.match(link, new RegExp(`\\?r=${QUACK}&at=15&c=15:Face\\+up!&lang=en$`));
    const code = await page.inputValue('#author-embed');
    assert.match(code, /^<iframe src="http:\/\/[^"]+\?embed=1&amp;r=[^"]+&amp;at=15&amp;[^"]*" title="Duck Soup" width="100%" height="760"><\/iframe>$/);
    // A caption typed in the tool joins the link, at the move it opens at (text only).
    await page.fill('#author-caption', 'Look: <i>this</i> & that');
    await page.press('#author-caption', 'Tab');
    assert.match(await page.inputValue('#author-link'), /&c=15:Look:\+%3Ci%3Ethis%3C%2Fi%3E\+%26\+that$/);
    await page.fill('#author-caption', '');
    await page.press('#author-caption', 'Tab');
    assert.match(await page.inputValue('#author-link'), new RegExp(`\\?r=${QUACK}&at=15&c=15:Face\\+up!&lang=en$`));
    await page.check('#author-puzzle');
    assert.match(await page.inputValue('#author-link'), /&puzzle=16&/);
    assert.doesNotMatch(await page.inputValue('#author-link'), /at=/);
    await page.click('#author-preview-button');
    const frame = await (await page.waitForSelector('#author-preview')).contentFrame();
    await frame.waitForSelector('#replay-note');
    await frame.waitForFunction(() => /Puzzle/.test(document.querySelector('#replay-note').textContent));
    assert.equal(await pos(frame), 15);
    await screenshot('viewer-author-tool');
    await page.click('#share-close');

    // On a finished deal: its panel opens the same tool.
    await page.click('#replay-exit');
    await page.goto(page.url().split('?')[0] + '?pace=0&seed=viewer-author&s=hn');
    await ready(page);
    await playDeal(page);
    // (This seed's game ends with its first deal: the game's panel, else the deal's.)
    await page.click('#deal-end-share:visible, #game-over-share:visible');
    await page.waitForSelector('#share-dialog[open]');
    // The table alone offers the tool in the viewer's page: the tab reloads into it.
    await page.click('#author-full-page');
    await page.waitForSelector('#share-dialog[open] #author-link');
    const dealLink = await page.inputValue('#author-link');
    const moves = await page.evaluate(() => Number(document.querySelector('#app').dataset.moves));
    assert.match(dealLink, new RegExp(`\\?r=[\\w-]+&at=${moves}&lang=en$`));
    assert.equal(await page.locator('#author-puzzle').count(), 0, 'nothing left to ask');
    assert.deepEqual(problems.all(), []);
  });
});

test('the viewer follows a language switch, its position and caption kept', async () => {
  await withPage({ path: `?pace=0&r=${QUACK}&at=14&c=14:${encodeURIComponent('Quack!')}` }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await page.click('#lang-btn');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.equal(await page.locator('#replay-jump').locator('xpath=..').innerText(), '手数へ移動');
    assert.equal(await page.locator('#replay-pos').innerText(), '第1ディール · 58手中14手目');
    assert.equal(await note(page), 'Quack!');
    await page.keyboard.press('ArrowRight');
    assert.equal(await pos(page), 15);
    assert.ok((await announced(page)).includes('南:ダック。'), 'the move, announced in Japanese');
    await screenshot('viewer-ja-desktop');
    assert.deepEqual(problems.all(), []);
  });
});
