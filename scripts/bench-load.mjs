// First table over a phone's network: builds compared in one run. Each load is
// a fresh browser context (cold cache, no service worker) over Chromium's
// network emulation (DevTools protocol Network.emulateNetworkConditions;
// default Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750
// kbit/s up), the files served as a static host serves them (the precompressed
// .gz). It times when the person's hand first appears, and what was fetched.
// Builds take turns load by load, so a busy machine slows them alike; compare
// the figures of one run only.
//
//   node scripts/bench-load.mjs --dist before=DIR --dist after=DIR [--runs 7]
//        [--latency 150] [--down 1600] [--up 750] [--json]
//
// Pages per build: the table (`?pace=0`), and for a build with a viewer a
// rules-site link (the first illustration of www/embed-example.html) at the
// viewer's document, as the author's tool writes it (viewer.html; full.html in
// builds before the full page was split), and at index.html; and online play's
// page (online.html; full.html before the split).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const builds = [];
args.forEach((a, i) => {
  if (a === '--dist') {
    const [name, dir] = args[i + 1].split('=');
    builds.push({ name, dir: resolve(dir) });
  }
});
if (!builds.length) builds.push({ name: 'dist', dir: resolve('dist') });
const runs = Number(flag('runs', '7'));
const network = {
  offline: false,
  latency: Number(flag('latency', '150')),
  downloadThroughput: (Number(flag('down', '1600')) * 1000) / 8,
  uploadThroughput: (Number(flag('up', '750')) * 1000) / 8,
};

// The link from whichever build's example page has one; only builds with a
// viewer (data-viewer-js, or data-full-js before the split) are asked for it
// (an older build has none).
const link = builds
  .map((b) => readFileSync(join(b.dir, 'embed-example.html'), 'utf8').match(/(?:[?&]|&amp;)(r=[\w-]+)/)?.[1])
  .find(Boolean);
const hasViewer = (b) => /data-(?:viewer|full)-js/.test(readFileSync(join(b.dir, 'index.html'), 'utf8'));
const viewerDocument = (b) => (existsSync(join(b.dir, 'viewer.html')) ? 'viewer.html' : 'full.html');
const onlineDocument = (b) => (existsSync(join(b.dir, 'online.html')) ? 'online.html' : 'full.html');
const pagesOf = (b) => ({
  table: '?pace=0',
  // The link as the author's tool writes it, and as typed at index.html.
  ...(link && hasViewer(b) ? { link: `${viewerDocument(b)}?pace=0&${link}`, 'link at index.html': `?pace=0&${link}` } : {}),
  // Online play's page, as an invite or the table's hand-over opens it (the
  // whole full page, full.html, in builds before the split).
  ...(hasViewer(b) ? { 'online play': `${onlineDocument(b)}?pace=0` } : {}),
});
const HAND = '#app .seat.pos-bottom .card[data-card]';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const browser = await launchBrowser();
const servers = await Promise.all(builds.map((b) => startServer({ root: b.dir, base: '/' })));
const samples = {};
try {
  for (let i = 0; i < runs; i++) {
    for (const [bi, b] of builds.entries()) {
      for (const [what, query] of Object.entries(pagesOf(b))) {
        const { context, page } = await newPage(browser, { allowedOrigin: servers[bi].origin });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', network);
        await page.goto(servers[bi].url + query, { waitUntil: 'commit', timeout: 120_000 });
        await page.waitForSelector(HAND, { timeout: 120_000 });
        const m = await page.evaluate(() => {
          const wasm = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm'));
          return {
            hand: performance.now(),
            wasm: wasm.map((r) => r.name.split('/').pop()),
            bytes: performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, 0),
          };
        });
        (samples[`${b.name} ${what}`] ??= []).push(m);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}

const out = { network: { ...network, runs }, link };
for (const [key, ms] of Object.entries(samples)) {
  out[key] = {
    hand_ms: { median: Math.round(median(ms.map((m) => m.hand))), worst: Math.round(Math.max(...ms.map((m) => m.hand))) },
    transferred_bytes: median(ms.map((m) => m.bytes)),
    wasm: [...new Set(ms.flatMap((m) => m.wasm))],
  };
}
console.log(JSON.stringify(out, null, 2));
