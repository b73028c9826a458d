// A stranger who answers an invite first: whoever answers first takes the
// seat; the friend's own reply is then refused, saying that another device
// answered and to ask for a new invite; the host closes the stranger out of
// the connected seat with a new invite, or hands it to the computer. And a
// browser with no crypto randomness neither hosts nor joins, saying why.
// Pages in one headless Chromium, as tests/e2e/online.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, readTable } from './play-helpers.mjs';
import { act, connect, device, guestPath, hostGame, join, waitOrSay, withBrowser } from './online-helpers.mjs';

const seatState = (host, state) => host.page.waitForSelector(`#invite-dialog[open] fieldset[data-seat="1"][data-state="${state}"]`, { timeout: 30_000 });

/** A device opens `link` and joins as `name`; returns it and its reply link. */
async function answer(browser, server, link, name, lang = 'en') {
  const d = await device(browser, server, guestPath(link, `?pace=0&lang=${lang}`));
  await ready(d.page);
  return { d, reply: await join(d.page, name) };
}

/** The host pastes `reply`: refused, in words that match `words` (a RegExp's source). */
async function refused(host, reply, words) {
  await host.page.fill('#reply-paste', reply);
  await host.page.click('#invite-dialog [data-net="take-reply"]');
  await waitOrSay(host.page, [host.page], `the reply box's words ${words}`, (w) => new RegExp(w).test(document.querySelector('#reply-error').innerText), words);
}

/** The record is withheld: the share dialog offers none while the game is on. */
async function recordWithheld(page) {
  await page.click('#share-tool');
  await page.waitForSelector('#share-dialog[open]');
  assert.equal(await page.locator('#record-text').count(), 0, 'no record while the game is on');
  assert.match(await page.locator('#share-dialog').innerText(), /once the game is over/);
}

test('online stranger: the first answer takes the seat, the friend is told why its reply is refused, and a new invite closes the stranger out', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    // A stranger answers first, under the friend's name: it holds the seat, seen by that name.
    const stranger = await answer(browser, server, links[1], 'Ann');
    await connect(host.page, 1, stranger.reply);
    await stranger.d.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
    // The friend's own reply: refused, saying another device answered and to ask for a new invite.
    const friend = await answer(browser, server, links[1], 'Ann');
    await refused(host, friend.reply, 'answered already, by another device.*ask the host for a new invite');
    // The stranger's reply again is named as taken, not as another device's.
    await refused(host, stranger.reply, 'reply is taken already');
    await seatState(host, 'connected');
    // The connected seat has a new invite and the computer on offer: a new invite closes the stranger out.
    await host.page.click('#invite-dialog fieldset[data-seat="1"][data-state="connected"] [data-net="reinvite"]');
    const field = host.page.locator('#invite-link-1');
    await field.waitFor({ timeout: 20_000 });
    const again = await field.inputValue();
    assert.notEqual(again, links[1]);
    await waitOrSay(stranger.d.page, [host.page, stranger.d.page], 'the stranger told its host is gone', () => /connection to the host is lost/i.test(document.body.innerText));
    // The friend takes the new invite; the stranger's old reply no longer fits it.
    await refused(host, stranger.reply, 'older invite');
    const back = await answer(browser, server, again, 'Ann');
    await connect(host.page, 1, back.reply);
    await back.d.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // A move or two by whoever is to play, both tables following.
    const pages = [host.page, back.d.page];
    for (let played = 0, i = 0; played < 2 && i < 200; i++) {
      let moved = false;
      for (const p of pages) {
        if ((await p.evaluate(readTable)).waiting === 'human' && (await act(p, pages.filter((o) => o !== p)))) {
          moved = true;
          played++;
          break;
        }
      }
      if (!moved) await host.page.waitForTimeout(40);
    }
    for (const d of [host, stranger.d, friend.d, back.d]) assert.deepEqual(d.problems.all(), []);
  });
});

test('online stranger: the host hands a connected friend\'s seat to the computer, the game goes on, and its record stays withheld', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const guest = await answer(browser, server, links[1], 'Someone');
    await connect(host.page, 1, guest.reply);
    await guest.d.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });
    await host.page.click('#invite-dialog fieldset[data-seat="1"][data-state="connected"] [data-net="computer"]');
    await seatState(host, 'computer');
    await waitOrSay(guest.d.page, [host.page, guest.d.page], 'the guest told its host is gone', () => /connection to the host is lost/i.test(document.body.innerText));
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    // The computer answers the host's moves.
    for (let i = 0; i < 4; i++) {
      await host.page.waitForFunction(() => document.querySelector('#app').dataset.waiting === 'human', null, { timeout: 10_000 });
      assert.ok(await act(host.page), 'the host has a card to play');
    }
    // No friend at the table now, but the game had one, who may be handed the seat back: no record.
    await recordWithheld(host.page);
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.d.problems.all(), []);
  });
});

test('online stranger: the refused friend\'s words in Japanese', async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=ja');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const first = await answer(browser, server, links[1], 'A', 'ja');
    await connect(host.page, 1, first.reply);
    const second = await answer(browser, server, links[1], 'B', 'ja');
    await refused(host, second.reply, '別の端末がすでに返信.*新しい招待を頼んで');
    for (const d of [host, first.d, second.d]) assert.deepEqual(d.problems.all(), []);
  });
});

/** Before the page's own code: the browser's crypto randomness refuses every call. */
function noRandomness() {
  Crypto.prototype.getRandomValues = function () {
    throw new Error('no randomness in this browser');
  };
}

test('online stranger: without crypto randomness the page neither hosts nor joins, and says why', async () => {
  await withBrowser(async (server, browser) => {
    // Hosting: the friend's seat goes to the computer, and the table says why.
    const host = await device(browser, server, '?pace=0&lang=en', undefined, noRandomness);
    await ready(host.page);
    await host.page.click('#new-game');
    await host.page.waitForSelector('#new-game-dialog[open]');
    await host.page.check('#new-game-dialog input[name=game][value="two-player"]');
    await host.page.selectOption('#new-game-dialog select[data-seat="1"]', 'friend');
    await host.page.click('#start-game');
    await waitOrSay(host.page, [host.page], 'the words that online play needs randomness', () => /needs this browser's secure randomness/.test(document.querySelector('#message')?.innerText ?? ''));
    assert.equal(await host.page.locator('#invite-dialog[open]').count(), 0, 'no invite made');
    assert.equal(await host.page.locator('#invite-link-1').count(), 0);

    // Joining: a real invite (from a host with randomness), opened where there is none.
    const real = await device(browser, server, '?pace=0&lang=en');
    await ready(real.page);
    const links = await hostGame(real.page, 'two-player', ['human', 'friend']);
    const guest = await device(browser, server, guestPath(links[1]), undefined, noRandomness);
    await ready(guest.page);
    await waitOrSay(guest.page, [guest.page], 'the words that online play needs randomness', () => /cannot host or join/.test(document.querySelector('#message')?.innerText ?? ''));
    assert.equal(await guest.page.locator('#join-dialog[open]').count(), 0, 'no join page');
    for (const d of [host, real, guest]) assert.deepEqual(d.problems.all(), []);
  });
});
