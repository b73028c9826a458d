// scratch: start a game via the dialog, play N human moves, screenshot
import { withPage } from './harness.mjs';
const [,, path = '', game = 'three-player', name = 'shot', w = '1280', h = '800', moves = '3', after = '300', seats = ''] = process.argv;
await withPage({ path, viewport: { width: +w, height: +h } }, async ({ page, problems }) => {
  await page.waitForSelector('body[data-ready]');
  await page.click('#new-game');
  await page.check(`input[name=game][value=${game}]`);
  if (name.includes('dialog')) { await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/shots/${name}.png` }); return; }
  seats.split(',').filter(Boolean).forEach(async (v, i) => {});
  for (const [i, v] of seats.split(',').entries()) if (v) await page.selectOption(`select[data-seat="${i}"]`, v);
  await page.click('#start-game');
  for (let i = 0; i < +moves; i++) {
    await page.waitForSelector('#app[data-waiting="human"], #app[data-phase="deal-over"]', { timeout: 20000 });
    if (await page.locator('#app[data-phase="deal-over"]').count()) break;
    const before = await page.locator('#app').getAttribute('data-moves');
    if (await page.locator('#quack:not([hidden])').count()) {
      await page.click('#quack');
      if (await page.locator('[data-choice]').count()) await page.locator('[data-choice]').first().click();
    } else if (await page.locator('#duck:not([hidden])').count()) {
      await page.click('#duck');
    } else {
      const joker = page.locator('#app button.card.playable.joker');
      if (await joker.count()) { await joker.first().click(); await page.locator('button[data-suit]').first().click(); }
      else await page.locator('#app button.card.playable[data-card]').first().click();
    }
    await page.waitForFunction((b) => document.querySelector('#app').dataset.moves !== b, before);
  }
  await page.waitForTimeout(+after);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log(problems.all(), await page.locator('#status').innerText(), await page.locator('body').getAttribute('data-sounds-played'));
});
