// Firefox (Debian's firefox-esr) plays a whole deal of each game by clicks,
// driven by puppeteer-core over WebDriver BiDi. Run by scripts/test-engines.sh;
// not part of the default browser tests (tests/e2e/*.test.mjs).
// Screenshots: tests/e2e/screenshots/firefox-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, realpathSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { DIST_DIR, startServer } from '../harness.mjs';
import { fullPages, GAMES, japaneseTable, playWholeDeal } from './drive.mjs';

/** firefox-esr's real binary (/usr/bin/firefox-esr is a link to it). */
function firefoxPath() {
  const path = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
  if (!existsSync(path)) throw new Error(`${path} not found: run \`bash scripts/test-engines.sh\` (it installs firefox-esr)`);
  return realpathSync(path);
}

let server;
let browser;
let page;
const problems = [];

before(async () => {
  server = await startServer({ root: DIST_DIR });
  browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath(),
    headless: process.env.E2E_HEADFUL !== '1',
    defaultViewport: { width: 1280, height: 800 },
    timeout: 60_000,
  });
  page = await browser.newPage();
  // BiDi reports errors from the page's first script on, before the tests' own record starts.
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => problems.push(`failed request: ${req.url()}`));
});

after(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
});

const driver = {
  name: 'firefox',
  goto: (url) => page.goto(url, { waitUntil: 'load', timeout: 60_000 }),
  eval: (fn, ...args) => page.evaluate(fn, ...args),
  click: (selector) => page.click(selector),
  screenshot: (path) => page.screenshot({ path }),
};

test('Firefox runs the engine through WebDriver BiDi', async () => {
  const version = await browser.version();
  console.log(`firefox: ${version}`);
  assert.match(version, /firefox/i);
});

for (const g of GAMES) {
  test(`Firefox: a whole ${g.game} deal by clicks`, { timeout: 180_000 }, async () => {
    const { clicks, scores } = await playWholeDeal(driver, server.url, g);
    console.log(`firefox ${g.game}: ${clicks} clicks, scores ${scores.map((s) => `${s.work} = ${s.score}`).join(', ')}`);
    assert.deepEqual(problems.splice(0), []);
  });
}

test('Firefox: the table in Japanese', { timeout: 60_000 }, async () => {
  const shown = await japaneseTable(driver, server.url);
  console.log(`firefox ja: ${shown.course} / ${shown.status}`);
  assert.deepEqual(problems.splice(0), []);
});

test('Firefox: the viewer\'s page opens a rules-site link and steps; online play\'s page starts', { timeout: 120_000 }, async () => {
  await fullPages(driver, server.url);
  assert.deepEqual(problems.splice(0), []);
});
