// The whole game without a mouse: a deal played with the keyboard alone
// (arrow keys through the hand, Enter to play, Q to quack, D to say Duck,
// Enter in the Duck-suit chooser), the help and the new-game dialog opened and
// closed from the keyboard, focus kept inside panels and given back after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, state, waitForTurn } from './play-helpers.mjs';

/** What has the keyboard focus: id, classes, card. */
function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    return { id: a?.id ?? '', cls: a?.className ?? '', card: a?.dataset?.card ?? null, tag: a?.tagName, inHand: !!a?.closest('.seat.pos-bottom .hand.up'), inDialog: a?.closest('dialog')?.id ?? null, inOverlay: a?.closest('.overlay')?.id ?? null };
  });
}

/** Presses Tab until `selector` has the focus (at most 40 times). */
async function tabTo(page, selector) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function pressAndWaitMove(page, key) {
  const before = (await state(page)).moves;
  await page.keyboard.press(key);
  await page.waitForFunction((b) => Number(document.querySelector('#app').dataset.moves) !== b || document.querySelector('#chooser:not([hidden])'), before, { timeout: 10_000 });
}

/** One move with the keyboard only. Returns what it did. */
async function keyboardMove(page, did) {
  if (await page.locator('#quack').isVisible()) {
    did.quacks++;
    await pressAndWaitMove(page, 'q');
  } else if (await page.locator('#duck').isVisible() && (await page.locator('#app .seat.pos-bottom button.card.playable').count()) === 0) {
    did.ducks++;
    await pressAndWaitMove(page, 'd');
  } else {
    // A dimmed card explains itself instead of doing nothing (once).
    const f0 = await focused(page);
    assert.ok(f0.inHand, `focus should be in the hand, is on ${JSON.stringify(f0)}`);
    if (!did.explained && (await page.locator('#app .seat.pos-bottom button.card.dimmed').count()) > 0) {
      for (let i = 0; i < 20 && !(await focused(page)).cls.includes('dimmed'); i++) await page.keyboard.press('ArrowRight');
      const before = (await state(page)).moves;
      await page.keyboard.press('Enter');
      await page.waitForSelector('#message:not([hidden])');
      did.explained = await page.locator('#message').innerText();
      assert.equal((await state(page)).moves, before, 'a dimmed card is not played');
    }
    // Arrow keys to the first playable card, then Enter.
    for (let i = 0; i < 30; i++) {
      const f = await focused(page);
      if (f.cls.includes('playable')) break;
      await page.keyboard.press('ArrowRight');
    }
    const f = await focused(page);
    assert.ok(f.cls.includes('playable'), 'an arrow key reaches a playable card');
    if (!did.ring) {
      // The keyboard's ring is drawn around the card's whole face (by its
      // overlay, the face's shape), not the button's strip.
      did.ring = await page.evaluate(() => {
        const ring = getComputedStyle(document.activeElement, '::after');
        return { style: ring.outlineStyle, width: ring.outlineWidth };
      });
      assert.deepEqual(did.ring, { style: 'solid', width: '3px' }, 'the focused card shows the keyboard\'s ring');
    }
    await pressAndWaitMove(page, 'Enter');
    did.cards++;
  }
  // A led Duck or several quack cards: the chooser takes the focus; Enter picks.
  if (await page.locator('#chooser:not([hidden])').count()) {
    const f = await focused(page);
    assert.ok(f.cls.includes('suit-choice') || f.cls.includes('choice'), `the chooser has the focus: ${JSON.stringify(f)}`);
    const before = (await state(page)).moves;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction((b) => Number(document.querySelector('#app').dataset.moves) !== b, before);
    did.chosen++;
  }
}

async function keyboardDeal(page) {
  const did = { cards: 0, quacks: 0, ducks: 0, chosen: 0, explained: null };
  for (let guard = 0; guard < 300; guard++) {
    const s = await waitForTurn(page);
    if (s.phase !== 'playing') return did;
    await keyboardMove(page, did);
  }
  throw new Error('the deal did not end');
}

test('a whole two-player deal with the keyboard alone', { timeout: 120_000 }, async () => {
  await withPage({ path: '?pace=0&seed=keys-2' }, async ({ page, problems, screenshot }) => {
    await ready(page);
    await waitForTurn(page);
    // Focus starts in the hand, which is one tab stop (roving tabindex).
    const f = await focused(page);
    assert.ok(f.inHand, `focus starts in the hand: ${JSON.stringify(f)}`);
    const stops = await page.evaluate(() => [...document.querySelectorAll('.seat.pos-bottom .hand.up button.card')].map((b) => b.tabIndex));
    assert.equal(stops.filter((t) => t === 0).length, 1, 'one tab stop in the hand');
    await page.keyboard.press('ArrowRight');
    assert.notEqual((await focused(page)).card, f.card, 'ArrowRight moves to the next card');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await focused(page)).card, f.card, 'ArrowLeft comes back');
    await screenshot('keyboard-focus');

    // Help with "?", closed with Escape: focus comes back.
    await page.keyboard.press('?');
    await page.waitForSelector('#help-dialog[open]');
    assert.equal((await focused(page)).inDialog, 'help-dialog', 'focus moves into the help');
    // Its list of keys names every key the table answers, the take-back's too.
    assert.match(await page.locator('.help-keys').innerText(), /Ctrl\+Z \(⌘Z on a Mac\): take back/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#help-dialog', { state: 'hidden' });
    assert.ok((await focused(page)).inHand, 'focus returns to the hand');

    // The hint (H) explains and highlights.
    await page.keyboard.press('h');
    await page.waitForSelector('.hinted');
    assert.match(await page.locator('#message').innerText(), /^Hint: /);

    const did = await keyboardDeal(page);
    assert.ok(did.cards > 5, `cards played with Enter: ${JSON.stringify(did)}`);
    const s = await state(page);
    assert.ok(['deal-over', 'game-over'].includes(s.phase), `the deal ended: ${s.phase}`);
    await screenshot('keyboard-deal-over');
    if (s.phase === 'deal-over') {
      // The Next deal button has the focus: Enter deals again.
      assert.equal((await focused(page)).id, 'next-deal');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#app[data-phase="playing"]');
    }
    assert.deepEqual(problems.all(), []);
  });
});

test('a partnership deal with the keyboard: must-follow explained, quacks with Q', { timeout: 180_000 }, async () => {
  await withPage({ path: '?pace=0&seed=keys-4' }, async ({ page, problems }) => {
    await ready(page);
    // The new-game dialog from the keyboard.
    await tabTo(page, '#new-game');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#new-game-dialog[open]');
    assert.equal((await focused(page)).inDialog, 'new-game-dialog', 'focus moves into the dialog');
    await tabTo(page, 'input[name=game][value="partnership"], input[name=game]:checked');
    // Radio buttons: arrows choose.
    for (let i = 0; i < 3 && !(await page.evaluate(() => document.querySelector('input[name=game][value="partnership"]').checked)); i++) {
      await page.keyboard.press('ArrowRight');
    }
    await tabTo(page, '#start-game');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#new-game-dialog', { state: 'hidden' });
    assert.equal(await page.locator('#app').getAttribute('data-game'), 'partnership');
    const did = await keyboardDeal(page);
    assert.ok(did.explained, `a card that may not be played said why: ${JSON.stringify(did)}`);
    assert.match(did.explained, /must follow/);
    assert.deepEqual(problems.all(), []);
  });
});

test('overlays: the last trick keeps and gives back the focus', { timeout: 60_000 }, async () => {
  await withPage({ path: '?pace=0&seed=keys-r' }, async ({ page, problems }) => {
    await ready(page);
    const did = { cards: 0, quacks: 0, ducks: 0, chosen: 0, explained: 'skip' };
    while ((await state(page)).moves < 4) {
      await waitForTurn(page);
      await keyboardMove(page, did);
    }
    await tabTo(page, '#last-trick');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#review:not([hidden])');
    assert.equal((await focused(page)).inOverlay, 'review', 'focus moves into the review');
    const role = await page.evaluate(() => {
      const p = document.querySelector('#review .panel');
      return { role: p.getAttribute('role'), modal: p.getAttribute('aria-modal'), label: document.getElementById(p.getAttribute('aria-labelledby'))?.textContent };
    });
    assert.deepEqual(role, { role: 'dialog', modal: 'true', label: 'Last trick' });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).inOverlay, 'review', 'Tab stays inside');
    }
    // The trick's cards are named for screen readers (images with a label).
    const names = await page.locator('#review .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('role') === 'img' && c.getAttribute('aria-label')));
    assert.ok(names.length >= 2 && names.every((n) => /^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (clubs|diamonds|hearts|spades)$/.test(n)), names.join(', '));
    await page.keyboard.press('Escape');
    await page.waitForSelector('#review', { state: 'hidden' });
    assert.equal((await focused(page)).id, 'last-trick', 'focus returns to the button');
    assert.deepEqual(problems.all(), []);
  });
});
