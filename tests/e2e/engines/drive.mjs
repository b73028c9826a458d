// Whole deals by clicks in any browser engine. A driver is a small object:
//
//   { name, goto(url), eval(fn, ...args), click(selector), screenshot(path) }
//
// `eval` runs an in-page function (one that uses only the DOM and its
// arguments) and returns its result; `click` clicks the one element the
// selector names the way the engine's automation clicks (real pointer events).
// firefox.test.mjs drives Firefox with Puppeteer over WebDriver BiDi,
// webkit.test.mjs drives WebKitGTK's MiniBrowser over classic WebDriver.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { nextClick, readDealScores, readTable } from '../play-helpers.mjs';
import { SCREENSHOT_DIR } from '../harness.mjs';

/**
 * One deal of each game, from a share link (README "Share links"): you in the
 * South seat against Normal computers, a fixed seed so every run meets the
 * same cards, `pace=0` so the computers answer at once.
 * `scorers`: how many columns the deal's score row has (sides in partnerships).
 */
export const GAMES = [
  { game: 'two-player', query: 'g=2&s=hn&seed=engines-2', seats: 2, scorers: 2 },
  { game: 'three-player', query: 'g=3&s=hnn&seed=duck3', seats: 3, scorers: 3 },
  { game: 'partnership', query: 'g=4&s=hnnn&seed=p1', seats: 4, scorers: 2 },
];

/** Polls an in-page function until it returns something truthy. */
export async function waitFor(driver, what, fn, args = [], timeout = 20_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await driver.eval(fn, ...args);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${driver.name}: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Run in the page: keeps every later error (WebDriver classic has no log of them). */
function recordErrors() {
  if (window.__errors) return;
  window.__errors = [];
  window.addEventListener('error', (e) => window.__errors.push(`error: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) => window.__errors.push(`unhandled rejection: ${e.reason}`));
  window.addEventListener('securitypolicyviolation', (e) => window.__errors.push(`CSP refused ${e.violatedDirective}: ${e.blockedURI}`));
  const original = console.error;
  console.error = (...args) => {
    window.__errors.push(`console.error: ${args.join(' ')}`);
    original.apply(console, args);
  };
}

/** Run in the page: what went wrong so far (the panic panel counts too). */
function pageProblems() {
  const out = [...(window.__errors ?? [])];
  const panel = document.querySelector('#error-panel');
  if (panel) out.push(`error panel: ${panel.innerText}`);
  return out;
}

/** Run in the page: the wasm app has started. */
function isReady() {
  return document.body.hasAttribute('data-ready');
}

/**
 * Run in the page: what changes with every move or new question (the move
 * count, who is awaited, the phase, the chooser). Without `since`, returns it;
 * with it, returns whether it has changed since then.
 */
function moment(since) {
  const app = document.querySelector('#app');
  const chooser = document.querySelector('#chooser');
  const now = [app.dataset.moves, app.dataset.waiting, app.dataset.phase, chooser?.hidden, chooser?.childElementCount].join('|');
  return since === undefined ? now : now !== since;
}

/** Run in the page: a person must act, or the deal is over. */
function turnOrEnd() {
  const app = document.querySelector('#app');
  return app.dataset.waiting === 'human' || app.dataset.waiting === 'privacy' || app.dataset.phase !== 'playing';
}

/** Run in the page: the deal's result panel is up (the score row is written). */
function dealEndShown() {
  const panel = document.querySelector('#deal-end');
  return panel && !panel.hidden && panel.getClientRects().length > 0;
}

/** Run in the page: what the table shows that a screenshot should have. */
function tableSummary() {
  const text = (s) => document.querySelector(s)?.innerText.trim() ?? '';
  return {
    lang: document.documentElement.lang,
    seats: document.querySelectorAll('.seat').length,
    hand: document.querySelectorAll('.seat.pos-bottom button.card[data-card]').length,
    title: text('.brand'),
    course: text('.course'),
    status: text('#status'),
    newGame: text('#new-game'),
  };
}

/** Opens the page at `url` (with ?pace=0 and a seed) and waits for the app. */
export async function open(driver, url) {
  await driver.goto(url);
  await waitFor(driver, 'the app to start (body[data-ready])', isReady, [], 60_000);
  await driver.eval(recordErrors);
}

/** Plays until the deal is over, by clicks only; returns how many clicks. */
export async function playDeal(driver) {
  let clicks = 0;
  for (let guard = 0; guard < 400; guard++) {
    await waitFor(driver, 'your turn or the end of the deal', turnOrEnd);
    const table = await driver.eval(readTable);
    if (table.phase !== 'playing') return clicks;
    const target = await waitFor(driver, 'something to click', nextClick, [], 5_000);
    const before = await driver.eval(moment);
    await driver.click(target);
    clicks++;
    await waitFor(driver, `the page to take the click on ${target}`, moment, [before], 10_000);
  }
  throw new Error(`${driver.name}: the deal did not end`);
}

/**
 * Run in the page: resolves once the current DOM has been painted. WebKitGTK's
 * WebDriver screenshot is the last frame painted, which lags a DOM change by
 * a frame (a screenshot right after the computer's card showed the table
 * before it); two animation frames later the frame shows the DOM.
 */
function afterPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));
}

/** Saves the viewport as tests/e2e/screenshots/NAME.png once it shows the DOM. */
export async function screenshot(driver, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await driver.eval(afterPaint);
  return driver.screenshot(join(SCREENSHOT_DIR, `${name}.png`));
}

/**
 * Opens `origin` with the game's link, checks the table, plays the deal to
 * its end by clicks, checks the score row. Screenshots: the first turn as
 * tests/e2e/screenshots/ENGINE-GAME-start.png, the result as ENGINE-GAME.png.
 */
export async function playWholeDeal(driver, origin, { game, query, seats, scorers }) {
  await open(driver, `${origin}?${query}&pace=0&lang=en`);
  await waitFor(driver, 'your first turn', turnOrEnd);
  const start = await driver.eval(tableSummary);
  assert.equal(start.seats, seats, `${game}: seats on the table`);
  assert.ok(start.hand >= 9, `${game}: your hand shows (${start.hand} cards)`);
  assert.match(start.title, /Duck Soup/);
  await screenshot(driver, `${driver.name}-${game}-start`);

  const clicks = await playDeal(driver);
  assert.ok(clicks >= 9, `${game}: you played your hand (${clicks} clicks)`);
  await waitFor(driver, 'the deal-end panel', dealEndShown);
  const table = await driver.eval(readTable);
  assert.equal(table.phase, 'deal-over', `${game}: the deal is over`);

  const scores = await driver.eval(readDealScores, 1);
  assert.equal(scores?.length, scorers, `${game}: a score for each player or side`);
  for (const { work, score } of scores) {
    const [duck, soup] = work.split('×').map((x) => Number(x.trim()));
    assert.ok(Number.isInteger(duck) && Number.isInteger(soup), `${game}: "${work}" is Duck × Soup`);
    assert.equal(duck * soup, score, `${game}: ${work} = ${score}`);
  }
  await screenshot(driver, `${driver.name}-${game}`);
  assert.deepEqual(await driver.eval(pageProblems), [], `${game}: problems in the page`);
  return { clicks, scores };
}

/** The Japanese table: text in Japanese, screenshot ENGINE-ja.png. */
export async function japaneseTable(driver, origin) {
  await open(driver, `${origin}?g=3&s=hnn&seed=engines-ja&pace=0&lang=ja`);
  await waitFor(driver, 'your first turn', turnOrEnd);
  const shown = await driver.eval(tableSummary);
  assert.equal(shown.lang, 'ja');
  const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
  for (const key of ['course', 'status', 'newGame']) {
    assert.match(shown[key], japanese, `Japanese ${key}: "${shown[key]}"`);
  }
  await screenshot(driver, `${driver.name}-ja`);
  assert.deepEqual(await driver.eval(pageProblems), []);
  return shown;
}

/** Run in the page: which build runs (`table`, `viewer`, `online`) and the viewer's position. */
function buildAndPosition() {
  const js = document.querySelector('script[data-js]').dataset.js;
  const pos = document.querySelector('#replay-pos')?.dataset.pos;
  return { build: js.match(/duck-soup-(viewer|online)-/)?.[1] ?? 'table', pos: pos === undefined ? null : Number(pos) };
}

/** Run in the page: whether the viewer's position is `n`. */
function atPosition(n) {
  return Number(document.querySelector('#replay-pos')?.dataset.pos) === n;
}

/**
 * The full page's two pages, each its own build: a rules-site link opens the
 * viewer's page (viewer.html) at its move, and a step back is taken by a
 * click; online play's page (online.html) starts with its table. Screenshot:
 * ENGINE-viewer.png.
 */
export async function fullPages(driver, origin) {
  // The first illustration of www/embed-example.html, at its 15th move.
  const record = 'r=AQAHcGFybGV0dAE6AQAHcnVsZXMtMBWR1LaDCDkm0Ie5wXATVeO1MsNBRwF2ag&at=15';
  await open(driver, new URL(`viewer.html?pace=0&lang=en&${record}`, origin).href);
  await waitFor(driver, 'the viewer at move 15', atPosition, [15]);
  assert.deepEqual(await driver.eval(buildAndPosition), { build: 'viewer', pos: 15 });
  await driver.click('#replay-back');
  await waitFor(driver, 'the viewer a move back', atPosition, [14]);
  await screenshot(driver, `${driver.name}-viewer`);
  assert.deepEqual(await driver.eval(pageProblems), []);
  await open(driver, new URL('online.html?pace=0&lang=en&seed=engines-online', origin).href);
  await waitFor(driver, 'your first turn', turnOrEnd);
  assert.deepEqual(await driver.eval(buildAndPosition), { build: 'online', pos: null });
  assert.deepEqual(await driver.eval(pageProblems), []);
}
