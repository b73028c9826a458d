// Helpers for the online-play tests: a local server and a Chromium that lets
// local addresses through (so two pages connect over a real WebRTC data
// channel on this machine, with no STUN server: "same network only"), a
// page of its own for each device, and the host's and a guest's steps
// through the invite, join and reply dialogs.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, newPage, startServer } from './harness.mjs';
import { nextClick, readTable, ready } from './play-helpers.mjs';

/** Chromium with local addresses let through (no mDNS names). */
export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'],
    headless: process.env.E2E_HEADFUL !== '1',
    timeout: 60_000,
  });
}

/** A local server and a Chromium that lets local addresses through: runs `fn(server, browser)`, then closes both. */
export async function withBrowser(fn) {
  const server = await startServer({});
  const browser = await launch();
  try {
    await fn(server, browser);
  } finally {
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

/** The host starts a game with friends in `friend` seats (and the rules' `options`); returns the invite links by seat. */
export async function hostGame(page, game, seats, options = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
  for (const [i, v] of seats.entries()) await page.selectOption(`#new-game-dialog select[data-seat="${i}"]`, v);
  for (const [key, value] of Object.entries(options)) await page.fill(`#new-game-dialog input[data-option="${key}"]`, value);
  await page.click('#start-game');
  // The table alone hands a game with friends over to the full page (a reload).
  await page.waitForSelector('#invite-dialog[open]');
  await ready(page);
  const links = {};
  for (const [i, v] of seats.entries()) {
    if (v !== 'friend') continue;
    const field = page.locator(`#invite-link-${i}`);
    await field.waitFor({ timeout: 20_000 });
    links[i] = await field.inputValue();
    assert.match(links[i], /#j=[A-Za-z0-9_-]+$/);
  }
  return links;
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

/** Opens each friend seat's invite on a page of its own and connects it; returns the guests by seat. */
export async function seatGuests(browser, server, host, links, init) {
  const guests = {};
  for (const [seat, link] of Object.entries(links)) {
    const url = new URL(link);
    const g = await device(browser, server, url.search + url.hash, undefined, init);
    await ready(g.page);
    const reply = await join(g.page, `Guest ${'ABCD'[seat]}`);
    await connect(host.page, Number(seat), reply);
    await g.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
    guests[seat] = g;
  }
  return guests;
}

/**
 * The host (and the guest) play by clicks until it is the guest's turn, the
 * host waiting for it; returns the guest's table then. A click lost while a
 * table redraws is simply made again on the next round.
 */
export async function untilGuestsTurn(host, guest) {
  for (let i = 0; i < 400; i++) {
    const g = await guest.evaluate(readTable);
    const h = await host.evaluate(readTable);
    if (g.waiting === 'human' && h.waiting !== 'human' && h.phase === 'playing') return g;
    const sel = h.waiting === 'human' ? await host.evaluate(nextClick) : null;
    if (sel) await host.click(sel, { timeout: 5_000 });
    else await host.waitForTimeout(40);
  }
  throw new Error('the guest never came to move');
}
