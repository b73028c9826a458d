// scratch: screenshots for a manual look (not a test)
import { withPage } from './harness.mjs';
const [,, path = '', name = 'shot', w = '1280', h = '800', wait = '1500'] = process.argv;
await withPage({ path, viewport: { width: +w, height: +h } }, async ({ page, problems }) => {
  await page.waitForSelector('body[data-ready]');
  await page.waitForTimeout(+wait);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log(problems.all());
  console.log(await page.locator('#status').innerText());
});
