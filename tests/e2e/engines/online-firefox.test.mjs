// Online play across engines: a host page in Chromium (playwright-core) and a
// guest page in Firefox (Debian's firefox-esr, puppeteer-core over WebDriver
// BiDi), connected by a real WebRTC data channel on this machine (no STUN
// server; Firefox told to offer its plain and loopback addresses, as the
// Chromium side is). They play a whole two-player deal by clicks. Run with
// `node --test tests/e2e/engines/online-firefox.test.mjs` after a build
// (not part of the default browser tests: it needs firefox-esr).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, realpathSync } from 'node:fs';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath, DIST_DIR, newPage, startServer } from '../harness.mjs';
import { nextClick, ready, readTable } from '../play-helpers.mjs';
import { tableMark } from '../online-helpers.mjs';

function firefoxPath() {
  const path = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
  if (!existsSync(path)) throw new Error(`${path} not found: run \`bash scripts/test-engines.sh\` (it installs firefox-esr)`);
  return realpathSync(path);
}

test('online: a Chromium host and a Firefox guest play a whole two-player deal', async () => {
  const server = await startServer({ root: DIST_DIR });
  const chrome = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'],
    headless: process.env.E2E_HEADFUL !== '1',
    timeout: 60_000,
  });
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath(),
    headless: process.env.E2E_HEADFUL !== '1',
    defaultViewport: { width: 1280, height: 800 },
    timeout: 60_000,
    extraPrefsFirefox: {
      'media.peerconnection.ice.loopback': true,
      'media.peerconnection.ice.obfuscate_host_addresses': false,
      'media.peerconnection.ice.link_local': true,
    },
  });
  const problems = [];
  try {
    const host = await newPage(chrome, { allowedOrigin: server.origin });
    await host.context.addInitScript(() => localStorage.setItem('duck-soup.stun', 'none'));
    await host.page.goto(`${server.url}?pace=0&lang=en`, { waitUntil: 'load' });
    await ready(host.page);
    await host.page.click('#new-game');
    await host.page.waitForSelector('#new-game-dialog[open]');
    await host.page.check('#new-game-dialog input[name=game][value="two-player"]');
    await host.page.selectOption('#new-game-dialog select[data-seat="1"]', 'friend');
    await host.page.click('#start-game');
    // The table alone hands a game with a friend over to online play's page (a reload).
    const field = host.page.locator('#invite-link-1');
    await field.waitFor({ timeout: 20_000 });
    await ready(host.page);
    const invite = await field.inputValue();

    const guest = await firefox.newPage();
    guest.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    guest.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    await guest.goto(server.url, { waitUntil: 'load' });
    await guest.evaluate(() => localStorage.setItem('duck-soup.stun', 'none'));
    await guest.goto(`${invite.replace('#', '?pace=0&lang=en#')}`, { waitUntil: 'load' });
    await guest.waitForSelector('#join-dialog[open]', { timeout: 30_000 });
    await guest.type('#guest-name', 'Fox');
    await guest.click('#join');
    await guest.waitForSelector('#reply-link', { timeout: 20_000 });
    const reply = await guest.$eval('#reply-link', (i) => i.value);
    assert.match(reply, /#r=[A-Za-z0-9_-]+$/);

    await host.page.fill('#reply-paste', reply);
    await host.page.click('#invite-dialog [data-net="take-reply"]');
    await host.page.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    await guest.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up', { timeout: 30_000 });

    for (let i = 0; i < 3000; i++) {
      const h = await host.page.evaluate(readTable);
      if (h.phase !== 'playing') break;
      let clicked = false;
      // Each click is made once, then waited for until the table takes it
      // (Playwright's and Puppeteer's waitForFunction order their arguments differently).
      const pages = [
        [host.page, (before) => host.page.waitForFunction(tableMark, before, { timeout: 30_000 })],
        [guest, (before) => guest.waitForFunction(tableMark, { timeout: 30_000 }, before)],
      ];
      for (const [p, taken] of pages) {
        const s = await p.evaluate(readTable);
        if (s.waiting !== 'human') continue;
        const sel = await p.evaluate(nextClick);
        if (!sel) continue;
        const before = await p.evaluate(tableMark);
        await p.click(sel);
        await taken(before).catch((e) => {
          throw new Error(`the click on ${sel} was lost: the table stayed at ${before} (${e.message.split('\n')[0]})`);
        });
        clicked = true;
      }
      if (!clicked) await host.page.waitForTimeout(40);
    }
    assert.notEqual((await host.page.evaluate(readTable)).phase, 'playing', 'the deal ended');
    await guest.waitForFunction(() => document.querySelector('#app').dataset.phase !== 'playing', { timeout: 10_000 });
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(problems, []);
  } finally {
    await firefox.close().catch(() => {});
    await chrome.close().catch(() => {});
    await server.close();
  }
});
