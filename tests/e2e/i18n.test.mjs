// Languages: English and Japanese for every visible string, chosen from the
// browser's languages, switched in the page and remembered, and forced by
// ?lang=en|ja; <html lang> follows. In Japanese no visible text (nor any
// accessible name) on any screen contains an English word of the interface.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer, DIST_DIR, withPage } from './harness.mjs';
import { ready, waitForTurn, humanMove, newGame, state } from './play-helpers.mjs';
import { visibleTexts, ariaNames } from './a11y-helpers.mjs';

// Words of the English interface (whole words, any case).
const ENGLISH = /\b(the|and|your|you|cards?|deals?|duck|ducks|soup|quack|hint|help|settings|score|sheet|total|game|new|sound|on|off|tricks?|last|north|south|east|west|human|computer|normal|hard|easy|play|close|next|cancel|start|rules|players|preset|seed|walkthrough|course|lower|higher|wins?|lead|turn|points?|pts|face|up|down|kept|share|language|dealer|high|low|keyboard|move|hand)\b/i;
// Allowed: the switch to English names itself in English.
const ALLOWED = new Set(['English']);

function englishIn(texts) {
  return texts.filter((t) => !ALLOWED.has(t) && ENGLISH.test(t));
}

async function assertNoEnglish(page, label) {
  const texts = await visibleTexts(page);
  assert.deepEqual(englishIn(texts), [], `English text on ${label}`);
  const names = await ariaNames(page);
  assert.deepEqual(englishIn(names), [], `English accessible names on ${label}`);
  assert.ok(texts.some((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t)), `Japanese text on ${label}`);
}

test('the browser language picks Japanese; ?lang=en overrides it', { timeout: 60_000 }, async () => {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'ja-JP', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}?pace=0&seed=lang`);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    assert.equal(await page.title(), 'ダックスープ');
    assert.match(await page.locator('#course').innerText(), /ダックステージ/);
    await page.goto(`${server.url}?pace=0&seed=lang&lang=en`);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.match(await page.locator('#course').innerText(), /Duck course/);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

test('switching to Japanese changes every visible string, and is remembered', { timeout: 120_000 }, async () => {
  await withPage({ path: '?pace=0&seed=lang-2' }, async ({ page, problems, url, screenshot }) => {
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await waitForTurn(page);
    await humanMove(page);
    await waitForTurn(page);
    const movesBefore = (await state(page)).moves;
    await page.click('#lang-btn');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    // The game goes on where it was.
    assert.equal((await state(page)).moves, movesBefore);
    await assertNoEnglish(page, 'the table');
    // Cards are named in Japanese for screen readers.
    const names = await page.locator('.seat.pos-bottom .hand .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
    assert.ok(names.length > 0 && names.every((n) => /^(クラブ|ダイヤ|ハート|スペード)の(エース|[2-9]|10|ジャック|クイーン|キング)$/.test(n)), names.join(' '));
    const down = await page.locator('.seat .hand.down').first().getAttribute('aria-label');
    assert.match(down, /^北の手札:\d+枚、裏向き$/);
    await screenshot('i18n-ja-table');

    await page.click('#help-btn');
    await page.waitForSelector('#help-dialog[open]');
    assert.match(await page.locator('.help-keys').innerText(), /Ctrl\+Z\(Macでは⌘Z\)/, 'the take-back key in Japanese');
    for (const g of ['two-player', 'three-player', 'partnership']) {
      await page.click(`[data-help-game="${g}"]`);
      // (Each game's rules are a text of the site, fetched as its tab opens.)
      await page.waitForSelector('#help-rules p');
      assert.match(await page.locator('#help-rules').innerText(), /クワック/, `the rules of ${g} in Japanese`);
      await assertNoEnglish(page, `help (${g})`);
    }
    await page.keyboard.press('Escape');

    await page.click('#settings-btn');
    await page.waitForSelector('#settings-dialog[open]');
    await assertNoEnglish(page, 'settings');
    await page.click('#settings-close');

    await page.click('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    for (const g of ['two-player', 'three-player', 'partnership']) {
      await page.check(`#new-game-dialog input[name=game][value="${g}"]`);
      await assertNoEnglish(page, `the new-game dialog (${g})`);
    }
    await page.click('#new-game-dialog [data-action="cancel-dialog"]');

    // Other games' tables.
    await newGame(page, { game: 'partnership', seats: ['human', 'normal', 'normal', 'normal'], seed: 'lang-4' });
    await waitForTurn(page);
    await assertNoEnglish(page, 'the partnership table');
    await newGame(page, { game: 'three-player', seats: ['human', 'normal', 'normal'], seed: 'lang-3' });
    await waitForTurn(page);
    await assertNoEnglish(page, 'the three-player table');
    await screenshot('i18n-ja-three');

    // Remembered: a reload stays Japanese; switching back works.
    await page.goto(url);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    await page.click('#lang-btn');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.match(await page.locator('#course').innerText(), /Duck course/);
    assert.deepEqual(problems.all(), []);
  });
});
