// Online play: two pages in one headless Chromium, connected by a real
// WebRTC data channel on this machine (no STUN server: "same network only";
// plain local addresses, as --disable-features=WebRtcHideLocalIpsWithMdns
// lets them through). The host invites a friend for a seat, the friend
// opens the invite and sends back the reply, and both play through clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, startServer } from './harness.mjs';
import { INDEX_CORNER, assertNoHiddenCards, calls, nextClick, ready, readTable } from './play-helpers.mjs';
import {
  act,
  connect,
  describe,
  device,
  guestPath,
  hostGame,
  join,
  launch,
  playDealEverywhere,
  seatGuests,
  untilGuestsTurn,
  waitOrSay,
  withBrowser,
} from './online-helpers.mjs';

test('online: a whole two-player deal between two pages, a quack heard on both', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    await screenshot(host.page, 'online-invite');

    const guest = await device(browser, server, guestPath(links[1]));
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
  });
});

/** The cards of the hand shown at the bottom of a page's table. */
async function ownHand(page) {
  return page.evaluate(() => [...document.querySelectorAll('.seat.pos-bottom .card[data-card]')].map((c) => c.dataset.card).sort());
}

test('online: no seed deals a game with friends; its links and record give nothing away', async () => {
  await withBrowser(async (server, browser) => {
    // The host plays today's daily deal, which everyone can open too.
    const host = await device(browser, server, '?daily&pace=0&lang=en');
    await ready(host.page);
    const daily = await ownHand(host.page);
    assert.ok(daily.length > 0);
    const other = await device(browser, server, '?daily&pace=0&lang=en');
    await ready(other.page);
    assert.deepEqual(await ownHand(other.page), daily, "the daily deal is everyone's");

    // New game: the dialog offers the daily seed and says it does not apply with friends.
    await host.page.click('#new-game');
    await host.page.waitForSelector('#new-game-dialog[open]');
    assert.match(await host.page.inputValue('#seed'), /^daily-/);
    assert.match(await host.page.locator('#new-game-dialog').innerText(), /friend on another device ignore it/);
    await host.page.click('#new-game-dialog [data-action="cancel-dialog"]');
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    assert.match(await host.page.locator('#dealt-fresh').innerText(), /shuffled from this device's randomness and each friend's, the first once every friend is seated/);
    // Nothing is dealt until the friend is seated; then the deal is fair.
    assert.deepEqual(await ownHand(host.page), []);
    await seatGuests(browser, server, host, links);
    const online = await ownHand(host.page);
    assert.equal(online.length, daily.length);
    assert.notDeepEqual(online, daily, "the daily seed does not deal the host's hand");
    // Nor does the host's address: the invite carries none of its query.
    assert.doesNotMatch(links[1], /daily|seed|pace/);

    // The game's share link names no seed, and its record waits for the game's end.
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await host.page.click('#share-tool');
    await host.page.waitForSelector('#share-dialog[open]');
    assert.doesNotMatch(await host.page.inputValue('#share-link'), /seed=|daily/);
    assert.equal(await host.page.locator('#record-text').count(), 0, 'no record while the game is on');
    assert.match(await host.page.locator('#share-dialog').innerText(), /once the game is over/);
    assert.equal(await host.page.locator('#author').count(), 0, 'no link to this position');
    assert.deepEqual(host.problems.all(), []);
  });
});

test('online: a damaged invite and a foreign reply are refused in one line, changing nothing', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    // A reply link that is not one: refused, the seat still invited.
    await host.page.fill('#reply-paste', links[1].replace('#j=', '#r='));
    await host.page.click('#invite-dialog [data-net="take-reply"]');
    await host.page.waitForFunction(() => document.querySelector('#reply-error').innerText.length > 0);
    assert.match(await host.page.locator('#reply-error').innerText(), /cannot be used|another table/);
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="invited"]');
    // The dialog, rebuilt to say so, keeps what was pasted.
    assert.equal(await host.page.inputValue('#reply-paste'), links[1].replace('#j=', '#r='));

    const damaged = links[1].slice(0, -6) + (links[1].endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    const guest = await device(browser, server, guestPath(damaged));
    await ready(guest.page);
    await guest.page.waitForSelector('#net-notice');
    assert.match(await guest.page.locator('#net-notice').innerText(), /invite link cannot be used/);
    assert.equal(await guest.page.locator('#join-dialog[open]').count(), 0);
    assert.deepEqual(guest.problems.all(), []);
  });
});

test('online: a reply link no table takes, or a damaged one, says which and offers the way on', async () => {
  await withBrowser(async (server, browser) => {
    // A damaged reply (as a chat may cut it): named at once, with a link to the game.
    const tab = await device(browser, server, 'online.html?lang=en#r=AAAA');
    await tab.page.waitForSelector('#net-notice');
    assert.match(await tab.page.locator('#net-notice').innerText(), /reply link cannot be used: .*Ask your friend to send the whole link again/s);
    const open = tab.page.locator('#net-notice-dialog a#open-game');
    assert.match(await open.getAttribute('href'), /\/online\.html$/);

    // A whole reply whose table is not open in this browser: said so, with the ways on.
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const guest = await device(browser, server, guestPath(links[1]));
    await ready(guest.page);
    const reply = await join(guest.page, 'Ann');
    await host.page.goto('about:blank'); // (the host's table is gone)
    const other = await device(browser, server, guestPath(reply, '?lang=en'));
    await other.page.waitForSelector('#net-notice', { timeout: 15_000 });
    assert.match(await other.page.locator('#net-notice').innerText(), /No table open in this browser took this reply.*send your friend a new invite/s);
    // The way on works: the link opens the game in this tab.
    await other.page.click('#open-game');
    await other.page.waitForSelector('#app[data-phase]', { timeout: 30_000 });
    await ready(other.page);
    assert.deepEqual(tab.problems.all(), []);
    assert.deepEqual(other.problems.all(), []);
  });
});

async function wholeDeal(game, seats) {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, `?pace=0&lang=en`);
    await ready(host.page);
    const links = await hostGame(host.page, game, seats);
    const guests = await seatGuests(browser, server, host, links);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // The host may open the invite dialog again from the toolbar.
    await host.page.click('#invites-btn');
    await host.page.waitForSelector('#invite-dialog[open]');
    for (const seat of Object.keys(guests)) {
      await host.page.waitForSelector(`#invite-dialog fieldset[data-seat="${seat}"][data-state="connected"]`);
    }
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const pages = [host.page, ...Object.values(guests).map((g) => g.page)];
    for (const [seat, g] of Object.entries(guests)) {
      await g.page.waitForSelector(`.seat.pos-bottom[data-seat="${seat}"] .hand.up`);
      await assertNoHiddenCards(g.page);
      // The toolbar's invite tool is the host's alone.
      assert.equal(await g.page.locator('#invites-btn').isVisible(), false);
    }
    const end = await playDealEverywhere(host.page, pages);
    assert.notEqual(end.phase, 'playing');
    for (const [seat, g] of Object.entries(guests)) {
      await g.page.waitForFunction(() => document.querySelector('#app').dataset.phase !== 'playing');
      await assertNoHiddenCards(g.page);
      // Every device's score sheet agrees with the host's.
      const sheet = (p) => p.evaluate(() => document.querySelector('#scores')?.innerText ?? '');
      const [h, s] = [await sheet(host.page), await sheet(g.page)];
      const numbers = (t) => (t.match(/\d+/g) ?? []).join(' ');
      assert.equal(numbers(s), numbers(h), `seat ${seat}'s score sheet`);
      assert.deepEqual(g.problems.all(), []);
    }
    assert.deepEqual(host.problems.all(), []);
  });
}

test('online: a partnership deal with the host, two guests and a computer', async () => {
  await wholeDeal('partnership', ['human', 'friend', 'normal', 'friend']);
});

test('online: a three-player deal with one guest and a computer', async () => {
  await wholeDeal('three-player', ['human', 'friend', 'normal']);
});

/**
 * Before the page's own code runs: keeps every data channel the page gets,
 * and the host's messages it receives, so that the test can speak through
 * the guest's real channel as a tampering guest would.
 */
function tapChannels() {
  window.__channels = [];
  window.__heard = [];
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Real(...args);
    pc.addEventListener('datachannel', (e) => {
      window.__channels.push(e.channel);
      e.channel.addEventListener('message', (m) => {
        if (m.data instanceof ArrayBuffer) window.__heard.push([...new Uint8Array(m.data)]);
      });
    });
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
}

test('online: a tampering guest is refused and the host\'s game goes on', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const { 1: guest } = await seatGuests(browser, server, host, links, tapChannels);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const g = guest.page;
    await g.waitForFunction(() => window.__channels.length === 1 && window.__heard.length > 0);

    // Play until it is the guest's turn, the host waiting for it.
    for (let i = 0; i < 200; i++) {
      if ((await g.evaluate(readTable)).waiting === 'human') break;
      if ((await host.page.evaluate(readTable)).waiting === 'human') await act(host.page);
      else await g.waitForTimeout(40);
    }
    assert.equal((await g.evaluate(readTable)).waiting, 'human');
    const before = await host.page.evaluate(() => ({
      moves: document.querySelector('#app').dataset.moves,
      trick: [...document.querySelectorAll('#trick .card[data-card]')].map((c) => c.dataset.card).join(' '),
      hand: [...document.querySelectorAll('.seat.pos-bottom .card[data-card]')].map((c) => c.dataset.card).join(' '),
    }));

    // What the guest sends, as bytes (docs/protocol.md): the version (the host's table's), then the type.
    const sent = await g.evaluate(() => {
      const ch = window.__channels[0];
      const table = window.__heard.filter((m) => m[1] === 0x11).at(-1);
      const v = table[0];
      // The table's turn: a varint after the version and type.
      let turn = 0;
      for (let i = 2, shift = 0; ; i++, shift += 7) {
        turn |= (table[i] & 0x7f) << shift;
        if (!(table[i] & 0x80)) break;
      }
      const varint = (n) => { const out = []; while (n >= 0x80) { out.push((n & 0x7f) | 0x80); n >>>= 7; } out.push(n); return out; };
      const ranks = 'A23456789TJQK', suits = 'CDHS';
      const index = (code) => suits.indexOf(code[1]) * 13 + ranks.indexOf(code[0]);
      const held = new Set([...document.querySelectorAll('.seat.pos-bottom .card[data-card]')].map((c) => index(c.dataset.card)));
      const notHeld = [...Array(52).keys()].find((i) => !held.has(i));
      const send = (bytes) => ch.send(new Uint8Array(bytes));
      const heardBefore = window.__heard.length;
      // A move for the host's seat (0), then a card the guest does not hold, for its own seat (1).
      send([v, 2, 0, ...varint(turn), 1, [...held][0]]);
      send([v, 2, 1, ...varint(turn), 1, notHeld]);
      // A move on an old table.
      send([v, 2, 1, ...varint(turn + 5), 1, [...held][0]]);
      // Malformed: an unknown type, a cut message, text, bytes after the end, another version.
      send([v, 0x7f]);
      send([v, 2, 1]);
      ch.send('{"v":1,"t":"move","seat":1,"turn":0,"mv":"7H"}');
      send([v, 3, 1, 0, 0]);
      send([9, 3, 1]);
      // Oversized: 20 KB.
      send(new Array(20_000).fill(1));
      return { heardBefore, turn };
    });
    // Three refusals come back: not your seat (0), illegal (3), stale (2); nothing else is answered.
    await g.waitForFunction((n) => window.__heard.filter((m, i) => i >= n && m[1] === 0x12).length >= 3, sent.heardBefore);
    await g.waitForTimeout(300);
    const answers = await g.evaluate((n) => window.__heard.slice(n).map((m) => m.slice(1)), sent.heardBefore);
    const refusals = answers.filter((m) => m[0] === 0x12).map((m) => m.at(-1));
    assert.deepEqual(refusals, [0, 3, 2], JSON.stringify(answers));
    assert.equal(answers.filter((m) => m[0] === 0x11).length, 0, 'no new table: nothing changed');

    // A flood: a thousand pings at once. The host answers a burst and drops the rest.
    const pongs = await g.evaluate(async () => {
      const ch = window.__channels[0];
      const n = window.__heard.length;
      const v = window.__heard.find((m) => m[1] === 0x11)[0];
      for (let i = 0; i < 1000; i++) ch.send(new Uint8Array([v, 3, i & 0x7f]));
      await new Promise((r) => setTimeout(r, 1500));
      return window.__heard.slice(n).filter((m) => m[1] === 0x13).length;
    });
    assert.ok(pongs >= 10 && pongs <= 60, `a burst of pongs, the rest dropped: ${pongs}`);

    // The host's game is as it was, and goes on: the guest plays by clicks.
    const after = await host.page.evaluate(() => ({
      moves: document.querySelector('#app').dataset.moves,
      trick: [...document.querySelectorAll('#trick .card[data-card]')].map((c) => c.dataset.card).join(' '),
      hand: [...document.querySelectorAll('.seat.pos-bottom .card[data-card]')].map((c) => c.dataset.card).join(' '),
    }));
    assert.deepEqual(after, before);
    const end = await playDealEverywhere(host.page, [host.page, g]);
    assert.notEqual(end.phase, 'playing');
    assert.deepEqual(host.problems.all(), []);
  });
});

test('online: the invite, join and guest table in Japanese on a 360 px phone fit their screen', async () => {
  const server = await startServer({});
  const browser = await launch();
  const phone = { width: 360, height: 740 };
  /** Nothing wider than the screen: no sideways scrolling. */
  const fits = (p) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth
    && [...document.querySelectorAll('dialog[open]')].every((d) => d.getBoundingClientRect().right <= window.innerWidth + 0.5));
  try {
    const host = await device(browser, server, '?pace=0&lang=ja', phone);
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    await host.page.waitForSelector('#invite-dialog svg.qr');
    await screenshot(host.page, 'online-invite-ja-360');
    assert.ok(await fits(host.page), 'the invite dialog fits 360 px');

    // The invite leaves the host's language out: the guest's device asks for its own.
    assert.doesNotMatch(links[1], /lang=/);
    const guest = await device(browser, server, guestPath(links[1], '?pace=0&lang=ja'), phone);
    await ready(guest.page);
    assert.match(await guest.page.locator('#join-seat').innerText(), /北/);
    await screenshot(guest.page, 'online-join-ja-360');
    assert.ok(await fits(guest.page), 'the join page fits 360 px');
    const reply = await join(guest.page, 'あいこ');
    await screenshot(guest.page, 'online-reply-ja-360');
    assert.ok(await fits(guest.page), 'the reply link fits 360 px');
    await connect(host.page, 1, reply);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    await host.page.waitForFunction(() => document.querySelector('.seat[data-seat="1"]')?.innerText.includes('あいこ'));
    // The host's seat on the guest's table: named as the host, "to play" (not "thinking").
    // The guest plays until the host's turn (each click taken, or the test fails).
    for (let i = 0; i < 60 && (await guest.page.evaluate(readTable)).waiting === 'human'; i++) {
      await act(guest.page);
    }
    await guest.page.waitForFunction(() => document.querySelector('#app').dataset.waiting !== 'human');
    assert.match(await guest.page.locator('#status').innerText(), /ホスト/);
    assert.doesNotMatch(await guest.page.locator('#status').innerText(), /考えて/);
    await screenshot(guest.page, 'online-guest-table-ja-360');
    assert.ok(await fits(guest.page), 'the guest table fits 360 px');
    await screenshot(host.page, 'online-host-table-ja-360');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
});

test('online: a lost friend\'s seat goes to the computer and back to the friend', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const { 1: first } = await seatGuests(browser, server, host, links);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // The friend's device goes away: the host's dialog says so and offers the computer.
    await first.context.close();
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="computer"]');
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="computer"]');
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // The computer plays the seat: the host's moves are answered.
    const moves = async () => Number(await host.page.evaluate(() => document.querySelector('#app').dataset.moves));
    for (let i = 0; i < 4; i++) {
      await host.page.waitForFunction(() => document.querySelector('#app').dataset.waiting === 'human', null, { timeout: 10_000 });
      assert.ok(await act(host.page), 'the host has a card to play');
    }
    const played = await moves();
    assert.ok(played >= 4, `moves with the computer in the seat: ${played}`);
    // Handed back: a new invite, and the friend (a new page) takes the seat again.
    await host.page.click('#invites-btn');
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="friend"]');
    const field = host.page.locator('#invite-link-1');
    await field.waitFor({ timeout: 20_000 });
    const again = await field.inputValue();
    assert.notEqual(again, links[1]);
    const { 1: second } = await seatGuests(browser, server, host, { 1: again });
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await second.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    const end = await playDealEverywhere(host.page, [host.page, second.page]);
    assert.notEqual(end.phase, 'playing');
    assert.ok(end.moves >= played);
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(second.problems.all(), []);
  });
});

/** The cards in the hand a page shows at the bottom, for `seat`. */
const handOf = (page, seat) =>
  page.evaluate((s) => [...document.querySelectorAll(`.seat.pos-bottom[data-seat="${s}"] .hand [data-card]`)].map((c) => c.dataset.card).sort(), seat);

/** Both play until it is the guest's turn with the host's card on the table. */
async function hostLeadsAndWaits(host, guest) {
  for (let i = 0; i < 400; i++) {
    const t = await host.evaluate(readTable);
    const onTable = await host.evaluate(() => document.querySelectorAll('#trick [data-card]').length);
    if (t.waiting !== 'human' && onTable > 0 && t.moves > 1) return t;
    const g = await guest.evaluate(readTable);
    const page = t.waiting === 'human' ? host : g.waiting === 'human' ? guest : null;
    if (!page || !(await act(page, [host, guest].filter((p) => p !== page)))) await host.waitForTimeout(40);
  }
  throw new Error(`the host never left a trick to the guest; the pages stand at ${JSON.stringify(await describe([host, guest]))}`);
}

/** A page goes to another invite (a new tab's load, not a change of fragment). */
async function openInvite(page, link) {
  // (Only the fragment differs from the page's address: the reload loads it.)
  await page.goto(link.replace('#', '?pace=0&lang=en#'), { waitUntil: 'load' });
  await page.reload({ waitUntil: 'load' });
  await ready(page);
}

/**
 * A host and a friend at seat 1 of a two-player game, connected, on pages of
 * their own (the guest's running the init script `init`, if given): runs
 * `fn({ host, guest, links })`, checks that neither page reported a problem,
 * and cleans up.
 */
async function withTwoDevices(fn, init) {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, `?pace=0&lang=en`);
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const { 1: guest } = await seatGuests(browser, server, host, links, init);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    await fn({ host, guest, links });
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
}

/** The guest takes the new invite `link`: a new reply, its seat, hand and table again. */
async function rejoin(host, guest, link, hand, name = 'Guest B') {
  await openInvite(guest.page, link);
  await connect(host.page, 1, await join(guest.page, name));
  await host.page.click('#invite-dialog [data-action="close-dialog"]');
  await guest.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
  await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
  assert.deepEqual(await handOf(guest.page, 1), hand, 'the same hand');
  await assertNoHiddenCards(guest.page);
}

/** The invite link the host's open dialog shows for seat 1, once made. */
async function newInvite(host, old) {
  const field = host.page.locator('#invite-link-1');
  await field.waitFor({ timeout: 20_000 });
  const link = await field.inputValue();
  assert.notEqual(link, old);
  return link;
}

test('online: a guest reloads mid-trick and rejoins its seat with a new invite, without losing a card', async () => {
  await withTwoDevices(async ({ host, guest, links }) => {
    // Mid-trick: the host has led, the guest is to play; the guest's page reloads.
    const before = await hostLeadsAndWaits(host.page, guest.page);
    await guest.page.waitForFunction(() => document.querySelectorAll('#trick [data-card]').length > 0);
    const hand = await handOf(guest.page, 1);
    await guest.page.reload({ waitUntil: 'load' });
    await ready(guest.page);
    // The host's table waits for the seat and offers a new invite (its dialog
    // comes up by itself when the seat is lost).
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    // The same device replies (with another name typed): its kept token
    // tells the host it is the guest who held the seat, whose name stays.
    await rejoin(host, guest, await newInvite(host, links[1]), hand, 'Someone Else');
    await waitOrSay(host.page, [host.page, guest.page], "the host's table naming the guest as before", () => /Friend · Guest B/.test(document.querySelector('.seat[data-seat="1"]').innerText));
    assert.doesNotMatch(await host.page.locator('.seat[data-seat="1"]').innerText(), /Someone Else/);
    assert.equal((await host.page.evaluate(readTable)).moves, before.moves, 'nothing was played meanwhile');
    assert.ok(await guest.page.evaluate(() => document.querySelectorAll('#trick [data-card]').length > 0), 'the same trick');
    const end = await playDealEverywhere(host.page, [host.page, guest.page]);
    assert.notEqual(end.phase, 'playing');
  });
});

test('online: the host reloads, its game comes back with new invites, and the guest rejoins', async () => {
  await withTwoDevices(async ({ host, guest, links }) => {
    const before = await hostLeadsAndWaits(host.page, guest.page);
    const hand = await handOf(guest.page, 1);
    // The host's tab reloads: still online play's page, the saved game, a new invite.
    await host.page.reload({ waitUntil: 'load' });
    await host.page.waitForSelector('#invite-dialog[open]');
    await ready(host.page);
    const again = await newInvite(host, links[1]);
    assert.equal((await host.page.evaluate(readTable)).moves, before.moves, "the host's game came back");
    // The guest is told, and rejoins through the new invite.
    await waitOrSay(guest.page, [host.page, guest.page], 'the guest told of the lost host', () => /connection to the host is lost/i.test(document.body.innerText));
    await rejoin(host, guest, again, hand);
    const end = await playDealEverywhere(host.page, [host.page, guest.page]);
    assert.notEqual(end.phase, 'playing');
  });
});

test('online: the host reloads before the first deal: the game, still undealt, comes back with its invites, and the friend who joins then is dealt to', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    await hostGame(host.page, 'three-player', ['human', 'friend', 'expert']);
    await host.page.reload({ waitUntil: 'load' });
    await host.page.waitForSelector('#invite-dialog[open]');
    await ready(host.page);
    // Its set-up came back (a friend's seat and an Expert), not a new game.
    const links = {};
    const field = host.page.locator('#invite-link-1');
    await field.waitFor({ timeout: 20_000 });
    links[1] = await field.inputValue();
    assert.equal(await host.page.locator('#app .hand [data-card]').count(), 0, 'still undealt');
    assert.match(await host.page.locator('#message').innerText(), /The first deal is dealt once every friend has taken their seat/);
    assert.match(await host.page.locator('#app .seat[data-seat="2"] .player').innerText(), /Expert/);
    const { 1: guest } = await seatGuests(browser, server, host, links);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    const end = await playDealEverywhere(host.page, [host.page, guest.page]);
    assert.notEqual(end.phase, 'playing');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
});

test('online: the STUN servers are a list the host may edit; a bad one is named and nothing changes', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    await hostGame(host.page, 'two-player', ['human', 'friend']);
    const p = host.page;
    const saved = () => p.evaluate(() => localStorage.getItem('duck-soup.stun'));
    // "Same network only" (set for these tests): the list waits, disabled.
    assert.equal(await p.isChecked('#same-network'), true);
    assert.equal(await p.isDisabled('#stun-servers'), true);
    await p.uncheck('#same-network');
    assert.equal(await p.isDisabled('#stun-servers'), false);
    assert.equal(await p.inputValue('#stun-servers'), 'stun:stun.l.google.com:19302');
    assert.equal(await saved(), null, 'the default is not written down');
    await p.fill('#stun-servers', 'turn:relay.example.org, <b>x</b>');
    await p.press('#stun-servers', 'Tab');
    assert.equal(await p.locator('#stun-error').innerText(), "The STUN servers were not changed: 'turn:relay.example.org' is not a STUN server (stun:host or stun:host:port).");
    assert.equal(await saved(), null);
    await p.fill('#stun-servers', 'stun:stun.example.org:3478, stun:b.example.net');
    await p.press('#stun-servers', 'Tab');
    assert.equal(await p.locator('#stun-error').innerText(), '');
    assert.equal(await saved(), 'stun:stun.example.org:3478\nstun:b.example.net');
    await p.check('#same-network');
    assert.equal(await saved(), 'none');
    assert.deepEqual(host.problems.all(), []);
  });
});

test('online: a whole three-player game of two deals, the next deal and the end reaching the guest', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'three-player', ['human', 'friend', 'normal'], { deals: '2' });
    const { 1: guest } = await seatGuests(browser, server, host, links);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // The guest's records dialog: no record while the game is on, and no way
    // to the author's tool (the viewer's page: going there would leave the
    // host's table).
    await guest.page.click('#share-tool');
    await guest.page.waitForSelector('#share-dialog[open]');
    assert.match(await guest.page.locator('#share-dialog').innerText(), /once the game is over/);
    assert.equal(await guest.page.locator('#author-full-page').count(), 0);
    await guest.page.click('#share-close');
    const pages = [host.page, guest.page];
    for (let deal = 1; deal <= 2; deal++) {
      await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
      const end = await playDealEverywhere(host.page, pages);
      assert.notEqual(end.phase, 'playing');
      // Only the host deals the next deal; the guest's table follows.
      if (deal === 1) {
        await guest.page.waitForFunction(() => document.querySelector('#app').dataset.phase === 'deal-over');
        await host.page.click('#next-deal');
      }
    }
    for (const p of pages) await p.waitForSelector('#app[data-phase="game-over"]', { timeout: 30_000 });
    const sheet = (p) => p.evaluate(() => (document.querySelector('#scores')?.innerText.match(/\d+/g) ?? []).join(' '));
    assert.equal(await sheet(guest.page), await sheet(host.page), 'the same score sheet');
    await screenshot(guest.page, 'online-guest-game-over');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
});

test('online: a guest\'s card on its way waits for the host: marked, nothing else offered, then on the table', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const { 1: guest } = await seatGuests(browser, server, host, { 1: links[1] });
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const g = guest.page;
    // The guest's turn with a plain card to play (not Quack!, Duck or a chooser).
    let card = null;
    for (let i = 0; i < 40 && !card; i++) {
      await untilGuestsTurn(host.page, g);
      const sel = await g.evaluate(nextClick);
      if (sel?.includes('data-card')) card = sel.match(/data-card="([^"]+)"/)[1];
      else await act(g, [host.page]);
    }
    assert.ok(card, 'the guest came to play a plain card');
    // The host's page holds its script (a slow phone, a busy tab): the
    // guest's move waits in its channel, unread, until the host resumes.
    // (Nothing is asked of the host's page while it is held.)
    const hostMoves = (await host.page.evaluate(readTable)).moves;
    const cdp = await host.page.context().newCDPSession(host.page);
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    await g.click(`#app .seat.pos-bottom button.card[data-card="${card}"]`);
    await g.waitForSelector('#app[data-waiting="host"]', { timeout: 10_000 }).catch(async (e) => {
      const where = JSON.stringify(await describe([g]));
      throw new Error(`the guest's move was not shown on its way (${e.message.split('\n')[0]}); the guest stands at ${where}`);
    });
    const shown = await g.evaluate((c) => ({
      marked: [...document.querySelectorAll('#app .seat.pos-bottom .card.sent')].map((e) => e.dataset.card),
      playable: document.querySelectorAll('#app .seat.pos-bottom .card.playable').length,
      calls: ['#quack', '#duck'].filter((id) => document.querySelector(id)?.getClientRects().length),
      status: document.querySelector('#status').innerText,
      inTrick: !!document.querySelector(`#trick [data-card="${c}"]`),
    }), card);
    assert.deepEqual(shown, { marked: [card], playable: 0, calls: [], status: 'Your move is on its way to the host.', inTrick: false });
    await screenshot(g, 'online-guest-move-on-its-way');
    // A second click on the card sent sends nothing and says nothing new
    // (not "not your turn": it is, until the host answers).
    // (aria-disabled: a person may still tap it, so the click is forced.)
    await g.click(`#app .seat.pos-bottom button.card[data-card="${card}"]`, { force: true, timeout: 10_000 });
    assert.equal(await g.locator('#message').innerText(), '', 'a second click says nothing');
    await cdp.send('Debugger.resume');
    await cdp.send('Debugger.disable');
    // The host's answer: the card leaves the hand for the table, and no other card of the guest went.
    await g.waitForFunction((c) => !document.querySelector(`#app .seat.pos-bottom .card[data-card="${c}"]`), card, { timeout: 30_000 }).catch(async (e) => {
      const where = JSON.stringify(await describe([host.page, g]));
      throw new Error(`the host never answered the guest's ${card} (${e.message.split('\n')[0]}); the pages stand at ${where}`);
    });
    const after = await g.evaluate(readTable);
    assert.notEqual(after.waiting, 'host');
    // (The host, a person here, does not move until clicked: its table
    // counts the guest's one move.)
    await host.page.waitForFunction((m) => Number(document.querySelector('#app').dataset.moves) > m, hostMoves);
    assert.equal((await host.page.evaluate(readTable)).moves, hostMoves + 1, 'one move played, not two');
    assert.doesNotMatch(await g.locator('#message').innerText(), /refused/i, 'no second move was sent');
    assert.equal(await g.locator('#app .seat.pos-bottom .card.sent').count(), 0, 'no card marked once the host answered');
    await assertNoHiddenCards(g);
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
});

/**
 * An init script for a guest's page: its hellos (version 3, type 1) are lost
 * on the way, though its page sees them sent: the first one only, or
 * (`untilMove`) every one until the guest's first move has gone. The first
 * two bytes of each lost message are kept in `window.lostOnTheWay`, and the
 * hellos the page sent are counted in `window.hellosSent`.
 */
function loseHellos(untilMove) {
  const send = RTCDataChannel.prototype.send;
  window.lostOnTheWay = [];
  let moved = false;
  RTCDataChannel.prototype.send = function (data) {
    const head = Array.from(new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, 2));
    if (head[0] === 3 && head[1] === 2) moved = true;
    if (head[0] === 3 && head[1] === 1) window.hellosSent = (window.hellosSent ?? 0) + 1;
    // (Until its first move: only on a page opened after the test set
    // `lose-hellos`, as a game's first deal waits for the guest's hello.)
    const lose = head[0] === 3 && head[1] === 1
      && (untilMove ? !moved && sessionStorage.getItem('lose-hellos') === '1' : window.lostOnTheWay.length === 0);
    if (lose) {
      window.lostOnTheWay.push(head);
      return undefined;
    }
    return send.call(this, data);
  };
}

/** The host's warnings of a move it refused for want of a hello. */
const movesBeforeHello = (host) => host.problems.warnings.filter((w) => /a move before the guest's hello/.test(w));

test('online: a guest\'s first hello lost on its way is said again when the host\'s table shows its seat unheard', async () => {
  await withTwoDevices(async ({ host, guest }) => {
    const pages = [host.page, guest.page];
    assert.deepEqual(await guest.page.evaluate(() => window.lostOnTheWay), [[3, 1]], 'the first hello was lost');
    // The host's table showed the seat unheard, and the guest said its hello
    // again (waited for: the table that brings it may come a moment after the
    // first one); the host heard it before the guest's first move.
    await waitOrSay(guest.page, pages, 'the hello said again', () => window.hellosSent >= 2);
    const end = await playDealEverywhere(host.page, pages);
    assert.notEqual(end.phase, 'playing');
    assert.deepEqual(movesBeforeHello(host), [], 'no move came before the hello');
  }, { content: `(${loseHellos})(false)` });
});

test('online: a guest\'s hellos lost until its first move: the host refuses it for want of a hello, the guest says it again with the move, and the deal is played', async () => {
  await withTwoDevices(async ({ host, guest, links }) => {
    const pages = [host.page, guest.page];
    // The first deal waits for the guest's hello, which came; mid-trick the
    // guest's page reloads and rejoins, every hello of its new page lost
    // until its first move.
    await hostLeadsAndWaits(host.page, guest.page);
    const hand = await handOf(guest.page, 1);
    await guest.page.evaluate(() => sessionStorage.setItem('lose-hellos', '1'));
    await guest.page.reload({ waitUntil: 'load' });
    await ready(guest.page);
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    await rejoin(host, guest, await newInvite(host, links[1]), hand);
    // Version 3, type 1: only hellos were lost.
    const lost = await guest.page.evaluate(() => window.lostOnTheWay);
    assert.ok(lost.length >= 1 && lost.every((h) => h[0] === 3 && h[1] === 1), JSON.stringify(lost));
    // The guest's first move is refused for want of a hello; the guest says
    // it again and sends the move once more, and nothing waits on it: every
    // click of the deal is taken (act fails on a lost one).
    const end = await playDealEverywhere(host.page, pages);
    assert.notEqual(end.phase, 'playing');
    await guest.page.waitForFunction(() => document.querySelector('#app').dataset.phase !== 'playing');
    assert.equal(movesBeforeHello(host).length, 1, `one move came before the hello: ${JSON.stringify(host.problems.warnings)}`);
    assert.doesNotMatch(await guest.page.locator('#message').innerText(), /refused/i, 'the guest was not told of a refusal');
  }, { content: `(${loseHellos})(true)` });
});

test('online: a guest\'s move its channel does not take is said, not shown on its way, and played when made again', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    // The guest's channel refuses the bytes of its first move (version 3,
    // type 2; the hello and anything else go through): `send` throws, as a
    // browser's may.
    const refuseFirstMove = () => {
      const send = RTCDataChannel.prototype.send;
      RTCDataChannel.prototype.send = function (data) {
        const head = Array.from(new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, 2));
        if (head[0] === 3 && head[1] === 2 && !window.moveRefused) {
          window.moveRefused = true;
          throw new DOMException('Failure to send data', 'OperationError');
        }
        return send.call(this, data);
      };
    };
    // The guest is a 360 px phone in Japanese: the words must fit there.
    const guest = await device(browser, server, guestPath(links[1], '?pace=0&lang=ja'), { width: 360, height: 800 }, refuseFirstMove);
    await ready(guest.page);
    await connect(host.page, 1, await join(guest.page, 'Guest B'));
    await guest.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const g = guest.page;
    const pages = [host.page, g];
    const notSent = /ホストに送れませんでした/;
    // The guest's turn: its first move, a card of its hand played (a call,
    // say Quack, would first open a chooser and send nothing).
    await untilGuestsTurn(host.page, g);
    const sel = await g.evaluate(() => {
      const card = document.querySelector('#app .seat.pos-bottom button.card.playable:not(.joker)');
      return card && `#app .seat.pos-bottom button.card[data-card="${card.dataset.card}"]`;
    });
    assert.ok(sel, 'the guest has a card to play');
    // Tapped where the card shows: its index corner (`humanMove`'s reason).
    const tap = { position: INDEX_CORNER };
    const hostMoves = (await host.page.evaluate(readTable)).moves;
    await g.click(sel, tap);
    // (Two waits: a click the table did not take is told from a message not shown.)
    await waitOrSay(g, pages, `the move of the click on ${sel} given to the channel`, () => window.moveRefused === true);
    await waitOrSay(g, pages, 'the words that the move was not sent', (words) => new RegExp(words).test(document.querySelector('#message').innerText), notSent.source);
    const shown = await g.evaluate(() => ({
      marked: document.querySelectorAll('#app .seat.pos-bottom .card.sent').length,
      waiting: document.querySelector('#app').dataset.waiting,
    }));
    assert.deepEqual(shown, { marked: 0, waiting: 'human' }, 'nothing is on its way; the person may play');
    assert.ok(await g.locator(sel).evaluate((c) => c.classList.contains('playable')), 'the same card may be played again');
    assert.equal(guest.problems.warnings.filter((w) => /a move not sent/.test(w)).length, 1, JSON.stringify(guest.problems.warnings));
    assert.equal((await host.page.evaluate(readTable)).moves, hostMoves, 'the host heard nothing');
    assert.ok(await g.evaluate(() => document.documentElement.scrollWidth <= 360), 'the message fits the phone');
    await screenshot(g, 'online-guest-move-not-sent-ja-360');
    // Played again: it goes, and the host plays it.
    await g.click(sel, tap);
    await waitOrSay(host.page, pages, "the host's table playing the move made again", (m) => Number(document.querySelector('#app').dataset.moves) > m, hostMoves);
    assert.doesNotMatch(await g.locator('#message').innerText(), notSent, 'the words go once the move is on its way');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
});
