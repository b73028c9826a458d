// Helpers for the play-*.test.mjs tests: drive the table through clicks the
// way a person would, and read what it shows. The page is opened with
// ?pace=0 (computers answer at once, no animations) and usually ?seed=...
// (the same seed deals the same cards and the computers choose the same way,
// so a test always meets the same situations).
import assert from 'node:assert/strict';

/** Waits for the wasm app and starts recording every call shown on the banner. */
export async function ready(page) {
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.evaluate(() => {
    window.__calls = [];
    const call = document.querySelector('#call');
    new MutationObserver(() => {
      if (call.dataset.call) window.__calls.push({ call: call.dataset.call, text: call.innerText });
    }).observe(call, { attributes: true, attributeFilter: ['data-call-n'] });
    // Led Ducks show the suit they stand for on the table (however briefly at pace 0).
    window.__named = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType === 1 && n.matches('.named')) {
            window.__named.push({ card: n.closest('.card')?.dataset.card, suit: n.dataset.named, text: n.innerText });
          }
        }
      }
    }).observe(document.querySelector('#trick'), { childList: true, subtree: true });
  });
}

// In-page functions: they use nothing but the DOM and their arguments, so any
// driver can run them (Playwright's or Puppeteer's evaluate, or a WebDriver
// "execute script"); tests/e2e/engines/ plays Firefox and WebKit with them.

/** What the table says about itself (run in the page). */
export function readTable() {
  const app = document.querySelector('#app');
  return {
    phase: app.dataset.phase,
    waiting: app.dataset.waiting,
    moves: Number(app.dataset.moves),
    status: document.querySelector('#status').innerText,
    sounds: Number(document.body.dataset.soundsPlayed ?? 0),
  };
}

/**
 * The next click a person would make (run in the page), as a selector of one
 * element, or null when nothing is there to click yet. The same choices as
 * humanMove: go on past the privacy screen, answer the chooser (the first
 * card or suit offered), Quack! when it is live, Duck when only that is left,
 * otherwise the first playable card of your hand.
 */
export function nextClick() {
  const shown = (el) => el && !el.closest('[hidden]') && el.getClientRects().length > 0;
  const first = (selector) => [...document.querySelectorAll(selector)].find(shown);
  if (document.querySelector('#app').dataset.waiting === 'privacy') return '#privacy-continue';
  const choice = first('#chooser button[data-choice]');
  if (choice) return `#chooser button[data-choice="${choice.dataset.choice}"]`;
  const suit = first('#chooser button[data-suit]');
  if (suit) return `#chooser button[data-suit="${suit.dataset.suit}"]`;
  if (shown(document.querySelector('#quack'))) return '#quack';
  if (shown(document.querySelector('#duck'))) return '#duck';
  const card = first('#app .seat.pos-bottom button.card.playable[data-card]');
  if (card) return `#app .seat.pos-bottom button.card[data-card="${card.dataset.card}"]`;
  return null;
}

/** The finished deal's figures as the score sheet shows them (run in the page). */
export function readDealScores(deal) {
  const row = document.querySelector(`#scores tr[data-deal="${deal}"]:not(.live)`);
  if (!row) return null;
  return [...row.querySelectorAll('td[data-scorer]')].map((td) => ({
    work: td.querySelector('.work').innerText,
    score: Number(td.querySelector('.deal-score').innerText),
  }));
}

/** What the table says about itself. */
export async function state(page) {
  return page.evaluate(readTable);
}

export async function calls(page) {
  return page.evaluate(() => window.__calls);
}

/** Waits until a person must act, the privacy screen is up, or the deal/game is over. */
export async function waitForTurn(page) {
  await page.waitForSelector(
    '#app[data-waiting="human"], #app[data-waiting="privacy"], #app[data-phase="deal-over"], #app[data-phase="game-over"]',
    { timeout: 20_000 },
  );
  return state(page);
}

async function visible(page, selector) {
  return page.locator(selector).first().isVisible().catch(() => false);
}

/** Clicks, then waits until the engine has taken the move (the move counter changed). */
async function moveBy(page, click) {
  const before = await page.locator('#app').getAttribute('data-moves');
  await click();
  await page.waitForFunction(
    (b) => document.querySelector('#app').dataset.moves !== b,
    before,
    { timeout: 10_000 },
  );
}

/** A point on a card where it always shows: its index corner. */
export const INDEX_CORNER = { x: 8, y: 8 };

/**
 * Makes one move for the person to play, through clicks only:
 * Quack! when it is live (choosing the first card if asked which), Duck when
 * only that is left, a led Duck (Joker) when `leadDuck` and one is held
 * (choosing its first suit), otherwise the first playable card.
 * Returns what it did, and the events it noticed.
 */
export async function humanMove(page, { leadDuck = false, explainDimmed = false } = {}) {
  const did = { quack: false, duck: false, ledDuck: null, dimmedMessage: null };
  if (explainDimmed && (await page.locator('#app button.card.dimmed[data-card]').count()) > 0) {
    // A card that may not be played says why, instead of doing nothing.
    const before = (await state(page)).moves;
    // (force: Playwright treats aria-disabled as disabled; a person can still tap it.)
    await page.locator('#app button.card.dimmed[data-card]').first().click({ force: true });
    await page.waitForSelector('#message:not([hidden])', { timeout: 5_000 });
    did.dimmedMessage = await page.locator('#message').innerText();
    assert.equal((await state(page)).moves, before, 'a dimmed card must not be played');
  }
  if (await visible(page, '#quack')) {
    did.quack = true;
    did.quackLabel = await page.locator('#quack').innerText();
    await moveBy(page, async () => {
      await page.click('#quack');
      if (await page.locator('button[data-choice]').count()) {
        await page.locator('button[data-choice]').first().click();
      }
    });
    return did;
  }
  if (await visible(page, '#duck')) {
    did.duck = true;
    await moveBy(page, () => page.click('#duck'));
    return did;
  }
  const joker = page.locator('#app .seat.pos-bottom button.card.playable.joker');
  if (leadDuck && (await joker.count()) > 0 && (await page.locator('#trick .card').count()) === 0) {
    const code = await joker.first().getAttribute('data-card');
    await joker.first().click({ position: INDEX_CORNER });
    await page.waitForSelector('#chooser button[data-suit]', { timeout: 5_000 });
    const suit = await page.locator('#chooser button[data-suit]').first().getAttribute('data-suit');
    did.ledDuck = { card: code, suit };
    await moveBy(page, () => page.locator('#chooser button[data-suit]').first().click());
    return did;
  }
  const card = page.locator('#app .seat.pos-bottom button.card.playable[data-card]').first();
  // Tapped where it shows: its index corner (on a phone upright the hand is
  // two overlapping rows, and a raised card of the lower row may cover the
  // middle of the card above it).
  await moveBy(page, () => card.click({ position: INDEX_CORNER }));
  return did;
}

/** Plays until the deal is over; returns everything that happened. */
export async function playDeal(page, opts = {}) {
  const log = { moves: 0, quacks: [], ducks: 0, ledDucks: [], dimmed: [], onQuack: null };
  for (let guard = 0; guard < 400; guard++) {
    const s = await waitForTurn(page);
    if (s.phase !== 'playing') return log;
    if (s.waiting === 'privacy') {
      await page.click('#privacy-continue');
      continue;
    }
    const before = s;
    const did = await humanMove(page, opts);
    log.moves++;
    if (did.quack) {
      log.quacks.push(did.quackLabel);
      if (!log.onQuack) {
        // Right after the first quack: the banner and the sound.
        // (The computer may already have answered: the banner then shows its call.)
        const banner = await page.locator('[data-call]').innerText().catch(() => '');
        const after = await state(page);
        log.onQuack = { banner, calls: await calls(page), soundsBefore: before.sounds, soundsAfter: after.sounds };
      }
    }
    if (did.duck) log.ducks++;
    if (did.ledDuck) {
      log.ledDucks.push({ ...did.ledDuck, shown: await page.evaluate(() => window.__named.at(-1)) });
    }
    if (did.dimmedMessage) log.dimmed.push(did.dimmedMessage);
    if (opts.untilQuack && log.quacks.length) return log;
  }
  throw new Error('the deal did not end');
}

/** Opens the new-game dialog and starts a game. `seats`: e.g. ['human', 'hard']. */
export async function newGame(page, { game, seats = [], preset, seed } = {}) {
  // At a game's end its panel covers the table: a person asks there.
  const fromGameOver = page.locator('#game-over [data-action="new-game"]');
  if (await fromGameOver.isVisible()) await fromGameOver.click();
  else await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  if (game) await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
  for (const [i, v] of seats.entries()) {
    await page.selectOption(`#new-game-dialog select[data-seat="${i}"]`, v);
  }
  if (preset) await page.selectOption('#preset', preset);
  if (seed !== undefined) await page.fill('#seed', seed);
  await page.click('#start-game');
  await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
}

/** Hidden cards must leave no trace: only the shown hand, the trick and public piles name cards. */
export async function assertNoHiddenCards(page) {
  const leaks = await page.evaluate(() => {
    const out = [];
    for (const seat of document.querySelectorAll('.seat')) {
      const hand = seat.querySelector('.hand');
      if (hand.classList.contains('up')) continue;
      for (const el of hand.querySelectorAll('*')) {
        const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
        if (el.dataset.card || /\b([2-9TJQKA][CDHS]|X[BR])\b/.test(attrs) || el.textContent.trim()) {
          out.push(`seat ${seat.dataset.seat}: <${el.tagName} ${attrs}>${el.textContent}`);
        }
      }
    }
    for (const el of document.querySelectorAll('.stock *')) {
      if (el.dataset.card) out.push(`stock: ${el.outerHTML}`);
    }
    return out;
  });
  assert.deepEqual(leaks, [], 'a hidden card is named in the DOM');
}

/** The finished deal's figures as the score sheet shows them. */
export async function dealScores(page, deal = 1) {
  return page.evaluate(readDealScores, deal);
}

/**
 * A two-player game of two deals played by two computers from `seed`, as its
 * exported record (`open(path)` loads the page at a path of the server).
 * Long records are made by repeating its two deals in turn: each is then
 * dealt by its own dealer again, so every repeat is legal.
 */
export async function twoComputerDeals(page, open, seed) {
  await open(`?pace=0&g=2&o=parlett,deals:2&s=nn&seed=${seed}`);
  await ready(page);
  await page.waitForSelector('#app[data-phase="game-over"]', { timeout: 60_000 });
  await page.click('#game-over-share');
  await page.waitForSelector('#share-dialog[open]');
  const record = JSON.parse(await page.inputValue('#record-text'));
  await page.click('#share-close');
  assert.equal(record.deals.length, 2);
  return record;
}

/**
 * A game saved by the previous version (format 1: the whole record in one
 * key), as the object stored: `finished` deals (the two deals of `two`, from
 * twoComputerDeals, alternately, so each is dealt by its own dealer again),
 * then a fresh deal, South to play as a person.
 */
export function versionOneSave(two, finished) {
  const deals = Array.from({ length: finished }, (_, i) => two.deals[i % 2]);
  deals.push({ seed: two.deals[finished % 2].seed, moves: '' });
  return {
    v: 1,
    record: { game: 'two-player', rules: { preset: 'parlett', deals: finished + 10 }, first_dealer: two.first_dealer, deals },
    players: ['human', 'normal'],
    seed: two.deals[0].seed,
    ai_seed: '12345',
    bottom: 0,
  };
}

/** A record of `count` deals: the two deals of `two` in turn, with room for all of them. */
export function repeatedRecord(two, count) {
  return {
    game: two.game,
    rules: { preset: 'parlett', deals: count },
    first_dealer: two.first_dealer,
    deals: Array.from({ length: count }, (_, i) => two.deals[i % 2]),
  };
}
