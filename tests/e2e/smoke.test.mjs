// Smoke test of the built page (dist/, from `trunk build --release`): it loads,
// the wasm app starts and fills #app, nothing fails, nothing is fetched from
// elsewhere, and the page runs under the strict CSP planned for deployment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, STRICT_CSP, withPage } from './harness.mjs';

/** Waits until the wasm app has put something into #app. */
async function waitForApp(page) {
  await page.waitForFunction(() => {
    const app = document.querySelector('#app');
    return app && (app.children.length > 0 || app.textContent.trim() !== '');
  }, null, { timeout: 30_000 });
}

function assertNoProblems(problems) {
  assert.deepEqual(problems.all(), [], 'the page reported problems');
}

test('dist/index.html has no inline script, inline style or handler attribute', () => {
  const file = join(DIST_DIR, 'index.html');
  assert.ok(existsSync(file), `${file} is missing: run \`trunk build --release\` first`);
  const html = readFileSync(file, 'utf8');
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  assert.ok(scripts.length > 0, 'no <script> at all: the wasm loader is missing');
  for (const tag of scripts) assert.match(tag, /\ssrc=/i, `inline script: ${tag}`);
  assert.doesNotMatch(html, /<style\b/i, 'inline <style> element');
  assert.doesNotMatch(html, /<[^>]+\sstyle\s*=/i, 'inline style attribute');
  assert.doesNotMatch(html, /<[^>]+\son[a-z]+\s*=/i, 'inline event handler attribute');
});

test('the page loads, the app starts and fills #app, without errors', async () => {
  await withPage({}, async ({ page, problems, responses, screenshot }) => {
    await waitForApp(page);
    const text = await page.locator('#app').innerText();
    assert.ok(text.trim().length > 0, '#app is empty');
    await screenshot('smoke-root');

    // The table's wasm, and the computers' own build, which its worker
    // fetches as the table shows: each once, as WebAssembly.
    const wasm = responses.filter((r) => r.url.endsWith('.wasm'));
    const [thinker, table] = [wasm.filter((r) => r.url.includes('-thinker-')), wasm.filter((r) => !r.url.includes('-thinker-'))];
    assert.equal(table.length, 1, `expected the table's .wasm once, got ${JSON.stringify(wasm)}`);
    assert.equal(thinker.length, 1, `expected the computers' .wasm once, got ${JSON.stringify(wasm)}`);
    for (const r of wasm) assert.equal(r.type, 'application/wasm');
    assertNoProblems(problems);
  });
});

test('the page works from a sub-path under the strict CSP', async () => {
  const headers = { 'Content-Security-Policy': STRICT_CSP };
  await withPage({ base: '/games/duck-soup/', headers }, async ({ page, problems, url, screenshot }) => {
    assert.match(url, /\/games\/duck-soup\/$/);
    await waitForApp(page);
    await screenshot('smoke-subpath-csp');
    assertNoProblems(problems);
  });
});
