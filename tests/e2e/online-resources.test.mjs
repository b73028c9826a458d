// Online play's resources are bounded: a guest connected and dropped again
// and again leaves no RTCPeerConnection alive on the host; the reply hand-off
// (a BroadcastChannel any page of the origin may post on) listens only while
// a seat waits for a reply and takes a few replies a second; a guest's
// oversized messages are dropped before the host copies them. Two pages in
// one headless Chromium, as tests/e2e/online.test.mjs (its helpers copied).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, readTable } from './play-helpers.mjs';
import { act, connect, device, guestPath, hostGame as hostTwoPlayer, join, withBrowser } from './online-helpers.mjs';

/** The browser for these tests: --expose-gc, as the test collects garbage itself before counting what lives. */
const GC = { args: ['--js-flags=--expose-gc'] };

/** The host starts a two-player game with a friend at seat 1; returns the invite link. */
async function hostGame(page) {
  return (await hostTwoPlayer(page, 'two-player', ['human', 'friend']))[1];
}

/** The invite link the host's open dialog shows for seat 1, once made (another than `old`). */
async function newInvite(page, old) {
  await page.waitForFunction(
    (o) => { const f = document.querySelector('#invite-link-1'); return f && f.value && f.value !== o; },
    old,
    { timeout: 20_000 },
  );
  const link = await page.locator('#invite-link-1').inputValue();
  assert.match(link, /#j=[A-Za-z0-9_-]+$/);
  return link;
}

/** A guest on a page (and storage) of its own takes the invite `link` and connects. */
async function guestConnects(browser, server, host, link, name, init) {
  const guest = await device(browser, server, guestPath(link), undefined, init);
  await ready(guest.page);
  await connect(host.page, 1, await join(guest.page, name));
  return guest;
}

/** The guest's device goes away; the host sees the seat lost and makes a new invite. */
async function dropAndReinvite(host, guest, link) {
  // (Leaving the page first closes its connection at once: the host hears
  // of it in a moment rather than when the connection times out.)
  await guest.page.goto('about:blank');
  await guest.context.close();
  await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
  await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
  return newInvite(host.page, link);
}

/**
 * Before the page's own code runs: every RTCPeerConnection made is counted
 * through a WeakRef (a subclass, so that `instanceof RTCPeerConnection`,
 * which the page's bindings check, still holds).
 */
function countPeers() {
  const made = [];
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) {
      super(...args);
      made.push(new WeakRef(this));
    }
  };
  window.__peersMade = () => made.length;
  /** The connections still alive after a few rounds of garbage collection (with turns of the event loop between, for finalizers). */
  window.__peersAlive = async () => {
    for (let i = 0; i < 5; i++) {
      window.gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    return made.filter((w) => w.deref() !== undefined).length;
  };
}

test('online resources: a guest connected and dropped 50 times leaves no RTCPeerConnection alive on the host', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en', undefined, countPeers);
    await ready(host.page);
    let link = await hostGame(host.page);
    // One connection: the invite's.
    const before = await host.page.evaluate(() => window.__peersAlive());
    assert.equal(before, 1, 'the invite has its connection');
    const rounds = 50;
    for (let i = 0; i < rounds; i++) {
      const guest = await guestConnects(browser, server, host, link, `Guest ${i}`);
      link = await dropAndReinvite(host, guest, link);
    }
    assert.equal(await host.page.evaluate(() => window.__peersMade()), rounds + 1, 'a connection for each invite');
    // Freed: only the current invite's connection is left. (A finalizer may
    // free a callback, and so a connection, a round later: a few tries.)
    let alive;
    for (let i = 0; i < 10; i++) {
      alive = await host.page.evaluate(() => window.__peersAlive());
      if (alive <= before) break;
    }
    assert.equal(alive, before, `connections alive on the host after ${rounds} guests came and went`);
    // And the seat still works: a guest connects to the current invite.
    const last = await guestConnects(browser, server, host, link, 'Last');
    await last.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(last.problems.all(), []);
  }, GC);
});

test('online resources: a guest who joins again after losing the host keeps only its new connection', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const link = await hostGame(host.page);
    const guest = await guestConnects(browser, server, host, link, 'Guest', countPeers);
    const g = guest.page;
    await g.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    assert.equal(await g.evaluate(() => window.__peersMade()), 1);
    // The host's page goes away: the guest is told, and may join again.
    await host.page.goto('about:blank');
    await g.waitForSelector('#join-dialog[open] #join', { timeout: 30_000 });
    assert.match(await g.locator('#join-dialog').innerText(), /connection to the host is lost/i);
    const reply = await join(g, 'Guest');
    assert.match(reply, /#r=[A-Za-z0-9_-]+$/);
    assert.equal(await g.evaluate(() => window.__peersMade()), 2, 'a new connection for the new reply');
    // The lost connection is freed; the new reply's lives on.
    let alive;
    for (let i = 0; i < 10; i++) {
      alive = await g.evaluate(() => window.__peersAlive());
      if (alive <= 1) break;
    }
    assert.equal(alive, 1, "connections alive on the guest's page");
    assert.deepEqual(guest.problems.all(), []);
  }, GC);
});

/**
 * A page of the host's origin that is not the game (it shares the host's
 * BroadcastChannels): collects whatever is posted on the hand-off's channel.
 */
async function otherPage(host, server) {
  const page = await host.context.newPage();
  await page.route('**/other-page.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>another page</title>' }));
  await page.goto(`${server.url}other-page.html`);
  await page.evaluate(() => {
    window.__channel = new BroadcastChannel('duck-soup-replies');
    window.__answers = [];
    window.__channel.onmessage = (e) => window.__answers.push(String(e.data));
  });
  return page;
}

/** Posts `n` replies on the hand-off (at once), waits `ms`, and returns the table's answers heard meanwhile. */
function postReplies(page, n, ms) {
  return page.evaluate(async ([n, ms]) => {
    const from = window.__answers.length;
    for (let i = 0; i < n; i++) window.__channel.postMessage(`reply:not-a-reply-${i}`);
    await new Promise((r) => setTimeout(r, ms));
    return window.__answers.slice(from);
  }, [n, ms]);
}

test('online resources: the reply hand-off listens only while a seat waits, and a flood of replies is taken a few a second', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    let link = await hostGame(host.page);
    const other = await otherPage(host, server);

    // The seat waits for a reply: a reply handed over is answered (refused: it is not one).
    const one = await postReplies(other, 1, 1500);
    assert.equal(one.length, 1, `one answer: ${JSON.stringify(one)}`);
    assert.match(one[0], /^no:.*cannot be used/);

    // A flood from the other page: 500 replies at once. The table takes a
    // few (each answered), drops the rest, and stays responsive meanwhile.
    await new Promise((r) => setTimeout(r, 2000)); // (the limit refilled)
    // (The host's tab in front: a background tab draws a frame a second at most.)
    await host.page.bringToFront();
    const flood = postReplies(other, 500, 3000);
    const started = Date.now();
    const frames = await host.page.evaluate(async () => {
      const gaps = [];
      let last = performance.now();
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      return gaps;
    });
    const answers = await flood;
    const seconds = (Date.now() - started) / 1000;
    assert.ok(answers.length >= 1, 'the flood is heard');
    assert.ok(answers.length <= 3 + 2 * Math.ceil(seconds), `a few replies a second taken: ${answers.length} in ${seconds.toFixed(1)} s`);
    assert.ok(Math.max(...frames) < 1000, `the host's page kept drawing frames: ${frames.map(Math.round).join(' ')} ms`);
    // Nothing changed: the same invite is out, the seat still waits.
    assert.equal(await host.page.locator('#invite-link-1').inputValue(), link);
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="invited"]');

    // A guest connects: no seat waits, so the table does not listen at all.
    const guest = await guestConnects(browser, server, host, link, 'Guest');
    await new Promise((r) => setTimeout(r, 2000)); // (a limit, if it listened, would have refilled)
    assert.deepEqual(await postReplies(other, 5, 1500), [], 'no answer while no seat waits');
    // The guest goes away: the seat is lost (not yet waiting: still no answer)...
    await guest.page.goto('about:blank');
    await guest.context.close();
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
    assert.deepEqual(await postReplies(other, 5, 1500), [], 'no answer while the seat is lost');
    // ...until the host makes a new invite: the seat waits, the table listens again.
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    link = await newInvite(host.page, link);
    const again = await postReplies(other, 1, 1500);
    assert.equal(again.length, 1, `answered again: ${JSON.stringify(again)}`);

    // A real reply opened in another tab of the host's browser is handed
    // over: the tab says so, and the seat connects.
    const second = await device(browser, server, guestPath(link));
    await ready(second.page);
    const replyLink = await join(second.page, 'Second');
    const tab = await host.context.newPage();
    await tab.goto(replyLink, { waitUntil: 'load' });
    await tab.waitForSelector('#net-notice', { timeout: 30_000 });
    assert.match(await tab.locator('#net-notice').innerText(), /reply is with your table/);
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
    await second.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(second.problems.all(), []);
  }, GC);
});

/**
 * Before the guest's page runs: keeps the data channel it gets, to speak
 * through it as a tampering guest would, and what the host sends on it.
 */
function tapChannels() {
  window.__channels = [];
  window.__heard = [];
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener('datachannel', (e) => {
        window.__channels.push(e.channel);
        e.channel.addEventListener('message', (m) => {
          if (m.data instanceof ArrayBuffer) window.__heard.push([...new Uint8Array(m.data)]);
        });
      });
    }
  };
}

test('online resources: a guest\'s oversized messages are dropped before the host copies them, and the game goes on', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en', undefined, countPeers);
    await ready(host.page);
    const link = await hostGame(host.page);
    const guest = await guestConnects(browser, server, host, link, 'Guest', tapChannels);
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    // Messages of 200 KB (a data channel carries up to 256 KB), binary and text.
    await guest.page.evaluate(async () => {
      const ch = window.__channels[0];
      for (let i = 0; i < 10; i++) {
        ch.send(new Uint8Array(200_000).fill(1));
        ch.send('x'.repeat(200_000));
      }
      // Then pings (in the host's version) until one is answered: a pong,
      // on the ordered channel, says the host has had every message before
      // its ping. (The first pings may fall to the flood limit the big
      // messages used up: a ping a quarter second, as it refills.)
      const v = window.__heard.find((m) => m[1] === 0x11)[0];
      for (let i = 0; i < 120 && !window.__heard.some((m) => m[1] === 0x13); i++) {
        ch.send(new Uint8Array([v, 3, 77]));
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    assert.ok(await guest.page.evaluate(() => window.__heard.some((m) => m[1] === 0x13)), 'the host answered a ping after the big messages');
    // The first was dropped by its length, before the page copied it (the
    // host says the first drop of a connection on the console; a message
    // copied and then read would be refused in other words).
    const dropped = host.problems.warnings.filter((w) => /a guest's message dropped/.test(w));
    assert.equal(dropped.length, 1, JSON.stringify(host.problems.warnings));
    assert.match(dropped[0], /a message of 200000 bytes \(at most 16384\), dropped before it was copied/);
    // The guest is still the seat's, and the game goes on: whoever is to
    // play makes a move, and both tables show it.
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]');
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const moves = (p) => p.evaluate(() => Number(document.querySelector('#app').dataset.moves));
    const [hostBefore, guestBefore] = [await moves(host.page), await moves(guest.page)];
    let played = false;
    for (let i = 0; i < 100 && !played; i++) {
      for (const p of [host.page, guest.page]) {
        if ((await p.evaluate(readTable)).waiting === 'human' && (await act(p))) {
          played = true;
          break;
        }
      }
      if (!played) await host.page.waitForTimeout(50);
    }
    assert.ok(played, 'a move was made');
    await host.page.waitForFunction((n) => Number(document.querySelector('#app').dataset.moves) > n, hostBefore);
    await guest.page.waitForFunction((n) => Number(document.querySelector('#app').dataset.moves) > n, guestBefore);
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  }, GC);
});
