// Phones and tablets: at several viewport sizes the table of each game fits
// without horizontal scrolling and every control is a touch target of at
// least 44 × 44 px. Overlapped cards count by the part that can be touched:
// some 44 × 44 px square inside the card where the card itself is hit (at
// the middle of each side and the centre, so round buttons count).
// Screenshots in tests/e2e/screenshots/mobile-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, waitForTurn, newGame } from './play-helpers.mjs';

const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 640, height: 360 },
  { width: 414, height: 896 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];

/** Controls on screen smaller than 44 × 44 px (by their touchable part). */
async function smallTargets(page, scope = 'body') {
  await page.mouse.move(1, 1); // no card lifted by hover
  return page.evaluate((scope) => {
    const MIN = 44;
    // Measured at rest: a focused card is lifted over its neighbours.
    if (scope === 'body') document.activeElement?.blur();
    const root = document.querySelector(scope);
    const out = [];
    const hits = (el, x, y) => {
      const at = document.elementFromPoint(x, y);
      return at && (at === el || el.contains(at));
    };
    // Is some MIN × MIN square of the rect hit-testing to the element?
    const touchable = (el, r) => {
      if (r.width < MIN - 0.5 || r.height < MIN - 0.5) return false;
      for (let y = r.top; y + MIN <= r.bottom + 0.5; y += 4) {
        for (let x = r.left; x + MIN <= r.right + 0.5; x += 4) {
          // Edge midpoints and centre: a round 44 px button counts (corners are not hit).
          const pts = [[x + MIN / 2, y + 1], [x + MIN / 2, y + MIN - 1], [x + 1, y + MIN / 2], [x + MIN - 1, y + MIN / 2], [x + MIN / 2, y + MIN / 2]];
          if (pts.every(([px, py]) => hits(el, px, py))) return true;
        }
      }
      return false;
    };
    const controls = root.querySelectorAll('button, a[href], select, input, [tabindex="0"]');
    for (const c of controls) {
      if (c.closest('[hidden], .sr-only, dialog:not([open])')) continue;
      if (c.getClientRects().length === 0) continue;
      // A checkbox or radio is touched through its label.
      const el = (c.type === 'checkbox' || c.type === 'radio') && c.closest('label') ? c.closest('label') : c;
      // Inside a scrolling dialog: measured once scrolled into view.
      if (c.closest('dialog')) el.scrollIntoView({ block: 'center' });
      let r = el.getBoundingClientRect();
      // A card's face may stick out of its button: the card is what is seen.
      const face = el.querySelector(':scope > .face');
      if (face) {
        const f = face.getBoundingClientRect();
        r = { left: Math.min(r.left, f.left), top: Math.min(r.top, f.top), right: Math.max(r.right, f.right), bottom: Math.max(r.bottom, f.bottom) };
        r.width = r.right - r.left; r.height = r.bottom - r.top;
      }
      if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
      if (!touchable(el, r)) out.push(`${el.tagName.toLowerCase()}#${el.id || ''}.${String(el.className).replace(/\s+/g, '.')}[${el.dataset.card ?? ''}] ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, scope);
}

async function noSideScroll(page, label) {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.scrollingElement.scrollWidth, iw: innerWidth }));
  assert.ok(sw <= iw, `${label}: horizontal scrolling (${sw} > ${iw})`);
}

for (const vp of VIEWPORTS) {
  test(`the table fits ${vp.width}×${vp.height} with 44 px touch targets`, { timeout: 120_000 }, async () => {
    await withPage({ path: '?pace=0&seed=mobile', viewport: vp }, async ({ page, problems, screenshot }) => {
      await ready(page);
      const size = `${vp.width}x${vp.height}`;
      for (const [game, seats] of [
        ['two-player', ['human', 'normal']],
        ['three-player', ['human', 'normal', 'normal']],
        ['partnership', ['human', 'normal', 'normal', 'normal']],
      ]) {
        if (game !== 'two-player') await newGame(page, { game, seats, seed: `mobile-${game}` });
        await waitForTurn(page);
        const label = `${game} at ${size}`;
        await page.screenshot({ path: `tests/e2e/screenshots/mobile-${size}-${game}.png` });
        await noSideScroll(page, label);
        assert.deepEqual(await smallTargets(page), [], `small touch targets: ${label}`);
      }
      for (const [button, dialog] of [['#help-btn', '#help-dialog'], ['#settings-btn', '#settings-dialog'], ['#new-game', '#new-game-dialog']]) {
        await page.click(button);
        await page.waitForSelector(`${dialog}[open]`);
        await page.screenshot({ path: `tests/e2e/screenshots/mobile-${size}-${dialog.slice(1)}.png` });
        await noSideScroll(page, `${dialog} at ${size}`);
        assert.deepEqual(await smallTargets(page, dialog), [], `small touch targets: ${dialog} at ${size}`);
        await page.keyboard.press('Escape');
        await page.waitForSelector(dialog, { state: 'hidden' });
      }
      assert.deepEqual(problems.all(), []);
    });
  });
}
