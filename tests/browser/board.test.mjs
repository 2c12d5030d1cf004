// What a person does on the board page: play, solve, browse, cancel, load files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

test('turning and swapping tiles with the mouse changes the match counter; undo restores', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  const s0 = await h.state(page);
  const c = await h.cellCentre(page, 1, 1);
  await h.humanClick(page, c.x, c.y);  // turn the centre tile clockwise
  let s = await h.waitState(page, 's.cells[4][1] === 1');
  assert.equal(s.cells[4][1], 1);
  // Drag the top-left tile onto the bottom-right cell: a swap.
  const a = await h.cellCentre(page, 0, 0), b = await h.cellCentre(page, 2, 2);
  await h.humanDrag(page, a, b);
  s = await h.waitState(page, 's.cells[0][0] === 9 && s.cells[8][0] === 1');
  await h.screenshot(page, 'board-after-moves');
  await h.clickWidget(page, 'Undo');
  await h.clickWidget(page, 'Undo');
  s = await h.waitState(page, 's.cells[0][0] === 1 && s.cells[4][1] === 0');
  assert.equal(s.matched, s0.matched);
  await page.close();
});

test('the tray: clear the board, place tiles by click and by drag, take one off, undo', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  const s0 = await h.state(page);
  assert.deepEqual(s0.tray, []);
  await h.clickWidget(page, 'Clear board');
  let s = await h.waitState(page, 's.tray.length === 9');
  assert.ok(s.cells.every(([tile]) => tile === 0), 'every cell is empty');
  assert.equal(s.matched, 0);
  await h.screenshot(page, 'board-tray-full');
  const trayCentre = (st, k) => ({
    x: st.tray_box.x + (k % st.tray_box.per_row) * (st.tray_box.cell + st.tray_box.gap) + st.tray_box.cell / 2,
    y: st.tray_box.y + Math.floor(k / st.tray_box.per_row) * (st.tray_box.cell + st.tray_box.gap) + st.tray_box.cell / 2,
  });
  // A click on tray tile 3 puts it on the first empty cell.
  let t = trayCentre(s, 2);
  await h.humanClick(page, t.x, t.y);
  s = await h.waitState(page, 's.cells[0][0] === 3 && s.tray.length === 8');
  assert.ok(!s.tray.includes(3));
  // Drag tray tile 7 (now 6th in the tray) onto the centre cell.
  t = trayCentre(s, s.tray.indexOf(7));
  const centre = await h.cellCentre(page, 1, 1);
  await h.humanDrag(page, t, centre,
    { during: (pg) => pg.screenshot({ path: h.shotDir + '/board-tray-dragging.png' }) });
  s = await h.waitState(page, 's.cells[4][0] === 7 && s.tray.length === 7');
  // Drag the top-left tile back into the tray.
  const tl = await h.cellCentre(page, 0, 0);
  const into = trayCentre(s, 3);
  await h.humanDrag(page, tl, into);
  s = await h.waitState(page, 's.cells[0][0] === 0 && s.tray.length === 8 && s.tray.includes(3)');
  await h.screenshot(page, 'board-tray-partial');
  // A hint on a partial board names a tray tile; Undo walks back to the dealt board.
  await h.clickWidget(page, 'Hint');
  s = await h.waitState(page, 's.hint.length > 0');
  assert.match(s.hint, /^Tile \d+ \(now in the tray\): put it at row/);
  for (let k = 0; k < 4; ++k) await h.clickWidget(page, 'Undo');
  s = await h.waitState(page, 's.tray.length === 0');
  assert.deepEqual(s.cells, s0.cells);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const scale of [1, 1.5]) test(`frames that redraw only a changed rectangle leave the same picture as a full redraw (device pixel ratio ${scale})`, async () => {
  const { page } = await h.openApp(browser, srv.url, { scale });
  await h.openDealt(page, 'seed000_mockup.txt');
  // Turns, a swap and a tray round trip: each redraws only the board's rectangle.
  for (const [r, c] of [[0, 0], [1, 2], [2, 1]]) {
    const p = await h.cellCentre(page, r, c);
    await h.humanClick(page, p.x, p.y);
  }
  await dragCell(page, 3, 0, 8);
  // A search: the solver panel's lines change (progress, status, solution count).
  await h.searchInWorker(page);
  await h.waitState(page, '!s.solving && s.solutions === 2');
  await page.mouse.move(5, 795);  // nothing hovered
  await page.waitForTimeout(300);
  const s = await h.state(page);
  const board = { x: s.board.x - 4, y: s.board.y - 4, width: s.board.cell * 3 + 8, height: s.board.cell * 3 + 8 };
  // The panel below the play line, whose clock ticks every second.
  const top = s.widgets['play status'][1] + s.widgets['play status'][3] + 2;
  const panel = { x: 0, y: top, width: 360, height: 800 - top };
  const partial = [await page.screenshot({ clip: board }), await page.screenshot({ clip: panel })];
  // A size change redraws everything from a cleared canvas.
  await page.setViewportSize({ width: 1200, height: 800 });
  await h.waitState(page, 's.frames > 0');
  await page.waitForTimeout(300);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(500);
  const full = [await page.screenshot({ clip: board }), await page.screenshot({ clip: panel })];
  const tag = scale === 1 ? '' : `-dpr${scale}`;
  fs.writeFileSync(`${h.shotDir}/board-partial-redraw${tag}.png`, partial[0]);
  fs.writeFileSync(`${h.shotDir}/board-full-redraw${tag}.png`, full[0]);
  fs.writeFileSync(`${h.shotDir}/panel-partial-redraw${tag}.png`, partial[1]);
  fs.writeFileSync(`${h.shotDir}/panel-full-redraw${tag}.png`, full[1]);
  assert.ok(partial[0].equals(full[0]), 'the board after partial redraws differs from a full redraw of it');
  assert.ok(partial[1].equals(full[1]), 'the panel after partial redraws differs from a full redraw of it');
  await page.close();
});

test('solving seed 000 in the worker gives exactly 2 solutions to browse, and applying one solves the board', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.searchInWorker(page);
  let s = await h.waitState(page, '!s.solving && s.solutions === 2');
  assert.match(s.status, /^Found all 2 solutions/);
  const slides = s.animations;
  await h.clickWidget(page, 'Next >');
  s = await h.waitState(page, 's.shown === 0 && s.solved');
  assert.equal(s.matched, 12);
  assert.equal(s.animations, slides + 1, 'applying a solution slides the tiles into place');
  await h.waitState(page, '!s.animating');
  await h.screenshot(page, 'board-solution-1');
  await h.clickWidget(page, 'Next >');
  s = await h.waitState(page, 's.shown === 1 && s.solved');
  await h.clickWidget(page, 'Next >');  // stays on the last one
  s = await h.state(page);
  assert.equal(s.shown, 1);
  await h.screenshot(page, 'board-solution-2');
  // A turn breaks the solved state.
  const c = await h.cellCentre(page, 0, 0);
  await h.humanClick(page, c.x, c.y);
  s = await h.waitState(page, '!s.solved');
  assert.ok(s.matched < 12);
  await page.close();
});

test('a long search can be cancelled and the board stays usable; frame time is measured', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  await page.evaluate(() => globalThis.tilewise.openedFiles.push({ name: 'hard.txt', text: '' }));
  await h.waitState(page, 's.error.length > 0');  // an empty file: an error, the puzzle stays
  let s = await h.state(page);
  assert.equal(s.puzzle, 'seed000_mockup.txt');
  assert.match(s.error, /hard\.txt: no cards/);
  await h.screenshot(page, 'board-bad-file-error');
  // Load the hard 7x7 example from the example list by dropping its text as a file.
  const text = await (await fetch(srv.url + 'index.html')).text();  // server is up
  assert.ok(text.includes('Tilewise'));
  const hard = (await import('node:fs')).readFileSync(h.root + '/assets/puzzles/generated_7x7_hard.txt', 'utf8');
  await page.evaluate((t) => globalThis.tilewise.openedFiles.push({ name: 'generated_7x7_hard.txt', text: t }), hard);
  await h.waitState(page, "s.puzzle === 'generated_7x7_hard.txt' && s.rows === 7");
  // Baseline in the same page: the frame interval with the worker idle, over 3 s.
  const idle0 = await h.state(page), t0 = Date.now();
  await page.waitForTimeout(3000);
  const idle1 = await h.state(page);
  const idleMs = (Date.now() - t0) / Math.max(1, idle1.frames - idle0.frames);
  // Nothing moves on an idle board but the play timer (once a second): frames are built but
  // hardly any is drawn (render_gate.hpp).
  assert.ok(idle1.drawn_frames - idle0.drawn_frames <= 8,
    `${idle1.drawn_frames - idle0.drawn_frames} of ${idle1.frames - idle0.frames} idle frames drawn`);
  await h.searchInWorker(page);
  s = await h.waitState(page, 's.solving && s.progress_nodes > 100000', 30000);
  const search0 = s;
  await page.waitForTimeout(3000);  // no input, no screenshot: the frames measured are plain
  s = await h.state(page);
  const f = s.frame_ms_while_solving;
  assert.ok(f.frames > 10, `only ${f.frames} frames in 3 s of searching`);
  // The live figures refresh 4 times a second, redrawing only the panel's changed rectangle.
  const drawn = s.drawn_frames - search0.drawn_frames, built = s.frames - search0.frames;
  assert.ok(drawn > 0 && drawn <= 30, `${drawn} of ${built} frames drawn in 3 s of searching`);
  assert.ok(s.progress_nodes > search0.progress_nodes, 'the progress figures move');
  console.log(`# frame interval while the worker searched: ${f.frames} frames (${drawn} drawn), mean ${f.mean.toFixed(1)} ms, ` +
    `p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms; idle baseline ${idleMs.toFixed(1)} ms ` +
    `(searching/idle ${(f.mean / idleMs).toFixed(2)}x)`);
  // Playing while it searches: a drag across the board in 30 steps (every frame changes).
  // (The search keeps a worker a core busy until Cancel: every second here costs that much.)
  const busy0 = await h.state(page), tDrag = Date.now();
  const a = await h.cellCentre(page, 1, 1), b = await h.cellCentre(page, 4, 5);
  await h.humanDrag(page, a, b, { steps: 30 });
  const busy1 = await h.waitState(page, `s.cells[33][0] === ${busy0.cells[8][0]}`)  // (1,1) -> (4,5)
    .catch(() => assert.fail('the drag did not move the tile while the search ran'));
  assert.ok(busy1.solving, 'the search still runs');
  const dragMs = (Date.now() - tDrag) / Math.max(1, busy1.frames - busy0.frames);
  console.log(`# frame interval while dragging tiles during the search: ${busy1.frames - busy0.frames} frames ` +
    `(${busy1.drawn_frames - busy0.drawn_frames} drawn), mean ${dragMs.toFixed(1)} ms`);
  await h.screenshot(page, 'board-searching-7x7');
  await h.clickWidget(page, 'Cancel');
  s = await h.waitState(page, '!s.solving');
  assert.match(s.status, /cancelled/);
  const c = await h.cellCentre(page, 3, 3);
  await h.humanClick(page, c.x, c.y);
  s = await h.waitState(page, 's.cells[24][1] === 1');
  // And the worker works again afterwards: solve seed 000 after loading it back.
  await page.evaluate((t) => globalThis.tilewise.openedFiles.push({ name: 'again.txt', text: t }),
    (await import('node:fs')).readFileSync(h.root + '/assets/puzzles/seed000_mockup.txt', 'utf8'));
  await h.waitState(page, "s.puzzle === 'again.txt'");
  await h.searchInWorker(page);
  s = await h.waitState(page, '!s.solving && s.solutions === 2');
  await page.close();
});

// Drags the tile at cell `from` onto cell `to` (cells in reading order) as a person does.
async function dragCell(page, cols, from, to) {
  const a = await h.cellCentre(page, Math.floor(from / cols), from % cols);
  const b = await h.cellCentre(page, Math.floor(to / cols), to % cols);
  await h.humanDrag(page, a, b);
}

// The hint's words are followed literally: drag the tile named from where it says the tile is
// to where it says, then turn it as it says (clockwise = click, counter-clockwise = right-click).
test('following the hints with the mouse solves seed 000', async () => {
  const { page } = await h.openApp(browser, srv.url);
  await h.openDealt(page, 'seed000_mockup.txt');
  let s;
  const turns = { 'turn it once clockwise': ['left'], 'turn it twice (a half turn)': ['left', 'left'],
    'turn it once counter-clockwise': ['right'] };
  for (let step = 0; step <= 9; ++step) {
    await h.clickWidget(page, 'Hint');
    s = await h.waitState(page, 's.hint.length > 0');
    if (/solved/.test(s.hint)) break;
    const m = s.hint.match(/^Tile (\d+) \(now at row (\d+), column (\d+)\): (?:put it at row (\d+), column (\d+))?(?: and )?(turn it [^.]*)?\. (\d+ tiles? already fits?|No tile)/);
    assert.ok(m, s.hint);
    const [tile, fromRow, fromCol] = m.slice(1, 4).map(Number);
    const [row, col] = m[4] ? [Number(m[4]), Number(m[5])] : [fromRow, fromCol];
    const from = (fromRow - 1) * s.cols + (fromCol - 1), cell = (row - 1) * s.cols + (col - 1);
    assert.equal(s.cells[from][0], tile, 'the tile is where the hint says it is');
    assert.equal(s.hint_from_cell, from);
    assert.equal(s.hint_cell, cell);
    if (step === 0) await h.screenshot(page, 'board-hint');
    if (from !== cell) {
      await dragCell(page, s.cols, from, cell);
      s = await h.waitState(page, `s.cells[${cell}][0] === ${tile}`);
    }
    for (const button of m[6] ? turns[m[6]] : []) {
      const c = await h.cellCentre(page, row - 1, col - 1);
      await h.humanClick(page, c.x, c.y, button);
    }
    s = await h.waitState(page, 's.hint === ""');  // the board changed: the hint is gone
  }
  s = await h.waitState(page, 's.solved');
  assert.equal(s.matched, 12);
  assert.match(s.hint, /solved/);
  await h.screenshot(page, 'board-solved-by-hints');
  await page.close();
});

test('editing a tile, playing the edit and saving it as a file', async () => {
  // Tall enough for the whole editor below the other sections, and wider than tall (a side
  // panel, not the stacked phone layout).
  const { page } = await h.openApp(browser, srv.url, { width: 2200, height: 2000 });
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Edit', 'Start again');
  await h.clickWidget(page, 'Edit the puzzle being played');
  let s = await h.waitState(page, 's.editor.on_board && s.editor.open === 0 && s.editor.tiles[0][0] === -2');
  assert.deepEqual(s.editor.selected, [0, 0], "the first tile's top is chosen");
  // Tile 1's top: b (the tail of motif 2) becomes B, its head, from the palette.
  await h.clickWidget(page, 'edit:2');
  s = await h.waitState(page, 's.editor.tiles[0][0] === 2');
  assert.deepEqual(s.editor.selected, [0, 1], 'the next side is chosen');
  await h.screenshot(page, 'board-editor');
  await h.clickWidget(page, 'Play##edit');
  s = await h.waitState(page, '!s.editor.on_board && s.tiles[0][0] === 2');
  assert.equal(s.error, '');
  assert.match(s.title, /mock-up puzzle of seed 000/, 'the puzzle keeps its name');
  const save = async (before) => {
    if (!(await h.state(page)).widgets.Save) await h.clickWidget(page, 'Files');  // More > Files
    await h.clickWidget(page, 'Save');
    const saved = await page.waitForFunction((before) => {
      const d = globalThis.tilewise.lastDownload;
      return d && d.text !== before && d;
    }, before, { timeout: 10000 });
    return (await saved.jsonValue()).text;
  };
  const file = await save(null);
  assert.match(file, /^tile \S+ B c A D$/m);
  assert.doesNotMatch(file, /^tile \S+ b c A D$/m);
  assert.match(file, /^# legend: A=blue; B=green; C=red; D=purple$/m, 'the motifs keep their names');
  // A lonely half (E: a new motif, no tile has its tail) is legal: on a free border it may
  // face the outside. Tile 1's top chosen on the board, a fifth motif added, its head picked.
  await h.clickWidget(page, 'Edit');
  s = await h.waitState(page, 's.editor.on_board');
  const b = s.editor.board;
  await h.humanClick(page, b.x + b.cell / 2, b.y + b.cell * 0.1);
  s = await h.waitState(page, 's.editor.selected[0] === 0 && s.editor.selected[1] === 0');
  if (!s.widgets['Add motif']) await h.clickWidget(page, 'Motifs');
  await h.clickWidget(page, 'Add motif');
  await h.waitState(page, "'edit:5' in s.widgets");
  await h.clickWidget(page, 'edit:5');
  s = await h.waitState(page, 's.editor.tiles[0][0] === 5');
  await h.clickWidget(page, 'Play##edit');
  s = await h.waitState(page, '!s.editor.on_board && s.tiles[0][0] === 5');
  assert.equal(s.error, '');
  assert.match(await save(file), /^tile \S+ E c A D$/m);
  await page.close();
});
