// Comfort settings: four-colour deck, trick pace, hand sorting, sound, the
// language; remembered in localStorage; reduced motion honoured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, waitForTurn } from './play-helpers.mjs';

const RANK = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const rankOf = (code) => RANK[code[0]] ?? Number(code[0]);

test('settings change the table and are remembered', { timeout: 60_000 }, async () => {
  await withPage({ path: '?pace=0&seed=settings' }, async ({ page, problems, url, screenshot }) => {
    await ready(page);
    await waitForTurn(page);
    await page.click('#settings-btn');
    await page.waitForSelector('#settings-dialog[open]');
    await page.check('#set-four-colour');
    await page.selectOption('#set-pace', 'fast');
    await page.selectOption('#set-sort', 'rank');
    await page.uncheck('#set-sound');
    await screenshot('settings-en');
    await page.click('#settings-close');
    await page.waitForSelector('#settings-dialog', { state: 'hidden' });

    assert.ok(await page.evaluate(() => document.body.classList.contains('four-colour')));
    const colours = await page.evaluate(() => {
      const c = (s) => { const e = document.querySelector(`.seat.pos-bottom .card.suit-${s}`); return e && getComputedStyle(e).color; };
      return { C: c('C'), D: c('D'), H: c('H'), S: c('S') };
    });
    if (colours.C) assert.equal(colours.C, 'rgb(19, 128, 58)', 'clubs are green');
    if (colours.D) assert.equal(colours.D, 'rgb(27, 95, 201)', 'diamonds are blue');
    // The suits' shapes too (the stylesheet's images, in the corners and the centre).
    const shapes = await page.evaluate(() => {
      const img = (s, pseudo) => { const e = document.querySelector(`.seat.pos-bottom .card.suit-${s} .face:not(.court)`); return e ? getComputedStyle(e, pseudo).backgroundImage : ''; };
      return { C: img('C', '::before') + img('C'), D: img('D', '::before') + img('D'), H: img('H', '::before') };
    });
    assert.ok(shapes.C || shapes.D, 'a club or a diamond in the hand');
    if (shapes.C) assert.equal(shapes.C.match(/13803a/g)?.length, 2, 'clubs green in the corner and the centre');
    if (shapes.D) assert.equal(shapes.D.match(/1b5fc9/g)?.length, 2, 'diamonds blue in the corner and the centre');
    if (shapes.H) assert.match(shapes.H, /cc1f36/, 'hearts stay red');
    const codes = await page.locator('.seat.pos-bottom .hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card));
    const ranks = codes.map(rankOf);
    // Sorted by rank in the Duck course (Ace low): never decreasing.
    assert.deepEqual([...ranks].sort((a, b) => a - b), ranks, `by rank: ${codes.join(' ')}`);
    assert.equal(await page.locator('#mute').getAttribute('aria-pressed'), 'true', 'sound is off');
    await screenshot('settings-four-colour');

    await page.goto(url);
    await ready(page);
    await page.click('#settings-btn');
    assert.ok(await page.isChecked('#set-four-colour'));
    assert.equal(await page.inputValue('#set-pace'), 'fast');
    assert.equal(await page.inputValue('#set-sort'), 'rank');
    assert.ok(!(await page.isChecked('#set-sound')));
    // The language, from the settings.
    await page.selectOption('#set-lang', 'ja');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    await page.waitForSelector('#settings-dialog[open]');
    assert.match(await page.locator('#settings-title').innerText(), /設定/);
    await screenshot('settings-ja');
    await page.click('#settings-close');
    assert.deepEqual(problems.all(), []);
  });
});

test('prefers-reduced-motion turns the animations off', { timeout: 30_000 }, async () => {
  await withPage({ path: '?seed=motion' }, async ({ page, problems }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await ready(page);
    assert.ok(await page.evaluate(() => document.body.classList.contains('no-anim')));
    const anim = await page.evaluate(() => getComputedStyle(document.querySelector('.seat.pos-bottom .hand .card .face')).animationName);
    assert.equal(anim, 'none');
    assert.deepEqual(problems.all(), []);
  });
});
