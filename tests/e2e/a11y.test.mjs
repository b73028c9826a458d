// Accessibility: axe-core finds no serious or critical violation on any
// screen (the table of each game, the new-game dialog, help, settings, the
// last-trick review, the deal-over panel, game over, the pass-the-device
// screen, the walkthrough), in English and in Japanese. Screenshots of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, newGame, playDeal, humanMove, waitForTurn } from './play-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

for (const lang of ['en', 'ja']) {
  test(`axe: every screen is clean (${lang})`, { timeout: 240_000 }, async () => {
    await withPage({ path: `?pace=0&seed=a11y&lang=${lang}` }, async ({ page, problems, screenshot }) => {
      await ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      const check = async (name) => {
        await screenshot(`a11y-${lang}-${name}`);
        await assertAxeClean(page, `${name} (${lang})`);
      };
      await waitForTurn(page);
      await check('table-two-player');

      await page.click('#help-btn');
      await page.waitForSelector('#help-dialog[open] #help-rules p');
      await check('help');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#help-dialog', { state: 'hidden' });

      await page.click('#settings-btn');
      await page.waitForSelector('#settings-dialog[open]');
      await check('settings');
      await page.click('#settings-close');

      // The last trick, once one was played.
      for (let i = 0; i < 3; i++) {
        const s = await waitForTurn(page);
        if (s.phase !== 'playing') break;
        await humanMove(page);
      }
      await page.click('#last-trick');
      await page.waitForSelector('#review:not([hidden])');
      await check('last-trick');
      await page.keyboard.press('Escape');

      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      await check('new-game-dialog');
      await page.click('#new-game-dialog [data-action="cancel-dialog"]');

      await newGame(page, { game: 'three-player', seats: ['human', 'normal', 'normal'], seed: 'a11y-3' });
      await waitForTurn(page);
      await check('table-three-player');

      await newGame(page, { game: 'partnership', seats: ['human', 'normal', 'normal', 'normal'], seed: 'a11y-4' });
      await waitForTurn(page);
      await check('table-partnership');

      await newGame(page, { game: 'two-player', seats: ['human', 'human'], seed: 'a11y-pp' });
      await page.waitForSelector('#privacy:not([hidden])');
      await check('privacy');
      await page.click('#privacy-continue');

      // Three deals make a three-player game: the first ends in the deal-over panel.
      await newGame(page, { game: 'three-player', seats: ['human', 'normal', 'normal'], seed: 'a11y-deal' });
      await playDeal(page);
      await page.waitForSelector('#deal-end:not([hidden])');
      await check('deal-over');

      await newGame(page, { game: 'two-player', seats: ['human', 'normal'], preset: 'family', seed: 'a11y-over' });
      await playDeal(page);
      await page.waitForSelector('#game-over:not([hidden])');
      await check('game-over');
      await page.click('#play-again');

      await page.click('#help-btn');
      await page.click('#start-tutorial');
      await page.waitForSelector('#coach');
      await check('walkthrough');

      assert.deepEqual(problems.all(), []);
    });
  });
}

test('screen readers: cards named, hidden hands only counted, a polite log of the play', { timeout: 120_000 }, async () => {
  await withPage({ path: '?pace=0&seed=sr-1' }, async ({ page, problems }) => {
    await ready(page);
    await page.evaluate(() => {
      window.__said = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) window.__said.push(n.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: false });
    });
    await waitForTurn(page);
    // Each card of the hand is a button named like "ten of hearts": its
    // aria-label, and no text a screen reader would read besides (the face,
    // whose corners and centre show the rank, is aria-hidden).
    const names = await page.locator('.seat.pos-bottom .hand button.card').evaluateAll((bs) => bs.map((b) => {
      const w = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
      let text = '';
      for (let n = w.nextNode(); n; n = w.nextNode()) if (!n.parentElement.closest('[aria-hidden="true"]')) text += n.textContent;
      return { label: b.getAttribute('aria-label'), text: text.trim() };
    }));
    assert.ok(names.length === 13);
    for (const n of names) {
      assert.match(n.label, /^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (clubs|diamonds|hearts|spades)$/);
      assert.equal(n.text, '', `${n.label}: no text besides its name`);
    }
    // A face-up card is at most three elements (the card, its face, a court
    // card's centre or an Ace's mark), a face-down one a single element that
    // names nothing of its card.
    const sizes = await page.evaluate(() => [...document.querySelectorAll('.card')].map((c) => ({
      up: !c.classList.contains('back'),
      elements: 1 + c.querySelectorAll('*').length,
      identity: c.hasAttribute('data-card') || c.hasAttribute('aria-label') || c.textContent !== '',
    })));
    assert.ok(sizes.some((c) => !c.up) && sizes.some((c) => c.up));
    for (const c of sizes) {
      if (c.up) assert.ok(c.elements <= 3, `a face-up card of ${c.elements} elements`);
      else assert.deepEqual([c.elements, c.identity], [1, false], 'a face-down card');
    }
    // The other hand: a count, face down, and nothing more.
    const north = page.locator('.seat .hand.down').first();
    assert.equal(await north.getAttribute('role'), 'img');
    assert.match(await north.getAttribute('aria-label'), /^North's hand: 1[23] cards, face down$/);
    assert.equal((await north.textContent()).trim(), '');

    const region = page.locator('#announcer');
    assert.equal(await region.getAttribute('aria-live'), 'polite');
    const log = await playDeal(page);
    const said = await page.evaluate(() => [...window.__said].filter((t) => t && document.querySelector('#announcer')));
    const all = await page.evaluate(() => window.__said.join('\n'));
    assert.match(all, /North: (ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of \w+\./, 'plays are read out');
    assert.match(all, /South: \w+ of \w+\./, 'your own plays too');
    assert.match(all, /wins the trick/, 'trick winners');
    assert.match(all, /the Soup course begins/, 'the change of course');
    assert.match(all, /(Deal|Game) over\. .*(South|North).*\d/, 'the scores');
    if (log.quacks.length) assert.match(all, /Quack!/, 'quacks');
    assert.ok(said.length > 0);
    assert.deepEqual(problems.all(), []);
  });
});

for (const theme of ['dark', 'light']) {
  test(`axe: the ${theme} table with large cards, and with more contrast`, { timeout: 120_000 }, async () => {
    await withPage({ path: '?pace=0&seed=a11y-theme' }, async ({ page, problems, screenshot }) => {
      await page.evaluate((t) => localStorage.setItem('duck-soup.settings', JSON.stringify({ theme: t, card_size: 'large' })), theme);
      await page.reload();
      await ready(page);
      await waitForTurn(page);
      assert.deepEqual(await page.evaluate(() => ['large-cards', 'theme-light', 'theme-dark'].filter((c) => document.body.classList.contains(c))), ['large-cards', `theme-${theme}`]);
      await screenshot(`a11y-theme-${theme}`);
      await assertAxeClean(page, `the ${theme} table`);
      await page.emulateMedia({ contrast: 'more' });
      await screenshot(`a11y-theme-${theme}-more-contrast`);
      await assertAxeClean(page, `the ${theme} table, more contrast`);
      await page.click('#settings-btn');
      await page.waitForSelector('#settings-dialog[open]');
      await assertAxeClean(page, `settings on the ${theme} table`);
      assert.deepEqual(problems.all(), []);
    });
  });
}
