// End-to-end test helpers: a static server for dist/, Debian's Chromium driven by
// playwright-core (never a downloaded browser), pages that record what went wrong,
// and screenshots in tests/e2e/screenshots/.
//
//   import { withPage } from './harness.mjs';
//   await withPage({ base: '/games/duck-soup/' }, async ({ page, problems, screenshot }) => { ... });
//
// Environment: DIST_DIR (default dist), CHROMIUM (default: `command -v chromium`),
// E2E_HEADFUL=1 to watch the browser, E2E_SLOWMO=ms.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';

export { startServer };

/** The Content-Security-Policy the page is deployed under: no inline script or style. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '..', '..');
export const DIST_DIR = resolve(REPO_ROOT, process.env.DIST_DIR ?? 'dist');
export const SCREENSHOT_DIR = join(here, 'screenshots');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Path of the system Chromium: $CHROMIUM, else `command -v chromium`. */
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  let path = '';
  try {
    path = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // handled below
  }
  if (!path || !existsSync(path)) {
    throw new Error('chromium not found: run `bash scripts/setup.sh` (it installs Debian\'s chromium)');
  }
  return path;
}

/** Launches headless Chromium (the system one). Close it with `await browser.close()`. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: process.env.E2E_HEADFUL !== '1',
    slowMo: Number(process.env.E2E_SLOWMO ?? 0),
    timeout: 60_000,
  });
}

/** The problems each page opened by `newPage` recorded (to say them when a test fails midway). */
export const pageProblems = new WeakMap();

/**
 * Opens a new page that records problems:
 *  - consoleErrors: console.error messages (and failed resource loads Chromium logs),
 *  - pageErrors: uncaught exceptions and unhandled rejections,
 *  - failedRequests: requests that failed or got an HTTP status >= 400,
 *  - foreignRequests: any request that left `allowedOrigin` (the page must be
 *    self-contained: no network use at run time). They are aborted, not sent.
 *  - cspViolations: console messages about the Content-Security-Policy refusing something.
 * Also returns `responses`: every response's url, status and content type.
 */
export async function newPage(browser, { allowedOrigin, viewport = { width: 1280, height: 800 }, serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers });
  const page = await context.newPage();
  // (warnings: what the page said on the console short of an error, kept
  // to say where a page stood when a test fails; they fail nothing.)
  const problems = { consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [], cspViolations: [], warnings: [] };
  const responses = [];

  page.on('console', (msg) => {
    // Anything the page's Content-Security-Policy refused fails the test.
    if (/Content Security Policy/i.test(msg.text())) problems.cspViolations.push(msg.text());
    else if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
    else if (msg.type() === 'warning') problems.warnings.push(msg.text());
  });
  page.on('pageerror', (err) => problems.pageErrors.push(String(err?.stack ?? err)));
  page.on('requestfailed', (req) => {
    problems.failedRequests.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    responses.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] ?? '' });
    if (res.status() >= 400) problems.failedRequests.push(`${res.request().method()} ${res.url()}: HTTP ${res.status()}`);
  });
  if (allowedOrigin) {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${allowedOrigin}/`) || url.startsWith('data:') || url.startsWith('blob:')) {
        return route.continue();
      }
      problems.foreignRequests.push(url);
      return route.abort('blockedbyclient');
    });
  }

  /** Everything recorded so far, as one list of lines (empty when all is well). */
  problems.all = () => [
    ...problems.pageErrors.map((e) => `page error: ${e}`),
    ...problems.consoleErrors.map((e) => `console error: ${e}`),
    ...problems.failedRequests.map((e) => `failed request: ${e}`),
    ...problems.foreignRequests.map((e) => `request off this server: ${e}`),
    ...problems.cspViolations.map((e) => `CSP violation: ${e}`),
  ];
  pageProblems.set(page, problems);
  return { context, page, problems, responses };
}

/** Saves a full-page PNG as tests/e2e/screenshots/NAME.png and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Serves dist/ (under `base`, with extra response `headers`), launches the browser,
 * opens a page at the served URL (plus `path`), runs `fn`, and always cleans up.
 * `fn` gets { page, problems, responses, url, server, browser, screenshot(name) }.
 * Service workers are blocked unless `serviceWorkers: 'allow'`.
 */
export async function withPage({ base = '/', path = '', headers = {}, root = DIST_DIR, viewport, serviceWorkers } = {}, fn) {
  const server = await startServer({ root, base, headers });
  let browser;
  try {
    browser = await launchBrowser();
    const { page, problems, responses } = await newPage(browser, { allowedOrigin: server.origin, viewport, serviceWorkers });
    const url = server.url + path;
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    return await fn({ page, problems, responses, url, server, browser, screenshot: (name) => screenshot(page, name) });
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}
