// Helpers for the online-play tests: a local server and a Chromium that lets
// local addresses through (so two pages connect over a real WebRTC data
// channel on this machine, with no STUN server: "same network only"), a
// page of its own for each device, the host's and a guest's steps through
// the invite, join and reply dialogs, and clicks that wait until the table
// took them (a lost click fails the test; nothing is clicked "until it
// works").
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DIST_DIR, chromiumPath, newPage, pageProblems, startServer } from './harness.mjs';
import { INDEX_CORNER, nextClick, readTable, ready } from './play-helpers.mjs';

/** Chromium with local addresses let through (no mDNS names), and `args` besides. */
export async function launch(args = []) {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns', ...args],
    headless: process.env.E2E_HEADFUL !== '1',
    timeout: 60_000,
  });
}

/**
 * A local server of the build (DIST_DIR) and a Chromium that lets local
 * addresses through (with `args` besides): runs `fn(server, browser)`, then
 * closes both.
 */
export async function withBrowser(fn, { args } = {}) {
  const server = await startServer({ root: DIST_DIR });
  const browser = await launch(args);
  try {
    await fn(server, browser);
  } finally {
    // (Closing may race a browser already gone after a failure: the test's own error is the one to see.)
    await browser.close().catch(() => {});
    await server.close();
  }
}

/** A page of its own (its own storage), with "same network only" set; `init` runs before the page's own code. */
export async function device(browser, server, path, viewport, init) {
  const d = await newPage(browser, { allowedOrigin: server.origin, viewport });
  await d.context.addInitScript(() => localStorage.setItem('duck-soup.stun', 'none'));
  if (init) await d.context.addInitScript(init);
  await d.page.goto(server.url + path, { waitUntil: 'load', timeout: 60_000 });
  return d;
}

/**
 * The host starts a game of `game` with `seats` (`human`, `friend` or a
 * level, from South) and the rules' `options`; returns the invite links by
 * seat, each checked: online play's page's address and its fragment only.
 */
export async function hostGame(page, game, seats, options = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
  for (const [i, v] of seats.entries()) await page.selectOption(`#new-game-dialog select[data-seat="${i}"]`, v);
  for (const [key, value] of Object.entries(options)) await page.fill(`#new-game-dialog input[data-option="${key}"]`, value);
  await page.click('#start-game');
  // The table alone hands a game with friends over to online play's page (a reload).
  await page.waitForSelector('#invite-dialog[open]');
  assert.ok(
    await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /duck-soup-online-/.test(r.name))),
    "the host plays in online play's page",
  );
  await ready(page);
  // Handed over undealt: the first deal waits for the friends (decision 18).
  assert.equal(await page.locator('#app .hand [data-card]').count(), 0, 'a game with friends is handed over undealt');
  const links = {};
  for (const [i, v] of seats.entries()) {
    if (v !== 'friend') continue;
    const field = page.locator(`#invite-link-${i}`);
    await field.waitFor({ timeout: 20_000 });
    links[i] = await field.inputValue();
    assert.match(links[i], /#j=[A-Za-z0-9_-]+$/);
    assert.ok(links[i].length - links[i].indexOf('#') < 300, `an invite under 300 characters: ${links[i]}`);
    guestPath(links[i]);
  }
  return links;
}

/**
 * Where a guest's page opens an invite (or a host's a reply): the link's
 * fragment, after the page parameters this test wants of that page (`query`),
 * since a link carries none of the other page's query.
 */
export function guestPath(link, query = '?pace=0&lang=en') {
  const url = new URL(link);
  assert.equal(url.search, '', `an invite or reply carries no query: ${link}`);
  assert.match(url.pathname, /\/online\.html$/);
  return query + url.hash;
}

/** The guest opens the invite, joins, and hands back its reply link. */
export async function join(guest, name) {
  await guest.waitForSelector('#join-dialog[open]');
  if (name) await guest.fill('#guest-name', name);
  await guest.click('#join');
  const reply = guest.locator('#reply-link');
  await reply.waitFor({ timeout: 20_000 });
  return reply.inputValue();
}

/** The host takes a guest's reply for `seat` and waits until the seat is connected. */
export async function connect(host, seat, replyLink) {
  await host.fill('#reply-paste', replyLink);
  await host.click('#invite-dialog [data-net="take-reply"]');
  await host.waitForSelector(`#invite-dialog fieldset[data-seat="${seat}"][data-state="connected"]`, { timeout: 30_000 });
}

/**
 * Opens each friend seat's invite on a page of its own and connects it;
 * returns the guests by seat. The first deal waits until every friend is
 * seated: until then a connected guest's join page says so, and its table
 * comes with the deal.
 */
export async function seatGuests(browser, server, host, links, init) {
  const guests = {};
  const seats = Object.keys(links);
  for (const [i, [seat, link]] of Object.entries(links).entries()) {
    const g = await device(browser, server, guestPath(link), undefined, init);
    await ready(g.page);
    const reply = await join(g.page, `Guest ${'ABCD'[seat]}`);
    await connect(host.page, Number(seat), reply);
    if (i < seats.length - 1) {
      await waitForFirstDeal(host.page, g.page);
    }
    guests[seat] = g;
  }
  for (const g of Object.values(guests)) {
    await g.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
  }
  return guests;
}

/**
 * While a friend's seat is still empty: the host's table holds no deal and
 * says the first deal waits for every friend; a connected guest's join page
 * says it is connected and waits for it.
 */
export async function waitForFirstDeal(host, guest) {
  await guest.waitForFunction(() => /Connected\. The host deals the first deal once every friend/.test(document.querySelector('#join-dialog')?.innerText ?? ''));
  assert.equal(await host.locator('.seat.pos-bottom .hand [data-card]').count(), 0, 'no card dealt yet');
  assert.match(await host.locator('#message').innerText(), /The first deal is dealt once every friend has taken their seat/);
}

/**
 * What a click on the table must change (run in the page): the phase, whose
 * turn, the moves, the chooser. With `before`, whether the mark now differs
 * from it (a function, not a string: the page's CSP forbids eval).
 */
export function tableMark(before) {
  const app = document.querySelector('#app');
  const mark = [app.dataset.phase, app.dataset.waiting, app.dataset.moves, document.querySelectorAll('#chooser button').length].join('|');
  return before === undefined ? mark : mark !== before;
}

/**
 * The click a person would make on `page` now (nextClick), made once, then
 * waited for until the table shows it was taken (on a guest's page, until the
 * host's next table comes). A click the table does not take fails the test,
 * saying where `page` and the `others` (the host, say) stood then.
 * False when there is nothing to click.
 */
export async function act(page, others = []) {
  const before = await page.evaluate(tableMark);
  const sel = await page.evaluate(nextClick);
  if (!sel) return false;
  try {
    // A card is tapped at its index corner (`humanMove`'s reason), a button in its middle.
    await page.click(sel, { timeout: 10_000, ...(sel.includes('button.card') ? { position: INDEX_CORNER } : {}) });
  } catch (e) {
    const where = JSON.stringify(await describe([page, ...others]));
    throw new Error(`the click on ${sel} could not be made (${e.message.split('\n')[0]}); the pages stand at ${where}`);
  }
  try {
    await page.waitForFunction(tableMark, before, { timeout: 30_000 });
  } catch (e) {
    const where = JSON.stringify(await describe([page, ...others]));
    throw new Error(`the click on ${sel} was lost: the table stayed at ${before} (${e.message.split('\n')[0]}); the pages stand at ${where}`);
  }
  return true;
}

/** Where each page stands: its table, its hand (playable cards marked +), open dialogs, the body's classes, the trick, the message, the call buttons' state, the problems and console warnings it recorded. */
export async function describe(pages) {
  const where = [];
  for (const p of pages) {
    where.push({
      ...(await p.evaluate(readTable)),
      ...(await p.evaluate(() => ({
        cards: [...document.querySelectorAll('#app .seat.pos-bottom button.card[data-card]')]
          .map((c) => `${c.dataset.card}${c.classList.contains('playable') ? '+' : ''}${c.closest('[hidden]') ? ' hidden' : ''}${c.getClientRects().length ? '' : ' unseen'}`)
          .join(' '),
        dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
        body: document.body.className,
        trick: document.querySelector('#trick')?.innerText.replace(/\s+/g, ' '),
        seats: [...document.querySelectorAll('#app .seat[data-seat] .name')].map((l) => l.innerText.replace(/\s+/g, ' ')),
        message: document.querySelector('#message')?.innerText,
        calls: ['#quack', '#duck'].map((id) => {
          const b = document.querySelector(id);
          if (!b) return `${id} absent`;
          const style = getComputedStyle(b);
          return `${id}${b.closest('[hidden]') ? ' hidden' : ''}${b.getClientRects().length ? '' : ' unseen'} ${style.visibility} ${style.display} ${style.opacity}`;
        }),
      }))),
      problems: pageProblems.get(p)?.all() ?? [],
      warnings: pageProblems.get(p)?.warnings ?? [],
    });
  }
  return where;
}

/**
 * Waits on `page` until `fn(arg)` holds, as `page.waitForFunction`; on a
 * timeout the error says `what` was awaited and where every page stood.
 */
export async function waitOrSay(page, pages, what, fn, arg, timeout = 30_000) {
  try {
    await page.waitForFunction(fn, arg, { timeout });
  } catch (e) {
    const where = JSON.stringify(await describe(pages));
    throw new Error(`${what} never came (${e.message.split('\n')[0]}); the pages stand at ${where}`);
  }
}

/** Every page clicks whenever it may act, until the host's deal is over; returns the host's table then. */
export async function playDealEverywhere(host, pages) {
  for (let i = 0; i < 3000; i++) {
    const h = await host.evaluate(readTable);
    if (h.phase !== 'playing') return h;
    let clicked = false;
    for (const p of pages) {
      if ((await p.evaluate(readTable)).waiting !== 'human') continue;
      if (await act(p, pages.filter((o) => o !== p))) clicked = true;
    }
    if (!clicked) await host.waitForTimeout(40);
  }
  // Stalled: no page could act for the whole time. Say where each page stood.
  const where = await describe(pages);
  throw new Error(`the deal did not end: no page could act; they stand at ${JSON.stringify(where)}`);
}

/**
 * The host plays by clicks until it is the guest's turn, the host waiting for
 * it; returns the guest's table then.
 */
export async function untilGuestsTurn(host, guest) {
  for (let i = 0; i < 400; i++) {
    const g = await guest.evaluate(readTable);
    const h = await host.evaluate(readTable);
    if (g.waiting === 'human' && h.waiting !== 'human' && h.phase === 'playing') return g;
    if (!(h.waiting === 'human' && (await act(host, [guest])))) await host.waitForTimeout(40);
  }
  throw new Error('the guest never came to move');
}
