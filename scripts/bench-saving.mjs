// What long games cost the page: saving a move, resuming, importing and
// stepping through a record, measured in headless Chromium on a build.
//
//   node scripts/bench-saving.mjs [--dist dist] [--deals 6000] [--viewer-deals 1000] [--runs 7]
//
// A two-deal game played by two computers (seed `bench-saving`) gives two
// legal deals; repeating them in turn makes records and saved games of any
// length (each deal is dealt by its own dealer again). Then, with the page
// at `?pace=0`:
// - resume: a game saved in format 1 (the whole record in one key, as every
//   version writes it or can read it) of `--deals` finished deals and one in
//   progress, loaded: navigation to the table rendered (the page's
//   `table-rendered` mark), on the first visit (which may rewrite the save in
//   a newer format) and on the second;
// - move: a card clicked on that game, the click's handler timed in the page
//   (the engine's move, the save, the rendering: everything before the next
//   paint), median of `--runs` moves; and what the save of such a move wrote
//   (characters given to localStorage.setItem) and the time spent in setItem;
// - viewer: a `--viewer-deals` record imported (the click on the import
//   button), then a step back from its end (median of `--runs` steps);
// - refuse: a 20 MB pasted record, the click on the import button.
// Prints one JSON object. Builds compared: run it once per dist directory.
import { launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const dist = flag('dist', 'dist');
const deals = Number(flag('deals', '6000'));
const viewerDeals = Number(flag('viewer-deals', '1000'));
const runs = Number(flag('runs', '7'));

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x) => Math.round(x * 10) / 10;

/** Clicks `selector` in the page and returns how long the click's handlers ran, in ms. */
const timedClick = (page, selector) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const start = performance.now();
    el.click();
    return performance.now() - start;
  }, selector);

const server = await startServer({ root: dist });
const browser = await launchBrowser();
const result = { dist, deals, viewer_deals: viewerDeals, runs };
try {
  const { page } = await newPage(browser, { allowedOrigin: server.origin });
  const open = async (path) => {
    await page.goto(server.url + path);
    await page.waitForSelector('body[data-ready]', { timeout: 120_000 });
  };
  const waitHuman = () => page.waitForSelector('#app[data-waiting="human"]', { timeout: 120_000 });

  await open('?pace=0&g=2&o=parlett,deals:2&s=nn&seed=bench-saving');
  await page.waitForSelector('#app[data-phase="game-over"]', { timeout: 60_000 });
  await page.click('#game-over-share');
  const two = JSON.parse(await page.inputValue('#record-text'));
  const repeated = (n) => Array.from({ length: n }, (_, i) => two.deals[i % 2]);

  // A long saved game in format 1.
  const record = {
    game: 'two-player',
    rules: { preset: 'parlett', deals: deals + 1000 },
    first_dealer: two.first_dealer,
    deals: [...repeated(deals), { seed: two.deals[deals % 2].seed, moves: '' }],
  };
  const save = JSON.stringify({ v: 1, record, players: ['human', 'normal'], seed: 'bench-saving', ai_seed: '1', bottom: 0 });
  await page.evaluate((text) => { localStorage.clear(); localStorage.setItem('duck-soup.game', text); }, save);
  result.saved_chars_format_1 = save.length;
  const rendered = () => page.evaluate(() => performance.getEntriesByName('table-rendered')[0]?.startTime ?? null);
  await open('?pace=0');
  result.resume_first_ms = round(await rendered());
  await waitHuman();
  await open('?pace=0');
  result.resume_again_ms = round(await rendered());
  await waitHuman();
  result.saved_chars_after = await page.evaluate(() =>
    Object.entries(localStorage).reduce((n, [k, v]) => n + (k.startsWith('duck-soup.') ? v.length : 0), 0));

  // Storage writes, timed and counted.
  await page.evaluate(() => {
    window.__storage = { ms: 0, chars: 0 };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      const start = performance.now();
      try {
        return setItem.call(this, key, value);
      } finally {
        window.__storage.ms += performance.now() - start;
        window.__storage.chars += String(value).length;
      }
    };
  });
  const moves = [];
  const written = [];
  const storageMs = [];
  for (let i = 0; i < runs; i++) {
    await waitHuman();
    const before = await page.locator('#app').getAttribute('data-moves');
    await page.evaluate(() => { window.__storage = { ms: 0, chars: 0 }; });
    moves.push(await timedClick(page, '#app .seat.pos-bottom button.card.playable[data-card]'));
    const storage = await page.evaluate(() => window.__storage);
    written.push(storage.chars);
    storageMs.push(storage.ms);
    await page.waitForFunction((b) => document.querySelector('#app').dataset.moves !== b, before);
  }
  result.move_ms_median = round(median(moves));
  result.move_ms = moves.map(round);
  result.move_chars_written_median = median(written);
  result.move_storage_ms_median = round(median(storageMs));

  // The replay viewer.
  await page.click('#share-tool');
  await page.waitForSelector('#share-dialog[open]');
  const long = { ...two, rules: { preset: 'parlett', deals: viewerDeals }, deals: repeated(viewerDeals) };
  await page.evaluate((text) => { document.querySelector('#record-paste').value = text; }, JSON.stringify(long));
  result.import_ms = round(await timedClick(page, '#record-import'));
  await page.waitForSelector('#replay-bar', { timeout: 120_000 });
  await page.click('#replay-last');
  const steps = [];
  for (let i = 0; i < runs; i++) steps.push(await timedClick(page, '#replay-back'));
  result.viewer_step_ms_median = round(median(steps));
  result.viewer_step_ms = steps.map(round);
  await page.click('#replay-exit');

  // A 20 MB paste.
  await page.click('#share-tool');
  await page.waitForSelector('#share-dialog[open]');
  await page.evaluate(() => { document.querySelector('#record-paste').value = `{"game":"two-player","deals":[${' '.repeat(20_000_000)}]}`; });
  result.refuse_20mb_ms = round(await timedClick(page, '#record-import'));
  result.refuse_20mb_message = await page.locator('#record-error').innerText();
} finally {
  await browser.close();
  await server.close();
}
console.log(JSON.stringify(result, null, 2));
