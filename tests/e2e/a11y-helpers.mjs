// Helpers for the accessibility and language tests: axe-core (pinned in
// package.json) injected into the page, and small readers of what is shown.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './harness.mjs';

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * Runs axe on the page and fails on any serious or critical violation.
 * axe is evaluated as a script (page.evaluate), which the page's strict CSP
 * (no inline script) does not block, unlike an injected <script> element.
 */
export async function assertAxeClean(page, label) {
  const has = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!has) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
    }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `axe: serious or critical violations on ${label}`);
  return result;
}

/** Every visible text of the page (text nodes of rendered elements), joined by newlines. */
export async function visibleTexts(page, root = 'body') {
  return page.evaluate((sel) => {
    const out = [];
    const walker = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      if (!text) continue;
      const el = n.parentElement;
      if (!el || el.closest('svg, script, style, .sr-only')) continue;
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || cs.display === 'none') continue;
      out.push(text);
    }
    return out;
  }, root);
}

/** The accessible names screen readers get: aria-labels and titles in the page. */
export async function ariaNames(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title]')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => e.getAttribute('aria-label') ?? e.getAttribute('title')));
}
