// Online play: two pages in one headless Chromium, connected by a real
// WebRTC data channel on this machine (no STUN server: "same network only";
// plain local addresses, as --disable-features=WebRtcHideLocalIpsWithMdns
// lets them through). The host invites a friend for a seat, the friend
// opens the invite and sends back the reply, and both play through clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, newPage, screenshot, startServer } from './harness.mjs';
import { assertNoHiddenCards, calls, nextClick, ready, readTable } from './play-helpers.mjs';

async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'],
    headless: process.env.E2E_HEADFUL !== '1',
    timeout: 60_000,
  });
}

/** A page of its own (its own storage), with "same network only" set. */
async function device(browser, server, path, viewport) {
  const d = await newPage(browser, { allowedOrigin: server.origin, viewport });
  await d.context.addInitScript(() => localStorage.setItem('duck-soup.stun', 'none'));
  await d.page.goto(server.url + path, { waitUntil: 'load', timeout: 60_000 });
  return d;
}

/** The host starts a game with friends in `friends` seats; returns the invite links by seat. */
async function hostGame(page, game, seats) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-dialog input[name=game][value="${game}"]`);
  for (const [i, v] of seats.entries()) await page.selectOption(`#new-game-dialog select[data-seat="${i}"]`, v);
  await page.click('#start-game');
  await page.waitForSelector('#invite-dialog[open]');
  const links = {};
  for (const [i, v] of seats.entries()) {
    if (v !== 'friend') continue;
    const field = page.locator(`#invite-link-${i}`);
    await field.waitFor({ timeout: 20_000 });
    links[i] = await field.inputValue();
    assert.match(links[i], /#j=[A-Za-z0-9_-]+$/);
    assert.ok(links[i].length - links[i].indexOf('#') < 300, `an invite under 300 characters: ${links[i]}`);
  }
  return links;
}

/** The guest opens the invite, joins, and hands back its reply link. */
async function join(guest, name) {
  await guest.waitForSelector('#join-dialog[open]');
  if (name) await guest.fill('#guest-name', name);
  await guest.click('#join');
  const reply = guest.locator('#reply-link');
  await reply.waitFor({ timeout: 20_000 });
  return reply.inputValue();
}

async function connect(host, seat, replyLink) {
  await host.fill('#reply-paste', replyLink);
  await host.click('#invite-dialog [data-net="take-reply"]');
  await host.waitForSelector(`#invite-dialog fieldset[data-seat="${seat}"][data-state="connected"]`, { timeout: 30_000 });
}

/** Every page clicks whenever it may act, until the host's deal is over. */
async function playDealEverywhere(host, pages) {
  for (let i = 0; i < 3000; i++) {
    const h = await host.evaluate(readTable);
    if (h.phase !== 'playing') return h;
    let clicked = false;
    for (const p of pages) {
      const s = await p.evaluate(readTable);
      if (s.waiting !== 'human') continue;
      const sel = await p.evaluate(nextClick);
      if (!sel) continue;
      await p.click(sel, { timeout: 5_000 }).catch(() => {});
      clicked = true;
    }
    if (!clicked) await host.waitForTimeout(40);
  }
  throw new Error('the deal did not end');
}

test('online: a whole two-player deal between two pages, a quack heard on both', async () => {
  const server = await startServer({});
  const browser = await launch();
  try {
    const host = await device(browser, server, '?seed=online-2&pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    await screenshot(host.page, 'online-invite');

    const guest = await device(browser, server, new URL(links[1]).search + new URL(links[1]).hash);
    await ready(guest.page);
    assert.match(await guest.page.locator('#join-seat').innerText(), /North/);
    await screenshot(guest.page, 'online-join');
    const reply = await join(guest.page, '<b>Aiko</b>');
    assert.match(reply, /#r=[A-Za-z0-9_-]+$/);
    await connect(host.page, 1, reply);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');

    // The guest's table: its own hand face up at the bottom, the host's face down.
    await guest.page.waitForSelector('#join-dialog', { state: 'hidden' });
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    await assertNoHiddenCards(guest.page);
    // The guest's name reaches the host's table as text, never as markup.
    await host.page.waitForFunction(() => document.querySelector('.seat[data-seat="1"]')?.innerText.includes('<b>Aiko</b>'));
    await screenshot(guest.page, 'online-guest-table');

    const end = await playDealEverywhere(host.page, [host.page, guest.page]);
    assert.notEqual(end.phase, 'playing');
    await guest.page.waitForFunction(() => document.querySelector('#app').dataset.phase !== 'playing');
    await assertNoHiddenCards(guest.page);
    for (const p of [host.page, guest.page]) {
      const seen = await calls(p);
      assert.ok(seen.some((c) => c.call === 'quack'), `a quack shown: ${JSON.stringify(seen)}`);
      assert.ok((await p.evaluate(readTable)).sounds > 0, 'a sound was played');
    }
    await screenshot(guest.page, 'online-guest-deal-over');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
});

test('online: a damaged invite and a foreign reply are refused in one line, changing nothing', async () => {
  const server = await startServer({});
  const browser = await launch();
  try {
    const host = await device(browser, server, '?seed=online-bad&pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    // A reply link that is not one: refused, the seat still invited.
    await host.page.fill('#reply-paste', links[1].replace('#j=', '#r='));
    await host.page.click('#invite-dialog [data-net="take-reply"]');
    await host.page.waitForFunction(() => document.querySelector('#reply-error').innerText.length > 0);
    assert.match(await host.page.locator('#reply-error').innerText(), /cannot be used|another table/);
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="invited"]');

    const damaged = links[1].slice(0, -6) + (links[1].endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    const guest = await device(browser, server, new URL(damaged).search + new URL(damaged).hash);
    await ready(guest.page);
    await guest.page.waitForSelector('#net-notice');
    assert.match(await guest.page.locator('#net-notice').innerText(), /invite link cannot be used/);
    assert.equal(await guest.page.locator('#join-dialog[open]').count(), 0);
    assert.deepEqual(guest.problems.all(), []);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
});
