// Tablets: at 1024 × 768 the header and the seats read as at 1280 × 800, in
// English and Japanese, for every game: the header is one row (title, course
// hint and tools side by side, the hint at most two lines), and each seat's
// name plate keeps the seat's name and who plays it ("West  Computer · Normal")
// together on one line. 1280 × 800 is checked the same way, so neither width
// can drift. Screenshots: tests/e2e/screenshots/tablet-WxH-LANG-GAME.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './harness.mjs';
import { ready, waitForTurn } from './play-helpers.mjs';

const GAMES = [
  { game: 'two-player', link: 'g=2&s=hn&seed=tablet-2' },
  { game: 'three-player', link: 'g=3&s=hnn&seed=tablet-3' },
  // Easy, Hard and Normal opponents: every level's name is on a side plate.
  { game: 'partnership', link: 'g=4&s=hexn&seed=tablet-4' },
];

/** Run in the page: how the header and the name plates are laid out. */
function measure() {
  // Lines a box's text takes: its text's line boxes, merged where they
  // overlap vertically (a line mixing fonts has several boxes).
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const r of boxes) {
      if (r.top >= bottom - 2) count++;
      bottom = Math.max(bottom, r.bottom);
    }
    return count;
  };
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, middle: (r.top + r.bottom) / 2, height: r.height };
  };
  const header = document.querySelector('.topbar');
  const course = document.querySelector('.course');
  return {
    header: box(header),
    parts: ['.brand', '.course', '.tools'].map((s) => ({ part: s, ...box(document.querySelector(s)) })),
    course: { text: course.innerText, lines: lines(course) },
    plates: [...document.querySelectorAll('.seat')].map((seat) => {
      const name = seat.querySelector('.plate .name');
      const player = seat.querySelector('.plate .player');
      return {
        seat: seat.className.match(/pos-\w+/)[0],
        text: `${name.innerText} ${player.innerText}`,
        nameLines: lines(name),
        playerLines: lines(player),
        name: box(name),
        player: box(player),
      };
    }),
    scrollWidth: document.scrollingElement.scrollWidth,
  };
}

function assertReadsCleanly(m, label) {
  // One row: 44 px tools and a little padding (two rows would be over 90 px).
  assert.ok(m.header.height <= 64, `${label}: the header is ${m.header.height}px high`);
  for (const p of m.parts) {
    assert.ok(p.middle > m.header.top && p.middle < m.header.bottom && p.top >= m.header.top - 1 && p.bottom <= m.header.bottom + 1,
      `${label}: ${p.part} is not on the header's one row (${p.top}–${p.bottom} in ${m.header.top}–${m.header.bottom})`);
  }
  assert.ok(m.course.lines >= 1 && m.course.lines <= 2, `${label}: the course hint "${m.course.text}" takes ${m.course.lines} lines`);
  for (const p of m.plates) {
    assert.equal(p.nameLines, 1, `${label}: ${p.seat}'s name "${p.text}" wraps`);
    assert.equal(p.playerLines, 1, `${label}: ${p.seat}'s player "${p.text}" wraps`);
    assert.ok(p.player.middle > p.name.top && p.player.middle < p.name.bottom,
      `${label}: ${p.seat}'s "${p.text}" is not on one line (the player label went under the name)`);
  }
}

for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 800 }]) {
  for (const lang of ['en', 'ja']) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`at ${size} in ${lang}: the header is one row and the seats' names do not wrap`, { timeout: 120_000 }, async () => {
      await withPage({ path: `?pace=0&lang=${lang}`, viewport }, async ({ page, url, problems, screenshot }) => {
        await ready(page);
        for (const { game, link } of GAMES) {
          await page.goto(`${url}&${link}`, { waitUntil: 'load' });
          await ready(page);
          await waitForTurn(page);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          const m = await page.evaluate(measure);
          await screenshot(`tablet-${size}-${lang}-${game}`);
          const label = `${game} at ${size} (${lang})`;
          assertReadsCleanly(m, label);
          assert.ok(m.scrollWidth <= viewport.width, `${label}: sideways scrolling (${m.scrollWidth}px)`);
          assert.equal(m.plates.length, game === 'two-player' ? 2 : game === 'three-player' ? 3 : 4);
        }
        assert.deepEqual(problems.all(), []);
      });
    });
  }
}
