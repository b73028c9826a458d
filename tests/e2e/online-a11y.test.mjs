// Everyone can play online: axe-core finds no serious or critical violation
// on the host's invite dialog, the guest's join dialog and reply, and both
// tables with a friend, in English (desktop) and Japanese (a 360 px phone);
// a friend's seat that waits says so in a sentence of its own; every name
// plate of a partnership table with friends' seats fits a 360 px phone; and
// the whole online flow, from the invite to a finished deal, works with the
// keyboard alone. Two pages in one headless Chromium, connected by a real
// WebRTC data channel on this machine, as in online.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './harness.mjs';
import { describe, device, guestPath, hostGame, withBrowser } from './online-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';
import { nextClick, ready, readTable, state, waitForTurn } from './play-helpers.mjs';

/** The path of an invite link on this server, in `lang` (an invite leaves the language to each device). */
function invitePath(link, lang) {
  return guestPath(link, `?pace=0&lang=${lang}`);
}

/** What has the keyboard focus. */
function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    return {
      id: a?.id ?? '',
      tag: a?.tagName,
      cls: a?.className ?? '',
      net: a?.dataset?.net ?? null,
      inHand: !!a?.closest('.seat.pos-bottom .hand.up'),
      inDialog: a?.closest('dialog')?.id ?? null,
    };
  });
}

/** Presses Tab until `selector` has the focus (at most 40 times). */
async function tabTo(page, selector) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** The label a field is named by (its <label for>), or '' when it has none. */
function labelOf(page, id) {
  return page.evaluate((i) => {
    const field = document.getElementById(i);
    return [...(field?.labels ?? [])].map((l) => l.innerText.trim()).join(' ');
  }, id);
}

/** Every name plate lies within the screen's width. Returns the ones that do not. */
function platesOutside(page) {
  return page.evaluate(() => [...document.querySelectorAll('.seat .plate')]
    .map((p) => ({ seat: p.closest('.seat').dataset.seat, text: p.innerText.replace(/\s+/g, ' '), box: p.getBoundingClientRect() }))
    .filter(({ box }) => box.left < -0.5 || box.right > window.innerWidth + 0.5)
    .map(({ seat, text, box }) => `seat ${seat} (${text}): ${Math.round(box.left)} to ${Math.round(box.right)} px`));
}

/** The host plays its own turns (by clicks) until a friend's seat is to play. */
async function untilFriendsTurn(page) {
  for (let i = 0; i < 40; i++) {
    const s = await page.evaluate(readTable);
    if (s.waiting === 'computer') return s;
    const sel = await page.evaluate(nextClick);
    if (sel) await page.click(sel);
    await page.waitForFunction((m) => Number(document.querySelector('#app').dataset.moves) !== m
      || document.querySelector('#app').dataset.waiting !== 'human', s.moves);
  }
  throw new Error('the friend\'s seat never came to play');
}

/** The host's table while a friend's seat is empty: the first deal waits. */
const FIRST_DEAL_WAITS = {
  en: 'The first deal is dealt once every friend has taken their seat.',
  ja: '友だち全員が席に着いてから最初のディールを配ります。',
};

for (const [lang, viewport] of [['en', { width: 1280, height: 800 }], ['ja', { width: 360, height: 740 }]]) {
  test(`online screens: axe finds nothing serious, fields are labelled, a waiting seat is said in its own sentence (${lang}, ${viewport.width} px)`, { timeout: 180_000 }, async () => {
    await withBrowser(async (server, browser) => {
      const host = await device(browser, server, `?pace=0&lang=${lang}`, viewport);
      await ready(host.page);
      const check = async (page, name) => {
        await screenshot(page, `online-a11y-${lang}-${viewport.width}-${name}`);
        await assertAxeClean(page, `${name} (${lang}, ${viewport.width} px)`);
      };
      const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
      await host.page.waitForSelector('#invite-dialog svg.qr');
      assert.equal(await labelOf(host.page, 'invite-link-1'), { en: 'Invite link', ja: '招待リンク' }[lang]);
      assert.ok(await labelOf(host.page, 'reply-paste'), 'the reply box is labelled');
      await check(host.page, 'invite');

      // The table while the friend's seat waits: the seat's state has its
      // own word on the plate, and the first deal waiting for it its own
      // sentence in the action bar.
      await host.page.keyboard.press('Escape');
      await host.page.waitForSelector('#invite-dialog', { state: 'hidden' });
      assert.equal(await host.page.locator('#message').innerText(), FIRST_DEAL_WAITS[lang]);
      assert.equal(
        await host.page.locator('.seat[data-seat="1"] .badge-away').innerText(),
        { en: 'WAITING', ja: '待機中' }[lang],
      );
      assert.deepEqual(await platesOutside(host.page), []);
      await check(host.page, 'host-table-waiting');

      const guest = await device(browser, server, invitePath(links[1], lang), viewport);
      await ready(guest.page);
      await guest.page.waitForSelector('#join-dialog[open]');
      assert.ok(await labelOf(guest.page, 'guest-name'), 'the name field is labelled');
      await check(guest.page, 'join');
      await guest.page.fill('#guest-name', 'Aiko');
      await guest.page.click('#join');
      const replyField = guest.page.locator('#reply-link');
      await replyField.waitFor({ timeout: 20_000 });
      assert.equal(await labelOf(guest.page, 'reply-link'), { en: 'Your reply link', ja: 'あなたの返信リンク' }[lang]);
      await check(guest.page, 'reply');

      await host.page.click('#invites-btn');
      await host.page.waitForSelector('#invite-dialog[open]');
      await host.page.fill('#reply-paste', await replyField.inputValue());
      await host.page.click('#invite-dialog [data-net="take-reply"]');
      await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
      await check(host.page, 'invite-connected');
      await host.page.click('#invite-dialog [data-action="close-dialog"]');

      // Both tables with a friend: the friend's turn (the host's table waited for it).
      await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
      await untilFriendsTurn(host.page);
      await host.page.waitForFunction(() => document.querySelector('#status').innerText.includes('Aiko'));
      assert.equal(await host.page.locator('.seat[data-seat="1"] .badge-away').count(), 0, 'no "waiting" once connected');
      // (A chosen name always beside what its player is: no name passes for the host.)
      assert.equal(await host.page.locator('.seat[data-seat="1"] .player').innerText(), { en: 'Friend · Aiko', ja: '友だち · Aiko' }[lang]);
      await check(host.page, 'host-table');
      await guest.page.waitForSelector('#app[data-waiting="human"]');
      assert.deepEqual(await platesOutside(guest.page), []);
      await check(guest.page, 'guest-table');
      assert.deepEqual(host.problems.all(), []);
      assert.deepEqual(guest.problems.all(), []);
    });
  });
}

for (const lang of ['en', 'ja']) {
  test(`a 360 px phone: the host's partnership table with friends' seats keeps every name plate on the screen (${lang})`, { timeout: 120_000 }, async () => {
    await withBrowser(async (server, browser) => {
      const phone = { width: 360, height: 740 };
      const host = await device(browser, server, `?pace=0&lang=${lang}`, phone);
      await ready(host.page);
      const links = await hostGame(host.page, 'partnership', ['human', 'friend', 'normal', 'friend']);
      await host.page.click('#invite-dialog [data-action="close-dialog"]');
      await host.page.waitForSelector('#invite-dialog', { state: 'hidden' });
      // Both friends' seats wait (a long state on their plates).
      assert.equal(await host.page.locator('.seat .badge-away').count(), 2);
      await screenshot(host.page, `online-plates-${lang}-360-waiting`);
      assert.deepEqual(await platesOutside(host.page), [], 'the name plates while the friends\' seats wait');
      assert.ok(await host.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');

      // West's friend joins with a long name.
      const guest = await device(browser, server, invitePath(links[1], lang), phone);
      await ready(guest.page);
      await guest.page.waitForSelector('#join-dialog[open]');
      await guest.page.fill('#guest-name', 'Bartholomew Featherstone');
      await guest.page.click('#join');
      const reply = guest.page.locator('#reply-link');
      await reply.waitFor({ timeout: 20_000 });
      await host.page.click('#invites-btn');
      await host.page.fill('#reply-paste', await reply.inputValue());
      await host.page.click('#invite-dialog [data-net="take-reply"]');
      await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
      // The first deal waits for East's friend too, who joins.
      const east = await device(browser, server, invitePath(links[3], lang), phone);
      await ready(east.page);
      await east.page.waitForSelector('#join-dialog[open]');
      await east.page.fill('#guest-name', 'Eve');
      await east.page.click('#join');
      const eastReply = east.page.locator('#reply-link');
      await eastReply.waitFor({ timeout: 20_000 });
      await host.page.fill('#reply-paste', await eastReply.inputValue());
      await host.page.click('#invite-dialog [data-net="take-reply"]');
      await host.page.waitForSelector('#invite-dialog fieldset[data-seat="3"][data-state="connected"]', { timeout: 30_000 });
      await host.page.click('#invite-dialog [data-action="close-dialog"]');
      await host.page.waitForFunction(() => document.querySelector('.seat[data-seat="1"]').textContent.includes('Bartholomew'));
      await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
      await screenshot(host.page, `online-plates-${lang}-360-host`);
      await screenshot(guest.page, `online-plates-${lang}-360-guest`);
      assert.deepEqual(await platesOutside(host.page), [], 'the host\'s name plates with a friend connected');
      assert.deepEqual(await platesOutside(guest.page), [], 'the guest\'s name plates');
      assert.deepEqual(host.problems.all(), []);
      assert.deepEqual(guest.problems.all(), []);
      assert.deepEqual(east.problems.all(), []);
    });
  });
}

/** Presses `key` and waits until the table took a move (or the chooser opened). */
async function pressAndWaitMove(page, key) {
  const before = (await state(page)).moves;
  await page.keyboard.press(key);
  await page.waitForFunction((b) => Number(document.querySelector('#app').dataset.moves) !== b
    || document.querySelector('#chooser:not([hidden])'), before, { timeout: 15_000 });
}

/** One move with the keyboard alone: Q to quack, D to say Duck, else the arrow keys to a playable card and Enter. */
async function keyboardMove(page, who) {
  if (await page.locator('#quack').isVisible()) {
    await pressAndWaitMove(page, 'q');
  } else if (await page.locator('#duck').isVisible() && (await page.locator('#app .seat.pos-bottom button.card.playable').count()) === 0) {
    await pressAndWaitMove(page, 'd');
  } else {
    const f = await focused(page);
    assert.ok(f.inHand, `at ${who}'s turn the focus is in the hand, not on ${JSON.stringify(f)}`);
    for (let i = 0; i < 30 && !(await focused(page)).cls.includes('playable'); i++) await page.keyboard.press('ArrowRight');
    assert.ok((await focused(page)).cls.includes('playable'), 'an arrow key reaches a playable card');
    await pressAndWaitMove(page, 'Enter');
  }
  // Several quack cards or a led Duck: the chooser takes the focus, Enter picks.
  if (await page.locator('#chooser:not([hidden])').count()) {
    const f = await focused(page);
    assert.ok(/\b(suit-)?choice\b/.test(f.cls), `the chooser has the focus: ${JSON.stringify(f)}`);
    const before = (await state(page)).moves;
    await page.keyboard.press('Enter');
    await page.waitForFunction((b) => Number(document.querySelector('#app').dataset.moves) !== b, before, { timeout: 15_000 });
  }
}

test('the whole online flow by keyboard alone: invite, join, reply, and a two-player deal on both devices', { timeout: 240_000 }, async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en');
    const h = host.page;
    await ready(h);
    await waitForTurn(h);

    // New game, North played by a friend on another device, Start.
    await tabTo(h, '#new-game');
    await h.keyboard.press('Enter');
    await h.waitForSelector('#new-game-dialog[open]');
    assert.equal((await focused(h)).inDialog, 'new-game-dialog', 'the focus moves into the dialog');
    await tabTo(h, 'input[name=game]:checked');
    for (let i = 0; i < 3 && !(await h.isChecked('input[name=game][value="two-player"]')); i++) await h.keyboard.press('ArrowRight');
    await tabTo(h, '#new-game-dialog select[data-seat="1"]');
    for (let i = 0; i < 8 && (await h.inputValue('#new-game-dialog select[data-seat="1"]')) !== 'friend'; i++) {
      await h.keyboard.press('ArrowUp');
    }
    assert.equal(await h.inputValue('#new-game-dialog select[data-seat="1"]'), 'friend');
    await tabTo(h, '#start-game');
    await h.keyboard.press('Enter');

    // Online play's page: the invite dialog opens with the focus in it, and keeps it as the invite comes.
    await h.waitForSelector('#invite-dialog[open]');
    await ready(h);
    const field = h.locator('#invite-link-1');
    await field.waitFor({ timeout: 20_000 });
    assert.equal((await focused(h)).inDialog, 'invite-dialog', 'the focus is in the invite dialog');
    await tabTo(h, '#invite-link-1');
    await tabTo(h, '#invite-link-1-copy');
    // (The chat: the link is sent to the friend.)
    const invite = await field.inputValue();

    // The friend opens it: the name field has the focus; Tab to Join, Enter.
    const guest = await device(browser, server, invitePath(invite, 'en'));
    const g = guest.page;
    await ready(g);
    await g.waitForSelector('#join-dialog[open]');
    assert.equal((await focused(g)).id, 'guest-name', 'the join dialog opens on the name field');
    await g.keyboard.type('Aiko');
    // Esc cannot leave the guest with nothing on the screen: the join page
    // is all there is until the host's table comes. It opens again, as typed.
    await g.keyboard.press('Escape');
    await g.waitForFunction(() => document.querySelector('#join-dialog').open
      && document.activeElement?.closest('#join-dialog'));
    assert.equal(await g.inputValue('#guest-name'), 'Aiko');
    await tabTo(g, '#join');
    await g.keyboard.press('Enter');
    // The reply link takes the focus when it comes.
    await g.waitForSelector('#reply-link');
    await g.waitForFunction(() => document.activeElement?.closest('#join-dialog'));
    assert.equal((await focused(g)).id, 'reply-link', 'the reply link has the focus');
    await tabTo(g, '#reply-link-copy');
    const reply = await g.inputValue('#reply-link');

    // The host pastes the reply, Tab to Connect, Enter; Esc closes the dialog.
    await tabTo(h, '#reply-paste');
    await h.keyboard.insertText(reply);
    await tabTo(h, '#invite-dialog [data-net="take-reply"]');
    await h.keyboard.press('Enter');
    await h.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
    assert.equal((await focused(h)).inDialog, 'invite-dialog', 'the focus stays in the dialog while it changes');
    await h.keyboard.press('Escape');
    await h.waitForSelector('#invite-dialog', { state: 'hidden' });
    await g.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
    await g.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');

    // A whole deal, each device playing its turns by keys.
    const moves = { host: 0, guest: 0 };
    for (let i = 0; i < 400; i++) {
      const hs = await h.evaluate(readTable);
      if (hs.phase !== 'playing') break;
      const gs = await g.evaluate(readTable);
      // (A move not taken says where both pages stood.)
      const where = async (e) => {
        throw new Error(`${e.message.split('\n')[0]}; the pages stand at ${JSON.stringify(await describe([h, g]))}`);
      };
      if (hs.waiting === 'human') {
        await keyboardMove(h, 'the host').catch(where);
        moves.host++;
      } else if (gs.waiting === 'human') {
        await keyboardMove(g, 'the guest').catch(where);
        moves.guest++;
      } else {
        await h.waitForTimeout(40);
      }
    }
    const end = await h.evaluate(readTable);
    // (A deal of random cards may end the game too: its scores can pass the target.)
    assert.ok(['deal-over', 'game-over'].includes(end.phase), `the deal ended: ${JSON.stringify(end)}`);
    assert.ok(moves.host > 5 && moves.guest > 5, `both played by keys: ${JSON.stringify(moves)}`);
    const [panel, next] = end.phase === 'deal-over' ? ['#deal-end', 'next-deal'] : ['#game-over', 'play-again'];
    await h.waitForSelector(`${panel}:not([hidden])`);
    await g.waitForSelector(`#app[data-phase="${end.phase}"]`, { timeout: 15_000 });
    // The host's Next deal (or Play again) has the focus: Enter deals again, and the guest's table follows.
    assert.equal((await focused(h)).id, next);
    // The guest's panel offers no next step of its own (the host deals), and the focus is not moved to it.
    assert.equal(await g.locator('#next-deal, #play-again, #deal-end-share, #game-over-share').count(), 0, 'no Next deal, Play again or Share on the guest\'s page');
    await screenshot(h, 'online-keys-host-deal-over');
    await screenshot(g, 'online-keys-guest-deal-over');
    await h.keyboard.press('Enter');
    await h.waitForSelector('#app[data-phase="playing"]');
    await g.waitForSelector('#app[data-phase="playing"]', { timeout: 15_000 });
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  });
});
