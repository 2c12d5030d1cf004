// Corners of the page, each read from the pixels drawn or the page's test hooks:
// a tablet's status areas hold their text with no band left empty under it; a finger scrolling
// from a section header's arrow does not close the section; a slider's value is never under its
// grab; the keyboard cursor reads on the tiles in both themes; the Puzzle Box board has as much
// room under it as over it on a phone, and its board field is the board as it is now, which
// Solve starts from (the panel says so). Screenshots: corners-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const open = (options) => h.openIn(browser, srv.url, options);

// The rows of a clip ([x, y, w, h] of the page, shot at `scale`) with ink: a pixel unlike the
// clip's top-left one (the panel's background). The empty rows over the first and under the
// last, in CSS px.
function blankRows(px, width, height, { scale }) {
  const inked = [];
  for (let y = 0; y < height; ++y) {
    let ink = false;
    for (let x = 0; x < width && !ink; ++x) {
      const i = 4 * (y * width + x);
      ink = Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]) > 60;
    }
    inked.push(ink);
  }
  const first = inked.indexOf(true), last = inked.lastIndexOf(true);
  return { over: first / scale, under: (height - 1 - last) / scale, empty: first < 0 };
}

test('tablet (820x1180, touch): the status areas hold their text centred, no band empty under it', async () => {
  const { context, page, errors } = await open({ viewport: { width: 820, height: 1180 },
    deviceScaleFactor: 1, hasTouch: true, isMobile: true });
  const touch = await h.touchscreen(page);
  // A finger dragged up the panel's left edge, 3 px in, off the section headers' arrows (the
  // harness drags in a status area's own clip, over them: the next test's case).
  const panelScroll = async (s, dy) => {
    const [px, py, , ph] = s.layout.panel, by = Math.sign(dy) * Math.min(Math.abs(dy) + 24, 0.6 * ph);
    const at = { x: px + 3, y: py + ph / 2 + by / 2 };
    await touch.drag(at, { x: at.x, y: at.y - by }, { steps: 10 });
    await page.waitForTimeout(120);
  };
  const bad = [];
  for (const name of ['hint area', 'solver status']) {
    if (name === 'hint area') {
      await touch.tapWidget('Hint');
      await h.waitState(page, 's.hint.length > 0', 10000);
    }
    if (name === 'solver status') {  // More > Solver
      await h.widgetInSight(page, 'More', panelScroll);
      await touch.tapWidget('More');
      await h.widgetInSight(page, 'Solver', panelScroll);
      await touch.tapWidget('Solver');
    }
    const s = await h.widgetInSight(page, name, panelScroll);
    const [x, y, w, hgt] = s.widgets[name];
    const clip = { x: Math.round(x), y: Math.round(y), width: Math.round(w), height: Math.round(hgt) };
    const f = await h.scanPng(page, await page.screenshot({ clip }), blankRows, { scale: 1 });
    await h.screenshot(page, `corners-tablet-${name.replace(' ', '-')}`);
    const what = `'${name}' (${clip.height} px high): ${f.over} px empty over its text, ${f.under} px under it`;
    if (f.empty || f.under > 20 || Math.abs(f.under - f.over) > 6) bad.push(what);
  }
  assert.deepEqual(bad, []);
  assert.deepEqual(errors, []);
  await touch.detach();
  await context.close();
});

test('phone: a finger scrolling the panel from a section header\'s arrow scrolls it and leaves the section open', async () => {
  const { context, page, errors, touch } = await h.openPhone(browser, srv.url);
  let s = await h.widgetInSight(page, 'More', touch.scrollTowards('More'));
  await touch.tapWidget('More');  // open: the panel now holds more than fits
  s = await h.waitState(page, "'Solver' in s.widgets", 5000);
  const [x, y, , hgt] = s.widgets.More, before = s.widgets.More[1];
  const at = { x: x + 20, y: y + hgt / 2 };  // on the arrow, where ImGui toggles on press
  await touch.drag(at, { x: at.x, y: at.y - 120 }, { steps: 10 });
  s = await h.settled(page);
  await h.screenshot(page, 'corners-phone-header-scroll');
  assert.ok(s.widgets.More[1] < before - 60, `the panel scrolled: More at y ${before}, then ${s.widgets.More[1]}`);
  assert.ok(s.widgets.Solver, 'the More section is still open');
  assert.deepEqual(errors, []);
  await touch.detach();
  await context.close();
});

// In a clip of a slider ([x, y, w, h] of the page): the box of its grab (pixels of the grab's
// colour) and the pixels inside that box, off its rounded corners, that are not (a digit on it).
function inkOnGrab(px, width, height, { grab }) {
  const near = (i, c) => Math.abs(px[i] - c[0]) + Math.abs(px[i + 1] - c[1]) + Math.abs(px[i + 2] - c[2]) < 30;
  let x0 = 1e9, x1 = -1, y0 = 1e9, y1 = -1;
  for (let y = 0; y < height; ++y)
    for (let x = 0; x < width; ++x)
      if (near(4 * (y * width + x), grab)) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
  let ink = 0;
  for (let y = y0 + 6; y <= y1 - 6; ++y)
    for (let x = x0 + 1; x < x1; ++x) if (!near(4 * (y * width + x), grab)) ++ink;
  return { grab: [x0, x1], ink };
}

const accent = { light: [0x1f, 0x63, 0xd6], dark: [0x5b, 0x9d, 0xff] };

test('desktop: the Puzzle Box size slider shows its value beside its grab at every size, both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const { context, page, errors } = await open({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    await h.clickWidget(page, 'Puzzle Box');
    const r = (await h.waitState(page, 's.box.active && s.widgets["box:size"]', 5000)).widgets['box:size'];
    const seen = new Set();
    // Clicks along the slider's frame (its label "size" is at the rectangle's right end).
    for (let k = 0; k <= 12; ++k) {
      await page.mouse.click(r[0] + 4 + k * (r[2] - 60) / 12, r[1] + r[3] / 2);
      await page.mouse.move(r[0] + r[2] / 2, r[1] - 40);  // not hovered: the grab's own colour
      const s = await h.settled(page);
      if (seen.has(s.box.size)) continue;
      seen.add(s.box.size);
      const clip = { x: Math.round(r[0]), y: Math.round(r[1]), width: Math.round(r[2] - 50), height: Math.round(r[3]) };
      const png = await page.screenshot({ clip });
      const f = await h.scanPng(page, png, inkOnGrab, { grab: accent[scheme] });
      if (f.ink > 0) await h.screenshot(page, `corners-slider-${scheme}-${s.box.size}`);
      assert.equal(f.ink, 0, `${scheme}, size ${s.box.size}: ${f.ink} pixels of ink on the grab (columns ${f.grab})`);
    }
    assert.deepEqual([...seen].sort(), [3, 4, 5, 6, 7, 8]);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: the keyboard cursor on the tiles reads against them all round (contrast at least 3)`, async () => {
    const { context, page, errors } = await open({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    await page.keyboard.press('ArrowRight');  // the board has the keys: the cursor shows on cell 0
    let s = await h.waitState(page, 's.board_input.focused && s.board_input.cursor_shown', 5000);
    const { x, y, cell } = s.board;
    const clip = { x: Math.round(x), y: Math.round(y), width: Math.round(cell), height: Math.round(cell) };
    await page.waitForTimeout(200);
    const withCursor = await page.screenshot({ clip });
    await h.screenshot(page, `corners-cursor-${scheme}`);
    await page.keyboard.press('ArrowRight');  // the cursor leaves the cell: the tile as it is
    await h.waitState(page, 's.board_input.cursor === 1', 5000);
    await page.waitForTimeout(200);
    const without = await page.screenshot({ clip });
    // Across the cursor's band (the cell's outer 12 px), at 40 places along each side: the best
    // contrast between a pixel with the cursor and the same pixel without.
    const points = [];
    for (let k = 0; k < 40; ++k) {
      const along = Math.round(cell * (0.1 + 0.8 * k / 39));
      const across = [...Array(12).keys()];
      points.push(across.map((d) => [along, d]), across.map((d) => [along, cell - 1 - d]),
        across.map((d) => [d, along]), across.map((d) => [cell - 1 - d, along]));
    }
    const flat = points.flat();
    const a = await h.pixels(page, withCursor, flat), b = await h.pixels(page, without, flat);
    let k = 0, weak = 0;
    for (const line of points) {
      let best = 0;
      for (let d = 0; d < line.length; ++d, ++k) best = Math.max(best, h.contrast(a[k], b[k]));
      if (best < 3) ++weak;
    }
    assert.ok(weak <= 0.05 * points.length, `${weak} of ${points.length} places round the cursor with a contrast under 3`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('phone, Puzzle Box: as much room under the board as over it; the board field follows the board, which Solve starts from', async () => {
  const { context, page, errors, touch } = await h.openPhone(browser, srv.url);
  await touch.tapWidget('Puzzle Box');
  await h.waitState(page, 's.box.active && s.box.cell > 0', 5000);
  let s = await h.settled(page);
  const b = s.box, board = s.layout.board, frame = 6;  // the board's dark frame, round its cells
  const over = b.origin[1] - frame - board[1];
  const under = board[1] + board[3] - (b.origin[1] + b.cell * b.size + frame);
  await h.screenshot(page, 'corners-phone-box');
  assert.ok(under >= 0 && under <= over + 2, `${over} px over the board, ${under} px under it`);
  // A turn: the field shows the board as it is now; the panel says Solve starts from there.
  const before = s.box.board;
  await touch.tap({ x: b.origin[0] + b.cell, y: b.origin[1] + b.cell });  // Q1
  s = await h.waitState(page, 's.box.moves_made === 1', 5000);
  assert.notDeepEqual(s.box.board, before);
  assert.deepEqual(s.box.start_text.replace(/[^0-9]/g, '').split('').map(Number), s.box.board);
  assert.ok(s.widgets['box:solve help'], 'the panel says what Solve starts from');
  await touch.tapWidget('Solve##box');
  s = await h.waitState(page, '!s.box.solving && s.box.solutions.length > 0', 20000);
  assert.ok(!s.widgets['box:solve help'], 'the status replaces the help');
  assert.deepEqual(errors, []);
  await touch.detach();
  await context.close();
});
