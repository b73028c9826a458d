// Comfort settings: four-colour deck, trick pace, hand sorting, sound, the
// language; remembered in localStorage; reduced motion honoured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { newGame, ready, waitForTurn } from './play-helpers.mjs';

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

test('large cards and the table\'s colours: chosen, remembered, the system\'s by default, on a 360 px phone', { timeout: 120_000 }, async () => {
  await withPage({ path: '?pace=0&seed=sizes', viewport: { width: 360, height: 740 } }, async ({ page, problems, url, screenshot }) => {
    await ready(page);
    await newGame(page, { game: 'partnership', seed: 'sizes' });
    await waitForTurn(page);
    const look = () => page.evaluate(() => {
      const box = (e) => e.getBoundingClientRect();
      const plates = [...document.querySelectorAll('#app .seat .plate')].map(box);
      const hits = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const trick = box(document.querySelector('#trick'));
      return {
        hand: box(document.querySelector('.seat.pos-bottom .hand .card .face')).width,
        // Its height: its width is the centre column's at most, on a phone.
        trick: trick.height,
        back: box(document.querySelector('.seat .hand.down .card')).width,
        felt: getComputedStyle(document.body).getPropertyValue('--felt').trim(),
        classes: ['large-cards', 'theme-light', 'theme-dark'].filter((c) => document.body.classList.contains(c)),
        overlaps: plates.flatMap((a, i) => plates.slice(i + 1).filter((b) => hits(a, b)).length + (hits(a, trick) ? 1 : 0)).reduce((x, y) => x + y, 0),
        sideScroll: document.scrollingElement.scrollWidth > innerWidth,
      };
    });
    const normal = await look();
    assert.deepEqual([normal.classes, normal.overlaps, normal.sideScroll], [[], 0, false]);
    // No colours chosen: the table follows the system's.
    await page.emulateMedia({ colorScheme: 'dark' });
    const systemDark = (await look()).felt;
    assert.notEqual(systemDark, normal.felt, 'a dark system gives the dark table');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal((await look()).felt, normal.felt);

    const choose = async (size, theme) => {
      await page.click('#settings-btn');
      await page.waitForSelector('#settings-dialog[open]');
      await page.selectOption('#set-card-size', size);
      await page.selectOption('#set-theme', theme);
      await page.click('#settings-close');
      await page.waitForSelector('#settings-dialog', { state: 'hidden' });
    };
    await choose('large', 'dark');
    const large = await look();
    assert.deepEqual(large.classes, ['large-cards', 'theme-dark']);
    assert.equal(large.felt, systemDark, 'the dark table, chosen');
    assert.ok(large.hand >= normal.hand * 1.2, `your cards larger: ${normal.hand} → ${large.hand}`);
    assert.ok(large.trick >= normal.trick * 1.2, `the trick larger: ${normal.trick} → ${large.trick}`);
    assert.equal(large.back, normal.back, 'the other hands as they were');
    assert.deepEqual([large.overlaps, large.sideScroll], [0, false], 'still fits the phone, no plate overlapping');
    await screenshot('settings-large-dark-360');
    // Light, chosen, whatever the system asks.
    await page.emulateMedia({ colorScheme: 'dark' });
    await choose('large', 'light');
    assert.equal((await look()).felt, normal.felt, 'light although the system is dark');
    await screenshot('settings-large-light-360');

    // Remembered.
    await page.goto(url);
    await ready(page);
    assert.deepEqual((await look()).classes, ['large-cards', 'theme-light']);
    await page.click('#settings-btn');
    assert.equal(await page.inputValue('#set-card-size'), 'large');
    assert.equal(await page.inputValue('#set-theme'), 'light');
    await page.click('#settings-close');
    assert.deepEqual(problems.all(), []);
  });
});
