// The side panel's corners on desktops, read from the pixels drawn: every section header
// (the panel's and the sections inside them, open or closed) has the same arrow and its label
// at the same indent; no empty band of panel runs more than a line and a half; the board's
// keyboard-focus frame stands out from the page in both themes. Screenshots: panel-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const openDesktop = (width, height, colorScheme) =>
  h.openIn(browser, srv.url, { viewport: { width, height }, colorScheme });

// For each header rectangle [x, y, w, h]: the box of the pixels unlike the page's background
// in its first 34 px (the arrow), and the first such column after it (the label's left edge).
function arrowsAndLabels(px, width, height, { rects, bg }) {
  const ink = (x, y) => {
    const i = 4 * (y * width + x);
    return Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1]) + Math.abs(px[i + 2] - bg[2]) > 120;
  };
  return rects.map(([x0, y0, w, hgt]) => {
    const top = Math.round(y0) + 2, bottom = Math.round(y0 + hgt) - 2;
    const left = Math.round(x0), right = Math.round(x0 + w) - 2;
    const columns = [];
    for (let x = left; x < right; ++x) {
      let n = 0;
      for (let y = top; y < bottom; ++y) n += ink(x, y);
      columns.push(n);
    }
    let a = columns.findIndex((n) => n > 0);
    let b = a;
    while (b < columns.length && columns[b] > 0) ++b;
    let pixels = 0, minY = 1e9, maxY = -1;
    for (let x = left + a; x < left + b; ++x)
      for (let y = top; y < bottom; ++y)
        if (ink(x, y)) { ++pixels; minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
    let label = b;
    while (label < columns.length && columns[label] === 0) ++label;
    return { arrowX: left + a, arrowW: b - a, arrowH: maxY - minY + 1, pixels, labelX: left + label };
  });
}

// The longest run of pixel rows in [x0, x1) x [y0, y1) that are one flat colour.
function longestFlatRun(px, width, height, { x0, x1, y0, y1 }) {
  let run = 0, best = 0, at = y0;
  for (let y = y0; y < y1; ++y) {
    const row = 4 * y * width;
    let flat = true;
    for (let x = x0 + 1; x < x1 && flat; ++x)
      for (let k = 0; k < 3; ++k) if (px[row + 4 * x + k] !== px[row + 4 * x0 + k]) flat = false;
    run = flat ? run + 1 : 0;
    if (run > best) { best = run; at = y - run + 1; }
  }
  return { run: best, at };
}

const background = { light: [0xf5, 0xf6, 0xf8], dark: [0x17, 0x19, 0x1e] };

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: every section header's arrow has one size and every label one indent, open or closed`, async () => {
    const { context, page, errors } = await openDesktop(1440, 1300, scheme);  // all in sight
    await h.openDealt(page, 'seed000_mockup.txt');
    await h.searchInWorker(page);  // More > Solver; Search statistics: its content after a search
    await h.waitState(page, '!s.solving && s.solutions === 2');
    await h.clickWidget(page, 'Search statistics');  // open inside a section
    await page.mouse.move(900, 5);  // no header hovered (its frame would light up)
    const s = await h.settled(page);
    // The headers in sight: More, and the sections folded in it (open and closed). Search
    // statistics sits inside Solver, a level deeper: it is checked on its own below.
    const names = ['More', 'Solver', 'Best board', 'Edit', 'Files',
      'Generate a solvable puzzle', 'Look', 'Details'].filter((n) => s.widgets[n]);
    assert.ok(s.widgets['Search statistics'][0] > s.widgets.Solver[0], 'nested: indented');
    assert.ok(names.length >= 5, `headers drawn: ${names}`);
    const rects = names.map((n) => s.widgets[n]);
    names.forEach((n, k) => assert.ok(rects[k], `header '${n}' drawn`));
    await page.waitForTimeout(300);
    const shot = await h.screenshot(page, `panel-headers-${scheme}`);  // read as kept
    const found = await h.scanPng(page, shot, arrowsAndLabels, { rects, bg: background[scheme] });
    const table = names.map((n, k) => `${n}: ${JSON.stringify(found[k])}`).join('\n');
    const first = found[0];
    for (const f of found) {
      assert.ok(Math.abs(f.arrowX - first.arrowX) <= 1, `arrows start at one place:\n${table}`);
      assert.ok(Math.abs(f.labelX - first.labelX) <= 1, `labels line up:\n${table}`);
      assert.ok(Math.abs(f.pixels - first.pixels) <= 0.2 * first.pixels, `arrows of one size:\n${table}`);
      assert.ok(Math.max(f.arrowW, f.arrowH) >= 9, `an arrow is drawn:\n${table}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('desktop panels have no empty band taller than a line and a half, scrolled to the top or the end', async () => {
  for (const [width, height, scheme] of [[1440, 900, 'light'], [1920, 1080, 'dark']]) {
    const { context, page, errors } = await openDesktop(width, height, scheme);
    for (const end of ['top', 'end']) {
      if (end === 'end') {
        await page.mouse.move(100, height / 2);
        for (let k = 0; k < 12; ++k) { await page.mouse.wheel(0, 200); await page.waitForTimeout(60); }
      }
      await page.mouse.move(width - 5, 5);
      const s = await h.settled(page);
      const [px, py, pw, ph] = s.layout.panel;
      // From the panel's first control to the last one in sight (the rest of the panel is its
      // end), the scroll bar's strip left out.
      const shown = s.controls.filter((c) => c.visible && c.rect[1] >= py && c.rect[1] < py + ph);
      const y0 = Math.max(py, Math.min(...shown.map((c) => c.rect[1])));
      const y1 = Math.min(py + ph, Math.max(...shown.map((c) => c.rect[1] + c.rect[3])));
      const shot = await h.screenshot(page, `panel-gaps-${width}-${end}`);  // read as kept
      const found = await h.scanPng(page, shot, longestFlatRun,
        { x0: Math.round(px), x1: Math.round(px + pw - 20), y0: Math.round(y0), y1: Math.round(y1) });
      assert.ok(found.run <= 26, `${width}x${height} (${end}): an empty band of ${found.run} px at y ${found.at}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: the board's keyboard-focus frame stands out from the page (contrast at least 3)`, async () => {
    const { context, page, errors } = await openDesktop(1440, 900, scheme);
    await page.keyboard.press('ArrowRight');  // the board has the keys: the cursor shows
    const s = await h.waitState(page, 's.board_input.focused && s.board_input.cursor_shown', 5000);
    const { x, y, cell } = s.board;
    const mid = y + 1.5 * cell;  // beside the board's left edge, on the frame 4 px out
    const png = await h.screenshot(page, `panel-focus-${scheme}`);  // read as kept
    const frame = await h.pixels(page, png, [[x - 5, mid], [x - 4, mid], [x - 3, mid]]);
    const [bg] = await h.pixels(page, png, [[x - 14, mid]]);
    const best = Math.max(...frame.map((c) => h.contrast(c, bg)));
    assert.ok(best >= 3, `the frame ${JSON.stringify(frame)} on ${JSON.stringify(bg)}: contrast ${best.toFixed(2)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
