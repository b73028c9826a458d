// A stranger who answers an invite first: whoever answers first takes the
// seat; the friend's own reply is then refused, saying that another device
// answered and to ask for a new invite; the host closes the stranger out of
// the connected seat with a new invite, or hands it to the computer. And a
// browser with no crypto randomness neither hosts nor joins, saying why.
// Each connected seat shows its verification code on the host's panel and
// the guest's table (the same on both when nobody is in between), and a
// device new to the seat is marked so.
// Pages in one headless Chromium, as tests/e2e/online.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, readTable } from './play-helpers.mjs';
import { act, connect, device, guestPath, hostGame, join, waitOrSay, withBrowser } from './online-helpers.mjs';
import { screenshot } from './harness.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

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

/** A device's page opens the invite `link` (a reload: only the fragment may differ). */
async function openInvite(page, server, link) {
  await page.goto(server.url + guestPath(link), { waitUntil: 'load' });
  await page.reload({ waitUntil: 'load' });
  await ready(page);
}

/** The host's panel: seat 1's code ("Code 482 019"), once shown, and whether it is marked new. */
async function panelCode(host, lang = 'en') {
  const code = host.page.locator('#invite-dialog[open] #seat-code-1');
  await code.waitFor({ timeout: 30_000 });
  const text = await code.innerText();
  assert.match(text, lang === 'en' ? /^Code \d{3} \d{3}$/ : /^確認コード \d{3} \d{3}$/);
  const digits = text.match(/\d{3} \d{3}/)[0];
  // Its accessible name says what it is, with the same digits.
  const named = await host.page.getByRole('note', { name: lang === 'en' ? /^Verification code of this connection: / : /^この接続の確認コード/ }).innerText();
  assert.equal(named, text);
  assert.match(await code.getAttribute('aria-label'), new RegExp(`${digits}$`));
  return { digits, isNew: (await host.page.locator('#invite-dialog[open] #seat-new-1').count()) === 1 };
}

/** A guest's table: its code, on the host's name plate (seat 0). */
async function tableCode(page, lang = 'en') {
  const badge = page.locator('.seat[data-seat="0"] .badge-code');
  await badge.waitFor({ timeout: 30_000 });
  const text = await badge.innerText();
  assert.match(text, lang === 'en' ? /^Code \d{3} \d{3}$/ : /^確認コード \d{3} \d{3}$/);
  assert.equal(await page.locator('.badge-code').count(), 1, "the code on the host's plate only");
  return text.match(/\d{3} \d{3}/)[0];
}

/** The code's badge is on the screen, not cut off by its edge. */
async function badgeOnScreen(page) {
  const box = await page.locator('.badge-code').boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the code's badge on the screen: ${JSON.stringify(box)}`);
}

test("online stranger: a stranger's seat is marked new with its own code; the friend, with a new invite, reads the host's code; back with its secret, it is not new", async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    // A stranger answers first, as "Ann": the seat is connected, marked new, with a code.
    const stranger = await answer(browser, server, links[1], 'Ann');
    await connect(host.page, 1, stranger.reply);
    await host.page.waitForSelector('#invite-dialog[open] #seat-new-1', { timeout: 30_000 });
    const seen = await panelCode(host);
    assert.equal(seen.isNew, true);
    assert.equal(await host.page.locator('#seat-new-1').innerText(), 'New device');
    assert.match(await host.page.locator('#code-hint').innerText(), /same code on both devices/);
    await screenshot(host.page, 'online-code-en-1280-host-stranger');
    // (The stranger's own connection is direct: its table shows the host's code.)
    assert.equal(await tableCode(stranger.d.page), seen.digits);
    // The friend's reply to the same invite is refused: its page shows no code.
    const friend = await answer(browser, server, links[1], 'Ann');
    await refused(host, friend.reply, 'answered already, by another device');
    assert.equal(await friend.d.page.locator('.badge-code').count(), 0, "a refused friend's page shows no code");
    // The host sends a new invite: the stranger is closed out, the code goes with it.
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="invited"]', { timeout: 30_000 });
    assert.equal(await host.page.locator('#seat-code-1, #seat-new-1, #code-hint').count(), 0, 'no code while the seat waits');
    const again = await host.page.locator('#invite-link-1').inputValue();
    assert.notEqual(again, links[1]);
    await waitOrSay(stranger.d.page, [host.page, stranger.d.page], 'the stranger told its host is gone', () => /connection to the host is lost/i.test(document.body.innerText));
    // The friend opens the new invite on its device and joins: the host's code is the friend's.
    await openInvite(friend.d.page, server, again);
    await connect(host.page, 1, await join(friend.d.page, 'Ann'));
    const friends = await panelCode(host);
    // (Its first time at the seat: new, like any seat's first guest.)
    assert.equal(friends.isNew, true);
    const onFriend = await tableCode(friend.d.page);
    assert.equal(onFriend, friends.digits, "the host's panel and the friend's table show the same code");
    assert.notEqual(friends.digits, seen.digits, "the stranger's code is not the friend's");
    await badgeOnScreen(friend.d.page);
    await screenshot(host.page, 'online-code-en-1280-host-friend');
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await screenshot(friend.d.page, 'online-code-en-1280-guest');
    // The friend's page reloads; the host sends a new invite, and the friend's
    // device, back with its secret, is not new. Its new connection has a code of its own, the same on both.
    await friend.d.page.reload({ waitUntil: 'load' });
    await ready(friend.d.page);
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="lost"]', { timeout: 30_000 });
    await host.page.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    await host.page.waitForSelector('#invite-dialog[open] fieldset[data-seat="1"][data-state="invited"]', { timeout: 30_000 });
    const third = await host.page.locator('#invite-link-1').inputValue();
    await openInvite(friend.d.page, server, third);
    await connect(host.page, 1, await join(friend.d.page, 'Someone Else'));
    await waitOrSay(host.page, [host.page, friend.d.page], 'the friend named as before', () => /Ann/.test(document.querySelector('#invite-dialog fieldset[data-seat="1"]').innerText));
    const back = await panelCode(host);
    assert.equal(back.isNew, false, 'a device back with its secret is not new');
    assert.equal(await tableCode(friend.d.page), back.digits);
    for (const d of [host, stranger.d, friend.d]) assert.deepEqual(d.problems.all(), []);
  });
});

test("online stranger: the code and the new device's mark in Japanese on a 360 px phone, the same code on both devices, and axe finds nothing", { timeout: 120_000 }, async () => {
  await withBrowser(async (server, browser) => {
    const phone = { width: 360, height: 740 };
    const host = await device(browser, server, '?pace=0&lang=ja', phone);
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const guest = await device(browser, server, guestPath(links[1], '?pace=0&lang=ja'), phone);
    await ready(guest.page);
    await connect(host.page, 1, await join(guest.page, 'アン'));
    await host.page.waitForSelector('#invite-dialog[open] #seat-new-1', { timeout: 30_000 });
    const seen = await panelCode(host, 'ja');
    assert.equal(await host.page.locator('#seat-new-1').innerText(), '初めての端末');
    await host.page.locator('#seat-code-1').scrollIntoViewIfNeeded();
    await screenshot(host.page, 'online-code-ja-360-host');
    await assertAxeClean(host.page, "the host's panel with a code (ja, 360)");
    assert.equal(await tableCode(guest.page, 'ja'), seen.digits);
    await badgeOnScreen(guest.page);
    assert.ok(await guest.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    await screenshot(guest.page, 'online-code-ja-360-guest');
    await assertAxeClean(guest.page, "the guest's table with its code (ja, 360)");
    for (const d of [host, guest]) assert.deepEqual(d.problems.all(), []);
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
