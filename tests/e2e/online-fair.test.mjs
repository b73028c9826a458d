// Fair deals on the wire (docs/protocol.md, "Fair deals"): the host commits
// to a secret before each deal (the first once every friend is seated), every connected guest adds
// its randomness, the host deals the deck of them all and reveals the secret
// once the deal is over; each guest's page checks the deal against what it
// was shown and marks its table "Deal checked", or shows the alarm. The
// pages run in one headless Chromium, connected by a real data channel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './harness.mjs';
import { ready } from './play-helpers.mjs';
import {
  connect,
  device,
  guestPath,
  hostGame,
  join,
  playDealEverywhere,
  waitForFirstDeal,
  waitOrSay,
  withBrowser,
} from './online-helpers.mjs';

const phone = { width: 360, height: 740 };

/** The fair deal's mark on a page's table: [data-fair, its words], or null. */
const markOf = (page) => page.evaluate(() => {
  const m = document.querySelector('#fair-mark');
  return m ? [m.dataset.fair, m.innerText] : null;
});

/** Nothing wider than the screen: no sideways scrolling. */
const fits = (p) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Before a guest page's own code runs: the host's reveal (version 3, type
 * 0x15) reaches the page with the first byte of its secret changed, as a
 * host would send that revealed another secret than it committed to.
 */
function tamperReveals() {
  const real = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message') return real.call(this, type, listener, ...rest);
    return real.call(this, type, (e) => {
      const bytes = e.data instanceof ArrayBuffer ? new Uint8Array(e.data) : null;
      if (bytes && bytes[0] === 3 && bytes[1] === 0x15) {
        const changed = bytes.slice();
        // (Version, type, the deal's number in one byte: the secret follows.)
        changed[3] ^= 1;
        window.revealsTampered = (window.revealsTampered ?? 0) + 1;
        return listener(new MessageEvent('message', { data: changed.buffer }));
      }
      return listener(e);
    }, ...rest);
  };
}

/**
 * The host starts `game` with `seats`; each friend's seat is joined from a
 * page of its own (`guestsAt[seat]`: its query and viewport, and an init
 * script), with the rules' `options`; the first deal, dealt fairly once
 * every friend is seated, is played to its end, then the second. Returns
 * the pages, and each guest's mark at the first deal's end.
 */
async function twoDeals(server, browser, game, seats, guestsAt, options = {}) {
  const host = await device(browser, server, '?pace=0&lang=en');
  await ready(host.page);
  const links = await hostGame(host.page, game, seats, options);
  const guests = {};
  const entries = Object.entries(links);
  for (const [i, [seat, link]] of entries.entries()) {
    const { query, viewport, init } = guestsAt[seat];
    const g = await device(browser, server, guestPath(link, query), viewport, init);
    await ready(g.page);
    await connect(host.page, Number(seat), await join(g.page, `Guest ${'ABCD'[seat]}`));
    // (The first deal waits for the friends still to come.)
    if (i < entries.length - 1 && (query ?? '').includes('lang=en')) await waitForFirstDeal(host.page, g.page);
    guests[seat] = g;
  }
  for (const g of Object.values(guests)) {
    await g.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
  }
  await host.page.click('#invite-dialog [data-action="close-dialog"]');
  const pages = [host.page, ...Object.values(guests).map((g) => g.page)];
  const end = await playDealEverywhere(host.page, pages);
  assert.equal(end.phase, 'deal-over');
  const first = {};
  for (const [seat, g] of Object.entries(guests)) {
    await waitOrSay(g.page, pages, `seat ${seat}'s first deal's end`, () => document.querySelector('#app').dataset.phase === 'deal-over');
    // The first deal was dealt fairly too: its reveal follows its last table.
    await waitOrSay(g.page, pages, `seat ${seat}'s mark for the first deal`, () => document.querySelector('#fair-mark'));
    first[seat] = await markOf(g.page);
  }
  // The host's next deal waits for the guests' randomness, then is dealt.
  await host.page.click('#next-deal');
  for (const [seat, g] of Object.entries(guests)) {
    await waitOrSay(g.page, pages, `seat ${seat}'s second deal`,
      () => document.querySelector('#app').dataset.phase === 'playing');
  }
  const second = await playDealEverywhere(host.page, pages);
  assert.notEqual(second.phase, 'playing');
  return { host, guests, pages, first };
}

test('online fair deals: every guest\'s table shows "Deal checked" at the end of a fair deal, in English and in Japanese on a 360 px phone', async () => {
  await withBrowser(async (server, browser) => {
    const { host, guests, pages, first } = await twoDeals(server, browser, 'three-player', ['human', 'friend', 'friend'], {
      1: { query: '?pace=0&lang=en' },
      2: { query: '?pace=0&lang=ja', viewport: phone },
    });
    // The first deal, dealt once both friends were seated, checked on both.
    assert.deepEqual(first, { 1: ['checked', 'Deal checked'], 2: ['checked', '配り札を確認済み'] });
    const [en, ja] = [guests[1].page, guests[2].page];
    await waitOrSay(en, pages, 'the English guest\'s mark', () => document.querySelector('#fair-mark[data-fair="checked"]'));
    await waitOrSay(ja, pages, 'the Japanese guest\'s mark', () => document.querySelector('#fair-mark[data-fair="checked"]'));
    assert.deepEqual(await markOf(en), ['checked', 'Deal checked']);
    assert.deepEqual(await markOf(ja), ['checked', '配り札を確認済み']);
    assert.ok(await en.locator('#fair-mark').isVisible(), 'the mark is on show');
    assert.ok(await ja.locator('#fair-mark').isVisible(), 'the mark is on show');
    await screenshot(en, 'online-fair-deal-checked');
    await screenshot(ja, 'online-fair-deal-checked-ja-360');
    assert.ok(await fits(ja), 'the Japanese guest table fits 360 px');
    // The host's table shows no mark: it is the guests' check.
    assert.equal(await markOf(host.page), null);
    // Nothing dropped or ignored on either side.
    for (const p of [host, guests[1], guests[2]]) {
      assert.deepEqual(p.problems.all(), []);
      assert.deepEqual(p.problems.warnings.filter((w) => /changed nothing|dropped/.test(w)), []);
    }
  });
});

test('online fair deals: a reveal of another secret than committed shows the alarm on the guest\'s table, and it stays', async () => {
  await withBrowser(async (server, browser) => {
    const { host, guests, pages, first } = await twoDeals(server, browser, 'two-player', ['human', 'friend'], {
      1: { query: '?pace=0&lang=en', init: tamperReveals },
    }, { deals: '4' });
    const guest = guests[1].page;
    // The first deal's reveal, tampered, raised it already.
    assert.equal(first[1][0], 'alarm');
    assert.match(first[1][1], /Alarm: deal 1 was not dealt fairly: the host revealed another secret/);
    await waitOrSay(guest, pages, 'the second reveal', () => window.revealsTampered === 2);
    const [kind, words] = await markOf(guest);
    assert.equal(kind, 'alarm');
    // (The first alarm stays, whatever the later deals show.)
    assert.match(words, /Alarm: deal 1 was not dealt fairly: the host revealed another secret/);
    assert.equal(await guest.locator('#fair-mark').getAttribute('role'), 'alert');
    await screenshot(guest, 'online-fair-alarm');
    // The alarm stays when the host deals again.
    await host.page.click('#next-deal');
    await waitOrSay(guest, pages, 'the third deal', () => document.querySelector('#app').dataset.phase === 'playing');
    assert.equal((await markOf(guest))?.[0], 'alarm');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guests[1].problems.all(), []);
  });
});
