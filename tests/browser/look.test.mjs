// The look on phones, tablets and desktops: the layout follows the screen, every panel
// control lies inside the viewport (and is at least 44 CSS px high on touch screens), the
// board fills a portrait phone, the theme switches, the gallery loads puzzles, and the
// screen reader hears what happened. Screenshots: look-<size>*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser, touch, mouse;  // one page with a finger, one with a mouse, sizes switched
before(async () => {
  srv = await h.startServer();
  browser = await h.launch();
  touch = await open('phone');
  mouse = await open('desktop');
});
after(async () => { await browser?.close(); srv?.server.close(); });

const sizes = {
  phone: { width: 390, height: 844, scale: 3, touch: true, pick: 'seed001_dogs.txt',
    title: 'Dogs' },
  tablet: { width: 820, height: 1180, scale: 2, touch: true, pick: 'cards_4x4.txt',
    title: 'Cards, 4 x 4' },
  desktop: { width: 1920, height: 1080, scale: 1, touch: false, pick: 'seed001_dogs.txt',
    title: 'Dogs' },
  small: { width: 800, height: 600, scale: 1, touch: false, pick: 'cards_2x2.txt',
    title: 'Cards, 2 x 2' },
};

// Screens swept with the Puzzle Box and an edge puzzle (a finger on each).
const sweep = {
  'tablet-landscape': { width: 1180, height: 820, scale: 2, touch: true },
  'phone-landscape': { width: 844, height: 390, scale: 3, touch: true },
  'small-phone': { width: 360, height: 640, scale: 3, touch: true },
};

async function open(size) {
  const { width, height, scale, touch } = sizes[size];
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale,
    hasTouch: touch, isMobile: touch, colorScheme: 'dark' });
  const page = await context.newPage();
  page.openedScale = scale;
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(srv.url);
  await h.waitDrawn(page);
  return { context, page, errors };
}

// Switches `page` to a size (CSS px and pixel ratio) as a different device would have it:
// Playwright sets the size; a pixel ratio other than the context's comes from a CDP session of
// our own (kept open: its override ends with it).
async function resize(page, size) {
  const { width, height, scale, touch } = sizes[size] ?? sweep[size];
  await page.bringToFront();  // a page in the background draws no frames
  await page.setViewportSize({ width, height });
  page.cdp ??= await page.context().newCDPSession(page);
  // (Once overridden, always: clearing the override goes back to the page's opening size.)
  if (scale !== page.openedScale || page.overridden) {
    await page.cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: scale, mobile: touch });
    page.overridden = true;
  } else {
    await page.cdp.send('Emulation.clearDeviceMetricsOverride');
  }
  return h.waitState(page, `s.layout.display[0] === ${width} && s.layout.display[1] === ${height} && ` +
    `s.look.font_ratio === ${scale} && s.controls.length > 0`);
}

// A mouse wheel over the panel, towards what is out of sight.
const panelWheel = (page) => async (st, dy) => {
  const [px, py, , ph] = st.layout.panel;
  await page.mouse.move(px + 3, py + ph / 2);
  await page.mouse.wheel(0, Math.sign(dy) * Math.min(Math.abs(dy) + 20, 100));
  await page.waitForTimeout(100);
};

// A tap with a finger on touch screens, a click otherwise; then frames to take it in.
async function press(page, size, name) {
  assert.ok((await h.state(page)).widgets[name], `no control '${name}' drawn`);
  // Below the fold (the panel under a phone's board): a wheel over the panel brings it up.
  const s = await h.widgetInSight(page, name, panelWheel(page));
  const r = s.widgets[name];
  const x = r[0] + r[2] / 2, y = r[1] + r[3] / 2;
  if (sizes[size].touch) await page.touchscreen.tap(x, y);
  else await h.humanClick(page, x, y);
  await page.waitForTimeout(150);
}

// Every control the panel drew this frame: inside the viewport across, inside it up and down
// when scrolled into view, and on touch screens at least 44 CSS px high.
function checkControls(s, size, width, height) {
  const finger = (sizes[size] ?? sweep[size]).touch;
  // The panel holds the play controls (Clear board, Gallery, Share, the modes, More); More
  // folds the rest away.
  assert.ok(s.controls.length >= 5, `${size}: the panel published its controls`);
  for (const c of s.controls) {
    const [x, y, w, hgt] = c.rect;
    const what = `${size} ${width}x${height}: '${c.name}' at [${c.rect.map(Math.round)}]`;
    assert.ok(x >= 0 && x + w <= width + 0.5, `${what} is cut off at a side`);
    const [left, , wide] = s.layout.panel;
    assert.ok(x >= left && x + w <= left + wide + 0.5, `${what} is cut off by the panel's edge`);
    const [, top, , tall] = s.layout.panel;  // scrolled into the panel: inside the page
    if (c.visible && y >= top && y + hgt <= top + tall)
      assert.ok(y >= 0 && y + hgt <= height + 0.5, `${what} runs past the page`);
    if (finger) assert.ok(hgt >= 44, `${what} is ${hgt} px high: too small for a finger`);
  }
}

// The share of the screen's pixel rows that are empty: one flat colour over a run of at least
// 24 CSS px (the gaps between lines of text are shorter). Read from the canvas (kept buffer).
function emptyShare(page) {
  return page.evaluate(() => {
    const c = document.getElementById('canvas');
    const t = document.createElement('canvas');
    t.width = c.width; t.height = c.height;
    const ctx = t.getContext('2d');
    ctx.drawImage(c, 0, 0);
    const px = new Uint32Array(ctx.getImageData(0, 0, t.width, t.height).data.buffer);
    const flat = [];
    for (let y = 0; y < t.height; ++y) {
      const row = y * t.width;
      let same = true;
      for (let x = 1; x < t.width && same; ++x) same = px[row + x] === px[row];
      flat.push(same);
    }
    const run = Math.round(24 * devicePixelRatio);
    let empty = 0;
    for (let y = 0; y < flat.length;) {
      let e = y;
      while (e < flat.length && flat[e]) ++e;
      if (e - y >= run) empty += e - y;
      y = e + 1;
    }
    return empty / flat.length;
  });
}

const pageFor = (size) => (sizes[size].touch ? touch : mouse);
for (const size of Object.keys(sizes)) {
  test(`${size}: layout, controls inside the viewport, crisp text, the gallery`, async () => {
    const { width, height, scale, touch: finger } = sizes[size];
    const { page, errors } = pageFor(size);
    let s = await resize(page, size);
    assert.equal(s.look.font_ratio, scale, 'the font is rasterised for the pixel ratio (again when it changes)');
    assert.equal(s.look.touch, finger);
    assert.ok(s.look.font_px >= (finger ? 16 : 15));
    const portrait = width < 700 || width < height;
    assert.equal(s.layout.stacked, portrait, 'board above the controls exactly on narrow or portrait screens');
    checkControls(s, size, width, height);
    const side = s.board.cell * s.cols;
    assert.ok(s.board.x >= 0 && s.board.x + side <= width && s.board.y + s.board.cell * s.rows <= height,
      'the board lies inside the page');
    if (size === 'phone') {
      assert.ok(side >= 0.9 * width, `the board is ${side} px wide: less than 90% of ${width}`);
      const empty = await emptyShare(page);
      assert.ok(empty <= 0.15, `${(100 * empty).toFixed(1)}% of the screen is empty`);
    }
    if (size === 'phone' || size === 'desktop') assert.equal(s.title, 'Frogs', 'the title, not the file name');
    await h.screenshot(page, `look-${size}`);

    // The gallery: open it, load a puzzle with one tap; the screen reader hears of it.
    await press(page, size, 'Gallery');
    s = await h.waitState(page, 's.gallery.open');
    assert.deepEqual(s.gallery.groups.map((g) => g.name), ['Today', 'First puzzles',
      'Scramble Squares classics', 'More 3 x 3 puzzles', 'Eternity II style', 'Big colour boards',
      'Random boards', 'Solver examples']);
    await h.screenshot(page, `look-${size}-gallery`);
    await press(page, size, 'gallery:' + sizes[size].pick);
    s = await h.waitState(page, `s.puzzle === '${sizes[size].pick}' && !s.gallery.open`);
    assert.equal(s.title, sizes[size].title);
    assert.equal(await page.evaluate(() => new Promise((done) => setTimeout(
      () => done(document.getElementById('announce').textContent), 200))),
      `Puzzle loaded: ${sizes[size].title}, ${s.rows} by ${s.cols} tiles.`);
    if (size === 'phone') {  // a finger dragged up on the panel scrolls it, even from a control
      s = await h.widgetInSight(page, 'More', panelWheel(page));
      if (!s.widgets.Solver) await press(page, size, 'More');  // open: room to scroll
      s = await h.settled(page);
      const r = s.widgets['More'], count = s.controls.length;  // the section's header
      const x = r[0] + r[2] / 2, y = r[1] + r[3] / 2;
      const { finger, detach } = await h.touchscreen(page);
      // A short drag: the header moves with the finger and is still under it when let go.
      await finger('touchStart', { x, y });
      for (let k = 1; k <= 4; ++k) {
        await finger('touchMove', { x, y: y - 12 * k });
        await page.waitForTimeout(40);
      }
      await finger('touchEnd');
      await h.waitState(page, `s.widgets['More'][1] < ${r[1] - 30}`);
      await page.waitForTimeout(300);
      s = await h.state(page);
      assert.equal(s.controls.length, count, 'the header was not pressed: a drag is not a tap');
      await h.screenshot(page, 'look-phone-scrolled');
      await detach();
    }
    if (size === 'desktop') {  // a group further down, and a generated Eternity II-sized board
      await press(page, size, 'Gallery');
      await h.waitState(page, 's.gallery.open');
      await press(page, size, 'gallery group:Eternity II style');
      await press(page, size, 'gallery:A board the size of Eternity II, 16 x 16');
      s = await h.waitState(page, 's.rows === 16 && s.cols === 16');
      assert.equal(s.title, 'A board the size of Eternity II, 16 x 16');
      await h.screenshot(page, 'look-desktop-e2-size');
      // The same board in a large window, its tiles drawn with their shapes: every cell is
      // drawn, the last row too (past 65,536 vertices 16-bit indices wrapped: the last rows
      // stayed blank and stray triangles crossed the board).
      await page.setViewportSize({ width: 2200, height: 2000 });
      s = await h.waitState(page, 's.layout.display[0] === 2200 && s.board.cell >= 60');
      await h.framesLater(page, 3);
      const png = await h.screenshot(page, 'look-desktop-e2-size-large');
      const b = s.board;
      for (const [row, col] of [[0, 0], [0, 15], [8, 8], [15, 0], [15, 15]]) {
        const points = [];
        for (let i = 1; i < 8; ++i) for (let j = 1; j < 8; ++j) {
          points.push([b.x + (col + i / 8) * b.cell, b.y + (row + j / 8) * b.cell]);
        }
        const colours = new Set((await h.pixels(page, png, points)).map((c) => c.join()));
        assert.ok(colours.size >= 3, `cell (${row}, ${col}) of ${b.cell} px is drawn in ` +
          `${colours.size} colour(s)`);
      }
      await page.setViewportSize({ width: sizes[size].width, height: sizes[size].height });
    }
    assert.deepEqual(errors, []);
  });
}

test('rotating a phone or resizing a window lays the page out again at once', async () => {
  const { page } = touch;
  await page.bringToFront();
  for (const [width, height] of [[844, 390], [320, 640], [2560, 1440], [390, 844]]) {
    await page.setViewportSize({ width, height });
    const s = await h.waitState(page, `s.layout.display[0] === ${width} && s.layout.display[1] === ${height}`);
    assert.equal(s.layout.stacked, width < 700 || width < height, `${width}x${height}`);
    checkControls(s, 'phone', width, height);
    if (width === 320) await h.screenshot(page, 'look-phone-320');
    if (width === 844) await h.screenshot(page, 'look-phone-landscape');
  }
});

// On touch screens a Box button looks as large as a finger can hit it (at least 22 px from
// its centre), where the numbers leave room: a radius of 90% of that, or of 0.28 of a cell.
function checkButtonLooks(s, what) {
  const drawn = s.widgets['box:B1'][2] / 2;
  const wanted = 0.9 * Math.min(22, s.box.button_reach, 0.28 / 0.9 * s.box.cell);
  assert.ok(drawn >= wanted, `${what}: a round button is drawn ${drawn.toFixed(1)} px wide from its ` +
    `centre and reaches ${s.box.button_reach} px (cells of ${s.box.cell} px)`);
}

// Tablet and phone held sideways, a small phone: the edge puzzle and the Puzzle Box at each of
// its sizes fit (board inside its window and the page, controls inside the panel and a finger
// high), and a fingertip a little off a round button's centre still turns it.
test('tablet landscape, phone landscape, a small phone: an edge puzzle and the Puzzle Box 3x3 to 5x5 fit', async () => {
  const { page, errors } = touch;
  const g = await h.touchscreen(page);
  const setSize = async (n) => {  // the size field, typed with the phone's number keys
    await g.tapWidget('box:size', 0.1);
    await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.insertText(String(n));
    await page.keyboard.press('Enter');
    await h.waitState(page, `s.box.size === ${n} && !s.text_entry.editing`, 5000);
    return h.settled(page);
  };
  for (const size of Object.keys(sweep)) {
    const { width, height } = sweep[size];
    let s = await resize(page, size);
    assert.equal(s.layout.stacked, width < 700 || width < height * 0.9, `${size}: stacked`);
    checkControls(s, size, width, height);
    assert.ok(s.board.x >= 0 && s.board.x + s.board.cell * s.cols <= width &&
      s.board.y + s.board.cell * s.rows <= height, `${size}: the edge board lies inside the page`);
    // The tray beside the board, the title one line and the action bar a column right of the
    // board: the board takes most of the height.
    if (size === 'phone-landscape') {
      assert.ok(s.layout.bar_beside, `${size}: the action bar beside the board`);
      assert.ok(s.board.cell * s.rows >= 0.7 * height, `${size}: the edge board is ${s.board.cell * s.rows} px high`);
    }
    await h.screenshot(page, `look-${size}`);
    await g.tapWidget('Puzzle Box');
    await h.waitState(page, 's.box.active');
    for (const n of [3, 4, 5]) {
      s = n === 3 ? await h.settled(page) : await setSize(n);
      checkControls(s, size, width, height);
      const [bx, by, bw, bh] = s.layout.board, side = s.box.cell * n;
      const [x, y] = s.box.origin;
      assert.ok(x >= bx && y >= by && x + side <= bx + bw && y + side <= bh + by && y + side <= height,
        `${size} ${n}x${n}: the board [${[x, y, side].map(Math.round)}] lies in its window [${s.layout.board}]`);
      assert.ok(s.box.cell >= 40, `${size} ${n}x${n}: cells of ${s.box.cell} px`);
      assert.ok(s.box.button_reach >= 22, `${size} ${n}x${n}: a round button reaches ${s.box.button_reach} px`);
      checkButtonLooks(s, `${size} ${n}x${n}`);
      await h.screenshot(page, `look-${size}-box${n}`);
    }
    // A fingertip 20 px below the last button's centre (a 5x5 board) turns it.
    const r = s.widgets['box:B12'];
    const moves = s.box.moves_made;
    await g.tap({ x: r[0] + r[2] / 2, y: r[1] + r[3] / 2 + 20 });
    await h.waitState(page, `s.box.moves_made === ${moves + 1}`, 5000)
      .catch(() => assert.fail(`${size}: a tap 20 px off the button's centre did not turn it`));
    await setSize(3);
    await g.tapWidget('Tiles');
    await h.waitState(page, '!s.box.active');
  }
  await g.detach();
  assert.deepEqual(errors, []);
});

// 6x6 to 8x8 Box boards (typed as the start) on a phone: the board fits the width and stays
// (the size field clamped it to 5), the buttons reach a fingertip's 22 px, look as large as the numbers leave room for, and a tap
// 20 px off the last one's centre turns it.
test('a phone: 6x6 to 8x8 Puzzle Box boards fit and their buttons look as large as they reach', async () => {
  const { page, errors } = touch;
  const g = await h.touchscreen(page);
  let s = await resize(page, 'phone');
  await g.tapWidget('Puzzle Box');
  await h.waitState(page, 's.box.active');
  for (const n of [6, 7, 8]) {
    await h.openBoxTyping(page, (name) => g.tapWidget(name));
    await g.tapWidget('start', 0.5);
    await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
    await page.keyboard.press('End');
    for (let k = (await h.state(page)).box.start_text.length; k > 0; --k) await page.keyboard.press('Backspace');
    await page.keyboard.insertText(Array.from({ length: n * n }, (_, i) => n * n - i).join(','));
    await page.keyboard.press('Enter');
    // The field takes the queued Backspaces one a frame (ImGui reads keys once a frame): up
    // to 3 s for the 7x7's 140 characters at 60 frames a second, longer when Chromium is busy.
    s = await h.waitState(page, `s.box.size === ${n} && !s.text_entry.editing`, 30000);
    s = await h.settled(page);
    const [x, y] = s.box.origin, side = s.box.cell * n;
    assert.ok(x >= 0 && x + side <= 390 && y + side <= s.layout.board[1] + s.layout.board[3],
      `${n}x${n}: the board [${[x, y, side]}] lies in its window [${s.layout.board}]`);
    // (Half a cell at most, the next button's: 8x8 cells are 42 px here.)
    assert.ok(s.box.button_reach >= Math.min(22, s.box.cell / 2), `${n}x${n}: a round button reaches ${s.box.button_reach} px`);
    checkButtonLooks(s, `phone ${n}x${n}`);
    for (const [label, field] of [['box:board label', 'start'], ['box:target label', 'target']]) {
      const l = s.widgets[label], f = s.widgets[field];
      assert.ok(l[0] + l[2] <= f[0], `${n}x${n}: the label "${label}" [${l}] ends before its field [${f}]`);
    }
    await h.screenshot(page, `look-phone-box${n}`);
    const last = `box:B${(n - 1) * (n - 1)}`, r = s.widgets[last], moves = s.box.moves_made;
    await g.tap({ x: r[0] + r[2] / 2, y: r[1] + r[3] / 2 + 20 });
    await h.waitState(page, `s.box.moves_made === ${moves + 1}`, 5000)
      .catch(() => assert.fail(`${n}x${n}: a tap 20 px off ${last}'s centre did not turn it`));
  }
  await g.tapWidget('Tiles');
  await h.waitState(page, '!s.box.active');
  await g.detach();
  assert.deepEqual(errors, []);
});

test('the theme follows the system and switches on request; the colour-blind palette', async () => {
  const { page } = mouse;
  await resize(page, 'small');
  const corner = () => page.evaluate(() => {  // the page background, read from the canvas
    const c = document.getElementById('canvas');
    const t = document.createElement('canvas');
    t.width = 1; t.height = 1;
    const ctx = t.getContext('2d');
    ctx.drawImage(c, c.width - 2, c.height - 2, 1, 1, 0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
  let s = await h.state(page);
  assert.equal(s.look.theme, 'dark', 'prefers-color-scheme: dark');
  const dark = await corner();
  assert.ok(dark.every((v) => v < 80), `a dark background, got ${dark}`);
  const scrollDown = async () => {  // one wheel notch a frame, to the panel's end
    await page.mouse.move(294, 300);  // over the panel's scrollbar, not a child area in it
    for (let k = 0; k < 12; ++k) { await page.mouse.wheel(0, 120); await page.waitForTimeout(40); }
    await page.waitForTimeout(200);
  };
  await scrollDown();  // More, then its Look section, at the panel's end
  await press(page, 'small', 'More');
  await scrollDown();
  await press(page, 'small', 'Look');
  await scrollDown();
  checkControls(await h.state(page), 'small', 800, 600);  // the Look section's too
  await press(page, 'small', 'Light');
  s = await h.waitState(page, "s.look.theme === 'light' && s.look.choice === 'light'");
  await page.waitForTimeout(200);
  const light = await corner();
  assert.ok(light.every((v) => v > 200), `a light background, got ${light}`);
  await h.screenshot(page, 'look-small-light');
  await press(page, 'small', 'Colour-blind-safe colours');
  s = await h.waitState(page, 's.look.colour_blind');
  await h.screenshot(page, 'look-small-colour-blind');
  // Tile numbers are off until asked for.
  assert.equal(s.look.tile_numbers, false);
  await press(page, 'small', 'Tile numbers');
  s = await h.waitState(page, 's.look.tile_numbers');
  await h.screenshot(page, 'look-small-tile-numbers');
  // "System" again, and the system changes its mind: the page follows.
  await press(page, 'small', 'System');
  await page.emulateMedia({ colorScheme: 'light' });
  await h.waitState(page, "s.look.theme === 'light' && s.look.choice === 'system'");
  await page.emulateMedia({ colorScheme: 'dark' });
  await h.waitState(page, "s.look.theme === 'dark'");
});
