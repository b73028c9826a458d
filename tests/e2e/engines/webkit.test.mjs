// WebKit (WebKitGTK's MiniBrowser, the engine of Safari) plays a whole deal of
// each game by clicks, driven over classic WebDriver by Debian's
// WebKitWebDriver. Needs an X display: scripts/test-engines.sh runs it under
// xvfb-run. Not part of the default browser tests (tests/e2e/*.test.mjs).
// Screenshots: tests/e2e/screenshots/webkit-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST_DIR, startServer } from '../harness.mjs';
import { fullPages, GAMES, japaneseTable, playWholeDeal } from './drive.mjs';
import { startWebKit } from './webdriver.mjs';

let server;
let driver;

before(async () => {
  if (!process.env.DISPLAY) throw new Error('no X display: run this through `bash scripts/test-engines.sh webkit` (xvfb-run)');
  server = await startServer({ root: DIST_DIR });
  driver = await startWebKit({ width: 1280, height: 800 });
});

after(async () => {
  await driver?.close();
  await server?.close();
});

test('WebKit runs the engine through WebKitWebDriver', async () => {
  const { browserName, browserVersion } = driver.capabilities;
  console.log(`webkit: ${browserName} ${browserVersion}, viewport ${driver.viewport.join('×')}`);
  assert.ok(browserVersion, 'the driver names the WebKitGTK version');
  assert.deepEqual(driver.viewport, [1280, 800]);
});

for (const g of GAMES) {
  test(`WebKit: a whole ${g.game} deal by clicks`, { timeout: 180_000 }, async () => {
    const { clicks, scores } = await playWholeDeal(driver, server.url, g);
    console.log(`webkit ${g.game}: ${clicks} clicks, scores ${scores.map((s) => `${s.work} = ${s.score}`).join(', ')}`);
  });
}

test('WebKit: the table in Japanese', { timeout: 60_000 }, async () => {
  const shown = await japaneseTable(driver, server.url);
  console.log(`webkit ja: ${shown.course} / ${shown.status}`);
});

test('WebKit: the viewer\'s page opens a rules-site link and steps; online play\'s page starts', { timeout: 120_000 }, async () => {
  await fullPages(driver, server.url);
});
