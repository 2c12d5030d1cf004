// A new user's first minutes with real input (issue 21): the pressed tile is the one that
// moves, quick key presses and Ctrl+clicks count, touch can turn back, the keyboard plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// A drag at a normal hand's pace: the first move follows the press within a frame.
async function quickDrag(page, from, to, steps = 8) {
  await page.mouse.move(from.x, from.y);
  await page.waitForTimeout(60);
  await page.mouse.down();
  for (let k = 1; k <= steps; ++k) {
    await page.mouse.move(from.x + (to.x - from.x) * k / steps, from.y + (to.y - from.y) * k / steps);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  await page.waitForTimeout(300);
}

test('a quick drag moves the tile pressed, not the one the pointer reached (board and tray)', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  let s = await h.state(page);
  const nearRight = { x: s.board.x + s.board.cell - 6, y: s.board.y + s.board.cell / 2 };
  await quickDrag(page, nearRight, await h.cellCentre(page, 2, 2));
  s = await h.state(page);
  assert.equal(s.cells[8][0], 1, `tile 1 goes to cell 9 (cells: ${JSON.stringify(s.cells)})`);
  assert.equal(s.cells[0][0], 9);
  assert.equal(s.cells[1][0], 2, 'tile 2 stays');
  await h.clickWidget(page, 'Clear board');
  s = await h.waitState(page, 's.tray.length === 9');
  const tb = s.tray_box;
  const trayRight = { x: tb.x + tb.cell - 4, y: tb.y + tb.cell / 2 };
  await quickDrag(page, trayRight, await h.cellCentre(page, 1, 1));
  s = await h.state(page);
  assert.equal(s.cells[4][0], 1, `tray tile 1 is placed (cells: ${JSON.stringify(s.cells)})`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Real input events (CDP, as from the keyboard and mouse) that all reach the page between two
// frames: the page's main thread is kept busy while they are sent, so they queue and are
// handled together before the next frame.
async function inOneFrame(page, commands) {
  const cdp = await page.context().newCDPSession(page);
  const busy = page.evaluate(() => { const t = performance.now(); while (performance.now() - t < 400); });
  await page.waitForTimeout(100);
  await Promise.all([busy, ...commands.map(([method, params]) => cdp.send(method, params))]);
  await page.waitForTimeout(200);
  await cdp.detach();
}
const ctrl = (type) => ['Input.dispatchKeyEvent', { type, key: 'Control', code: 'ControlLeft',
  windowsVirtualKeyCode: 17, modifiers: type === 'keyUp' ? 0 : 2 }];

test('a Ctrl+Z pressed and let go within one frame undoes', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  const c = await h.cellCentre(page, 0, 0);
  await h.humanClick(page, c.x, c.y);
  await h.waitState(page, 's.cells[0][1] === 1');
  const z = (type) => ['Input.dispatchKeyEvent', { type, key: 'z', code: 'KeyZ',
    windowsVirtualKeyCode: 90, modifiers: 2 }];
  await inOneFrame(page, [ctrl('rawKeyDown'), z('rawKeyDown'), z('keyUp'), ctrl('keyUp')]);
  const s = await h.state(page);
  assert.equal(s.cells[0][1], 0, 'the turn was undone');
  await page.close();
});

test('a quick Ctrl+click on a slider turns it into a text field', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Generate a solvable puzzle');
  const r = (await h.state(page)).widgets['rows slider'];
  const at = { x: r[0] + r[2] / 2, y: r[1] + r[3] / 2 };
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(100);
  const mouse = (type) => ['Input.dispatchMouseEvent', { type, ...at, button: 'left',
    clickCount: 1, modifiers: 2 }];
  await inOneFrame(page, [ctrl('rawKeyDown'), mouse('mousePressed'), mouse('mouseReleased'),
    ctrl('keyUp')]);
  const s = await h.state(page);
  assert.ok(s.text_input, 'the slider takes typed text');
  await page.close();
});

test('on a touch screen a tap turns a tile and a long press turns it back', async () => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true,
    viewport: { width: 900, height: 700 } });
  const { page, errors } = await h.openApp(context, srv.url, { width: 900, height: 700 });
  const touch = await h.touchscreen(page);
  const c = await h.cellCentre(page, 1, 1);
  await touch.tap(c);
  let s = await h.waitState(page, 's.cells[4][1] === 1', 5000);
  await touch.hold(c);
  await page.waitForTimeout(200);
  s = await h.state(page);
  assert.equal(s.cells[4][1], 0, 'the long press turned the tile back (not forward)');
  await touch.hold(c);
  s = await h.waitState(page, 's.cells[4][1] === 3', 5000);
  assert.deepEqual(errors, []);
  await context.close();
});

// With a mouse a slow click is a click: it turns the tile forward, however long the button
// stays down (a busy machine's slow frames made a held click turn tiles back).
test('with a mouse a click held for a second still turns a tile forward', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 900, height: 700 });
  const c = await h.cellCentre(page, 1, 1);
  const before = (await h.state(page)).cells[4][1];
  await page.mouse.move(c.x, c.y);
  await h.framesLater(page);
  await page.mouse.down();
  await page.waitForTimeout(1000);
  await h.framesLater(page);
  let s = await h.state(page);
  assert.equal(s.cells[4][1], before, 'held: nothing turned yet');
  await page.mouse.up();
  s = await h.waitState(page, `s.cells[4][1] === ${(before + 1) % 4}`, 5000);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard play: arrows move a visible cursor, Space turns, Shift+Space turns back, Enter picks and drops, Tab leaves', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  const press = async (key) => { await page.keyboard.press(key); await h.framesLater(page); };
  await press('ArrowRight');  // shows the cursor on cell 1
  let s = await h.waitState(page, 's.board_input.focused && s.board_input.cursor_shown', 5000);
  await press('ArrowRight');
  await press('Space');
  s = await h.waitState(page, 's.cells[1][1] === 1', 5000);
  await press('Shift+Space');
  await press('Shift+Space');
  s = await h.waitState(page, 's.cells[1][1] === 3', 5000);
  await press('Enter');  // pick tile 2 up
  await press('ArrowDown');
  s = await h.waitState(page, 's.board_input.picked_cell === 1 && s.board_input.cursor === 4', 5000);
  await h.screenshot(page, 'play-keyboard-cursor');
  await press('Enter');  // put it down on the centre: a swap
  s = await h.waitState(page, 's.cells[4][0] === 2 && s.cells[1][0] === 5', 5000);
  await press('Tab');
  s = await h.waitState(page, '!s.board_input.focused', 5000);
  // Past the action bar's buttons to the panel.
  for (let k = 0; k < 10 && (await h.state(page)).bar_focus >= 0; ++k) await press('Tab');
  s = await h.waitState(page, '!s.board_input.focused && s.bar_focus < 0', 5000);
  await press('Space');  // the panel has the keys now: the board does not turn
  // Tab walks the bar's actions and the panel, then comes back to the board.
  for (let k = 0; k < 10 && !(await h.state(page)).board_input.focused; ++k) await press('Tab');
  s = await h.waitState(page, 's.board_input.focused', 5000);
  assert.equal(s.cells[4][1], 3);
  assert.deepEqual(errors, []);
  await page.close();
});

// The tray under the board is entered by going down from the bottom row, a tray beside the
// board (a short, wide window: a phone held sideways, here a desktop) by going right from the
// right column, on the level of the row left; the other way leads nowhere.
test('keyboard play: the arrows reach the tray where it lies, under the board or beside it', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 1280, height: 900 });
  await h.openDealt(page, 'seed000_mockup.txt');
  const press = async (key, times = 1) => {
    for (let k = 0; k < times; ++k) { await page.keyboard.press(key); await h.framesLater(page); }
  };
  const cursor = async () => (await h.state(page)).board_input.cursor;
  await h.clickWidget(page, 'Clear board');  // all nine tiles in the tray
  let s = await h.waitState(page, 's.tray.length === 9', 5000);
  assert.ok(s.tray_box.y > s.board.y + 3 * s.board.cell, 'the tray is under the board');
  await press('Tab');  // the keys to the board: the cursor shows on cell 0
  await h.waitState(page, 's.board_input.focused && s.board_input.cursor_shown', 5000);
  await press('ArrowRight', 3);
  assert.equal(await cursor(), 2, 'right from the right column: the tray is not there');
  await press('ArrowDown', 2);
  assert.equal(await cursor(), 8);
  await press('ArrowDown');
  assert.equal(await cursor(), 9 + 2, 'down from the bottom row: the tray slot under the column');
  await press('ArrowUp');
  assert.equal(await cursor(), 8, 'and up again');
  // A short, wide window: the tray beside the board.
  await page.setViewportSize({ width: 1280, height: 560 });
  s = await h.waitState(page, 's.layout.display[1] === 560 && s.tray_box.x > s.board.x + 3 * s.board.cell', 5000);
  await h.screenshot(page, 'play-keyboard-tray-beside');
  await press('ArrowDown');
  assert.equal(await cursor(), 8, 'down from the bottom row: the tray is not there');
  await press('ArrowRight');
  const t = s.tray_box, rowOf8 = s.board.y + 2.5 * s.board.cell;
  const trayRows = Math.ceil(9 / t.per_row);
  const row = Math.min(trayRows - 1, Math.max(0, Math.floor((rowOf8 - t.y) / (t.cell + t.gap))));
  assert.equal(await cursor(), 9 + row * t.per_row, 'right from the right column: the tray row on its level');
  await press('ArrowLeft');
  const back = await cursor();
  assert.ok(back < 9 && back % 3 === 2, `left from the tray's first column: the board's right column (${back})`);
  await press('ArrowRight');
  await press('Enter');  // pick the tray tile up, put it on the board's centre
  await press('ArrowLeft');
  await press('ArrowDown');
  await press('ArrowLeft');
  await press('Enter');
  s = await h.waitState(page, 's.tray.length === 8', 5000);
  assert.ok(s.cells.some((c) => c[0] > 0), 'a tray tile placed with the keys');
  assert.deepEqual(errors, []);
  await page.close();
});

test('hints, solver status, "solved" and load errors never move the controls under them; a hint follows the board', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Solver');
  const names = ['Undo', 'Hint', 'Clear board', 'mode', 'Search', 'Cancel', '< Previous', 'Next >',
    'Watch the search'];
  const where = async () => {
    const w = (await h.state(page)).widgets;
    return Object.fromEntries(names.map((n) => [n, w[n]]));
  };
  const start = await where();
  await h.clickWidget(page, 'Hint');
  let s = await h.waitState(page, 's.hint.length > 0');
  assert.match(s.hint, /^Tile \d+ \(now at row \d+, column \d+\): /);
  assert.ok(!/quarter|\(s\)|tiles already fits|1 tiles/.test(s.hint), s.hint);
  const area = s.widgets['hint area'];
  assert.ok(area && area[0] + area[2] <= s.layout.panel[0] + s.layout.panel[2], 'the hint wraps inside the panel');
  await h.screenshot(page, 'play-hint');
  assert.deepEqual(await where(), start, 'a hint moved controls');
  // Clear board where it was before the hint: the click lands, the stale hint goes.
  const clear = start['Clear board'];
  await h.humanClick(page, clear[0] + clear[2] / 2, clear[1] + clear[3] / 2);
  s = await h.waitState(page, 's.tray.length === 9', 5000);
  assert.equal(s.hint, '', 'the hint went with the board it was for');
  assert.equal(s.hint_cell, -1);
  await h.clickWidget(page, 'Undo');
  // The solver's status and a solution put on the board by it.
  await h.clickWidget(page, 'Search');
  s = await h.waitState(page, '!s.solving && s.solutions === 2');
  assert.deepEqual(await where(), start, 'the solver status moved controls');
  const next = start['Next >'];
  await h.humanClick(page, next[0] + next[2] / 2, next[1] + next[3] / 2);
  s = await h.waitState(page, 's.solved && s.shown === 0', 5000);
  assert.equal(s.solved_by, 'solver', 'the solver solved it, not the player');
  await h.screenshot(page, 'play-solved-by-solver');
  assert.deepEqual(await where(), start, 'a solved board moved controls');
  // A bad link in the address: the error shows, nothing moves.
  await page.evaluate(() => { location.hash = 'not-a-tilewise-link'; });
  s = await h.waitState(page, 's.error.length > 0', 5000);
  await h.screenshot(page, 'play-load-error');
  assert.deepEqual(await where(), start, 'an error line moved controls');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the play clock starts at the first move, not at page load', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await page.waitForTimeout(1500);
  let s = await h.state(page);
  assert.equal(s.play_ms, 0, 'no move yet: the clock has not started');
  const c = await h.cellCentre(page, 0, 0);
  await h.humanClick(page, c.x, c.y);
  await page.waitForTimeout(600);
  s = await h.state(page);
  assert.ok(s.play_ms > 300 && s.play_ms < 1500, `clock since the first move: ${s.play_ms} ms`);
  await page.close();
});

const near = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < 30;
const named = { green: [60, 170, 75], yellow: [240, 215, 55], red: [215, 55, 50], blue: [55, 105, 220] };

// A tile's four wedges, sampled between the motifs' half-shapes (on the edges) and the tile's
// centre, away from the wedges' outlines: top, right, bottom, left.
async function wedgeColours(page, row, col) {
  const b = (await h.state(page)).board;
  const x = b.x + col * b.cell, y = b.y + row * b.cell, k = b.cell;
  await page.mouse.move(5, 795);  // no tooltip over the board
  await page.waitForTimeout(200);
  return h.pixels(page, await page.screenshot(), [[0.5, 0.32], [0.68, 0.5], [0.5, 0.68], [0.32, 0.5]]
    .map(([fx, fy]) => [x + fx * k, y + fy * k]));
}

test('a puzzle that names its colours is drawn in them, with a key; the gallery is opaque', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  // Seed 000's legend: A=blue B=green C=red D=purple. Tile 1 reads b c A D (B half, C half, A, D).
  let w = await wedgeColours(page, 0, 0);
  assert.ok(near(w[0], named.green) && near(w[1], named.red) && near(w[2], named.blue),
    `seed 000 tile 1 wedges: ${JSON.stringify(w)}`);
  // The gallery over the board: where its first group's entries have no text (their right
  // margin), it shows one colour, not the board's tiles under it.
  await h.clickWidget(page, 'Gallery');
  let s = await h.waitState(page, 's.gallery.open', 5000);
  const rows = s.gallery.groups[0].entries.map((f) => s.widgets['gallery:' + f]);
  const top = Math.min(...rows.map((r) => r[1])), bottom = Math.max(...rows.map((r) => r[1] + r[3]));
  const side = s.board.cell * s.cols;  // the strip: over the board's last column, right of the text
  const right = Math.min(Math.min(...rows.map((r) => r[0] + r[2])) - 3, s.board.x + side - 0.15 * s.board.cell);
  assert.ok(s.board.x < right && right < s.board.x + side && top < s.board.y + side && bottom > s.board.y,
    `the strip x=${right}, y=${top}..${bottom} lies over the board ${JSON.stringify(s.board)}`);
  await page.mouse.move(right, s.widgets['Close'][1] + 4);  // hover no entry
  await page.waitForTimeout(200);
  const png = await h.screenshot(page, 'play-gallery-open');  // read as kept
  const strip = [];
  for (let y = Math.max(top, s.board.y) + 2; y < Math.min(bottom, s.board.y + side) - 2; y += 3) strip.push([right, y]);
  const seen = new Set((await h.pixels(page, png, strip)).map((p) => JSON.stringify(p)));
  assert.equal(seen.size, 1, `the open gallery shows what lies under it: ${[...seen].join(' ')}`);
  await h.clickWidget(page, 'gallery:cards_2x2.txt');
  s = await h.waitState(page, 's.puzzle === "cards_2x2.txt"', 5000);
  // Tile 1 is written HEAD-GREEN HEAD-GREEN TAIL-YELLOW HEAD-RED; the gallery opens it
  // shuffled and turned: its sides are where its cell and turn put them.
  const at = s.cells.findIndex((c) => c[0] === 1), turn = s.cells[at][1];
  const written = [named.green, named.green, named.yellow, named.red];
  w = await wedgeColours(page, Math.floor(at / s.cols), at % s.cols);
  assert.ok([0, 1, 2, 3].every((k) => near(w[k], written[((k - turn) % 4 + 4) % 4])),
    `cards_2x2 tile 1 (cell ${at}, turned ${turn}) wedges: ${JSON.stringify(w)}`);
  await h.screenshot(page, 'play-cards-colours');
  await h.clickWidget(page, 'Gallery');
  await h.waitState(page, 's.gallery.open', 5000);
  await h.clickWidget(page, 'gallery:seed001_dogs.txt');
  s = await h.waitState(page, 's.puzzle === "seed001_dogs.txt"', 5000);
  const c = await h.cellCentre(page, 0, 0);
  await page.mouse.move(c.x, c.y - s.board.cell * 0.35);  // over tile 1's top side: its name
  await page.waitForTimeout(300);
  await h.screenshot(page, 'play-dogs-key');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Save names the file after the puzzle; a puzzle opened from a file keeps its title and colours over a reload', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Files');
  const download = page.waitForEvent('download');
  await h.clickWidget(page, 'Save');
  assert.equal((await download).suggestedFilename(), 'seed000_mockup.txt');
  // cards_2x2 with its first two cards swapped: not an example, titled only by its file name.
  const lines = fs.readFileSync(h.root + '/assets/puzzles/cards_2x2.txt', 'utf8').split('\n');
  const first = lines.findIndex((l) => l && !l.startsWith('#'));  // the first card's line
  [lines[first], lines[first + 1]] = [lines[first + 1], lines[first]];
  const chooser = page.waitForEvent('filechooser');
  await h.clickWidget(page, 'Open file...');
  await (await chooser).setFiles({ name: 'my cards.txt', mimeType: 'text/plain',
    buffer: Buffer.from(lines.join('\n')) });
  let s = await h.waitState(page, 's.puzzle === "my cards.txt"', 5000);
  const before = await wedgeColours(page, 0, 1);  // tile 1, now second
  assert.ok(near(before[0], named.green) && near(before[3], named.red), JSON.stringify(before));
  await page.waitForTimeout(800);  // the address follows the board
  await page.reload();
  await h.waitDrawn(page);
  s = await h.state(page);
  assert.equal(s.puzzle, 'my cards.txt', 'the title survives the reload');
  assert.deepEqual(await wedgeColours(page, 0, 1), before, 'and so do the named colours');
  await h.openMore(page, 'Files');
  // Save keeps the board as played: turn tile 1, save, open the saved file: same board.
  const c = await h.cellCentre(page, 0, 1);
  await h.humanClick(page, c.x, c.y);
  s = await h.waitState(page, 's.cells[1][1] === 1', 5000);
  const played = s.cells;
  const again = page.waitForEvent('download');
  await h.clickWidget(page, 'Save');
  const saved = await again;
  assert.equal(saved.suggestedFilename(), 'my_cards.txt');
  const text = fs.readFileSync(await saved.path(), 'utf8');
  assert.match(text, /^# arrangement: 1\/0 2\/1 3\/0 4\/0$/m);
  await h.clickWidget(page, 'Clear board');
  const reopen = page.waitForEvent('filechooser');
  await h.clickWidget(page, 'Open file...');
  await (await reopen).setFiles({ name: 'my_cards.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  s = await h.waitState(page, 's.puzzle === "my_cards.txt"', 5000);
  assert.deepEqual(s.cells, played, 'the saved board is back');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the solver says what it did in plain words in each mode', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Solver');
  const solveIn = async (mode) => {
    await h.clickWidget(page, 'mode');
    await h.waitState(page, `s.widgets[${JSON.stringify(mode)}] !== undefined`, 5000);
    await h.clickWidget(page, mode);
    await h.clickWidget(page, 'Search');
    await h.waitState(page, '!s.solving && s.status !== "" && !/searching/.test(s.status)', 30000);
    return (await h.state(page)).status;
  };
  let status = await solveIn('count');
  assert.match(status, /^Counted 2 solutions \(the same solution turned round as a whole counts once\)\. Counting keeps none to browse/);
  assert.ok(!/\(s\)|first 0|up to rotation|distinct boards/.test(status), status);
  status = await solveIn('first solution');
  assert.match(status, /^The solver found a solution \(it stops at the first/);
  assert.ok(!/stopped/.test(status), status);
  await h.clickWidget(page, 'Next >');
  const s = await h.waitState(page, 's.solved', 5000);
  assert.equal(s.solved_by, 'solver');
  assert.deepEqual(errors, []);
  await page.close();
});
