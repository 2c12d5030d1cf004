// The Puzzle Box mode (issue 5) as a person uses it: switch modes, turn blocks with the
// round buttons, solve seed 003's board in the worker, play a solution back, type boards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const { pressSlowly } = h;

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const SEED_BOARD = [7, 6, 5, 8, 4, 9, 3, 2, 1];
const TARGET = [1, 2, 3, 4, 5, 6, 7, 8, 9];
// Seed 003's five ten-move solutions (also checked natively in tests/unit/box_test.cpp, in the
// CLI's 3x3 names Q1..Q4: the page names the same buttons B1..B4, as at every size).
const SEED_SOLUTIONS = [
  'B2 B4 B3 B4 B1 B3 B1 B3 B2 B3', 'B3 B3 B4 B1 B2 B2 B2 B3 B3 B1',
  'B3 B3 B4 B2 B1 B1 B3 B3 B1 B2', 'B3 B4 B2 B1 B3 B1 B3 B2 B1 B3',
  'B4 B2 B3 B1 B1 B2 B1 B3 B1 B3'];

// The 4x4 table with 6 numbers (the worker's 7 take ~15-50 s to build here: box_4x4.test.mjs
// and scripts/bench-box-wasm.mjs cover the table itself, and a fresh visit's build).
// `owner`: the browser (each page a fresh context) or `tablesKept()`.
async function openBox(owner = browser) {
  const opened = await h.openApp(owner, srv.url + '?pattern_tiles=6');
  await h.clickWidget(opened.page, 'Puzzle Box');
  await h.waitState(opened.page, 's.box.active');
  return opened;
}
// The 4x4 cases' context: the first builds the 6-number table and keeps it in this
// context's storage, the next reads it there instead of building it again.
let kept4x4;
const tablesKept = async () => (kept4x4 ??= await browser.newContext({ viewport: { width: 1280, height: 800 } }));

test('the round buttons turn their block: click clockwise, right-click back', async () => {
  const { page, errors } = await openBox();
  let s = await h.state(page);
  const tilesPuzzle = s.puzzle;
  assert.deepEqual(s.box.board, SEED_BOARD);
  assert.deepEqual(s.box.target, TARGET);
  await h.screenshot(page, 'box-start');
  await h.clickWidget(page, 'box:B1');  // 7 6 / 8 4 turned clockwise: 8 7 / 4 6
  s = await h.waitState(page, 's.box.board[0] === 8');
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 6, 9, 3, 2, 1]);
  await h.clickWidget(page, 'box:B4');  // 6 9 / 2 1 turned: 2 6 / 1 9
  s = await h.waitState(page, 's.box.board[4] === 2');
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 2, 6, 3, 1, 9]);
  await h.clickWidget(page, 'box:B4', 'right');
  await h.clickWidget(page, 'box:B1', 'right');
  s = await h.waitState(page, 's.box.board[0] === 7 && s.box.board[4] === 4');
  assert.deepEqual(s.box.board, SEED_BOARD);
  // Back to the tiles and here again: the box board is kept.
  await h.clickWidget(page, 'Tiles');
  s = await h.waitState(page, '!s.box.active');
  assert.equal(s.puzzle, tilesPuzzle, 'the tiles puzzle is kept');
  await h.clickWidget(page, 'Puzzle Box');
  s = await h.waitState(page, 's.box.active');
  assert.deepEqual(s.box.board, SEED_BOARD);
  assert.deepEqual(errors, []);
  await page.close();
});

// The board is a grid to tap: a number picked, then another, swaps the two (a new board: no
// moves counted, no old answer kept); the same number twice puts it back. Typing the numbers
// waits under "Type the numbers".
test('tapping two numbers swaps them; typing the numbers is folded away', async () => {
  const { page, errors } = await openBox();
  let s = await h.state(page);
  assert.ok(!s.widgets['start'] && s.widgets['Type the numbers'], 'the typed fields are folded away');
  await h.clickWidget(page, 'box:cell 1');  // 7
  s = await h.waitState(page, 's.box.picked_cell === 0');
  assert.deepEqual(s.box.board, SEED_BOARD, 'a pick alone changes nothing');
  await h.screenshot(page, 'box-picked');
  await h.clickWidget(page, 'box:cell 9');  // 1
  s = await h.waitState(page, 's.box.picked_cell === -1');
  assert.deepEqual(s.box.board, [1, 6, 5, 8, 4, 9, 3, 2, 7]);
  assert.equal(s.box.moves_made, 0);
  await h.clickWidget(page, 'box:cell 5');
  await h.waitState(page, 's.box.picked_cell === 4');
  await h.clickWidget(page, 'box:cell 5');
  s = await h.waitState(page, 's.box.picked_cell === -1');
  assert.deepEqual(s.box.board, [1, 6, 5, 8, 4, 9, 3, 2, 7]);
  await h.openBoxTyping(page);
  s = await h.state(page);
  assert.equal(s.box.start_text.replace(/[^0-9]/g, ''), '165849327', 'the typed field shows the board');
  assert.deepEqual(errors, []);
  await page.close();
});

test("solving seed 003's board gives exactly its 5 ten-move solutions; one plays back to the target", async () => {
  const { page, errors } = await openBox();
  await h.clickWidget(page, 'Solve##box');
  let s = await h.waitState(page, '!s.box.solving && s.box.solutions.length > 0');
  assert.match(s.box.status, /optimal: 5 solution\(s\) of 10 moves/);  // under Details
  assert.equal(s.box.words, 'Shortest solution: 10 moves (5 ways)');  // what a player reads
  assert.ok('box:details' in s.widgets, 'the figures sit behind a Details toggle');
  assert.equal(s.box.length, 10);
  assert.equal(s.box.count, 5);
  assert.deepEqual(s.box.solutions.map((m) => m.join(' ')).sort(), SEED_SOLUTIONS);
  await h.screenshot(page, 'box-solved-list');
  await h.clickWidget(page, 'box:solution 3');
  s = await h.waitState(page, 's.box.chosen === 2 && s.box.step === 0');
  assert.deepEqual(s.box.board, SEED_BOARD);
  await h.clickWidget(page, 'Step >');
  s = await h.waitState(page, 's.box.step === 1');
  await h.clickWidget(page, '< Back');
  s = await h.waitState(page, 's.box.step === 0');
  assert.deepEqual(s.box.board, SEED_BOARD);
  await h.clickWidget(page, 'Play##box');
  await page.waitForTimeout(1200);
  await h.screenshot(page, 'box-playing');
  s = await h.waitState(page, 's.box.step === 10 && !s.box.playing', 20000);
  assert.deepEqual(s.box.board, TARGET);
  assert.equal(s.box.at_target, true);
  await h.screenshot(page, 'box-played-to-target');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad typed board shows the parser error and keeps the current board; a good one is used', async () => {
  const { page } = await openBox();
  const typeInto = async (field, text) => {
    await h.openBoxTyping(page);
    await h.clickWidget(page, field);
    await pressSlowly(page, 'Control+A');
    await pressSlowly(page, 'Backspace');
    await page.keyboard.type(text, { delay: 30 });
    await pressSlowly(page, 'Enter');
  };
  await typeInto('start', '765849322');
  let s = await h.waitState(page, 's.box.error.length > 0');
  assert.equal(s.box.error, 'start: number 2 appears twice');
  assert.deepEqual(s.box.board, SEED_BOARD);
  await h.screenshot(page, 'box-bad-board');
  await typeInto('start', '213/456/789');
  s = await h.waitState(page, 's.box.error === "" && s.box.board[0] === 2');
  assert.deepEqual(s.box.board, [2, 1, 3, 4, 5, 6, 7, 8, 9]);
  await h.clickWidget(page, 'Solve##box');
  s = await h.waitState(page, '!s.box.solving && s.box.length > 0');
  // The independent check: every listed sequence, replayed here, reaches the target.
  const turn = (b, q) => { const r = Math.floor(q / 2), c = q % 2; const i = [r * 3 + c, r * 3 + c + 1, r * 3 + c + 4, r * 3 + c + 3];
    const v = i.map((k) => b[k]); i.forEach((k, j) => { b[k] = v[(j + 3) % 4]; }); };
  for (const seq of s.box.solutions) {
    const b = [2, 1, 3, 4, 5, 6, 7, 8, 9];
    for (const m of seq) turn(b, Number(m[1]) - 1);
    assert.deepEqual(b, TARGET, seq.join(' '));
  }
  await page.close();
});

test('a 4x4 scramble solves in the worker after its tables; Cancel stops a long 5x5 search', async () => {
  const { page, errors } = await openBox(await tablesKept());
  await setNumber(page, 'box:size', 4);
  // 3 random turns (at most 9 clockwise moves): the same tables and the same optimal search;
  // 6 turns (up to 18 moves) made this test take 19 to 117 CPU seconds, by the scramble.
  await setNumber(page, 'box:turns', 3);
  await h.clickWidget(page, 'Scramble');
  let s = await h.waitState(page, 's.box.size === 4 && !s.box.at_target');
  const scrambled = s.box.board;
  await h.clickWidget(page, 'Solve##box');
  s = await h.waitState(page, '!s.box.solving && s.box.status !== ""', 120000);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves/);
  // Undoing a clockwise turn takes three clockwise turns: at most 9 moves.
  assert.ok(s.box.length >= 1 && s.box.length <= 9, `length ${s.box.length}`);
  await h.clickWidget(page, 'box:solution 1');
  for (let i = 0; i < s.box.length; ++i) await h.clickWidget(page, 'Step >');
  s = await h.waitState(page, `s.box.step === ${s.box.length}`);
  assert.equal(s.box.at_target, true, `from ${scrambled}`);
  await h.screenshot(page, 'box-4x4-solved');
  // 5x5 after 80 turns: far too deep to finish soon; cancel it while it searches.
  await setNumber(page, 'box:size', 5);
  await setNumber(page, 'box:turns', 80);
  await h.clickWidget(page, 'Scramble');
  s = await h.waitState(page, 's.box.size === 5 && !s.box.at_target');
  await h.clickWidget(page, 'Solve##box');
  s = await h.waitState(page, 's.box.solving && s.box.progress.startsWith("searching")');
  // The anytime search's improvements show as the best so far, never as optimal solutions.
  s = await h.waitState(page, 's.box.solving && s.box.status.startsWith("best so far")', 30000);
  assert.match(s.box.status, /^best so far: \d+ moves \(none shorter than \d+\); still searching/);
  assert.equal(s.box.solutions.length, 1);
  await h.screenshot(page, 'box-5x5-searching');
  await h.clickWidget(page, 'Cancel##box');
  s = await h.waitState(page, '!s.box.solving', 10000);
  assert.match(s.box.status, /^cancelled; best found: \d+ moves, not proven optimal/);
  assert.deepEqual(errors, []);
  await page.close();
});

// The size field offers every size the page plays (3 to 8, as typed boards): its right end is
// 8x8. Chosen by the field, a 6x6 says what the solver does from 5x5 up, and the search shows
// the best solution so far with its lower bound; the best found, turned block by block here,
// reaches the target.
test('the size field goes to 8; a 6x6 chosen by it solves with the best so far and a lower bound', async () => {
  const { page, errors } = await openBox();
  let s = await h.state(page);
  const r = s.widgets['box:size'];
  // The slider's grab dragged past its right end.
  await h.humanDrag(page, { x: r[0] + 8, y: r[1] + r[3] / 2 }, { x: r[0] + r[2] + 40, y: r[1] + r[3] / 2 });
  s = await h.waitState(page, 's.box.size !== 3', 5000);
  assert.equal(s.box.size, 8, 'the right end of the size field is 8x8');
  assert.equal(s.box.board.length, 64);
  assert.ok(s.widgets['box:anytime note'], 'from 5x5 up the panel says what the solver does');
  await setNumber(page, 'box:size', 6);
  await setNumber(page, 'box:turns', 10);
  await h.clickWidget(page, 'Scramble');
  s = await h.waitState(page, 's.box.size === 6 && !s.box.at_target');
  assert.deepEqual([...s.box.target], Array.from({ length: 36 }, (_, i) => i + 1));
  const scrambled = s.box.board;
  await h.clickWidget(page, 'Solve##box');
  s = await h.waitState(page, 's.box.solutions.length === 1', 30000);
  assert.ok(s.box.lower_bound >= 1 && s.box.lower_bound <= s.box.length, `${s.box.lower_bound}..${s.box.length}`);
  await h.screenshot(page, 'box-6x6-anytime');
  if (s.box.solving) {
    assert.match(s.box.status, /^best so far: \d+ moves \(none shorter than \d+\); still searching/);
    await h.clickWidget(page, 'Cancel##box');
    s = await h.waitState(page, '!s.box.solving', 10000);
  }
  console.log(`# 6x6, 10 turns: ${s.box.status}`);
  assert.match(s.box.status, /(not proven optimal \(none shorter than \d+\)|^optimal)/);
  // The best found, turned here block by block (core/box/model/board.cpp's apply_move, in JS).
  const board = [...scrambled];
  for (const name of s.box.solutions[0]) {
    const m = /^B(\d+)('|x2)?$/.exec(name);
    assert.ok(m, `move ${name}`);
    const button = Number(m[1]) - 1, row = Math.floor(button / 5), col = button % 5;
    const tl = row * 6 + col, tr = tl + 1, bl = tl + 6, br = bl + 1;
    for (let k = 0; k < (m[2] === "'" ? 3 : m[2] ? 2 : 1); ++k)
      [board[tl], board[tr], board[br], board[bl]] = [board[bl], board[tl], board[tr], board[br]];
  }
  assert.deepEqual(board, s.box.target, `${s.box.solutions[0].join(' ')} does not reach the target`);
  assert.deepEqual(errors, []);
  await page.close();
});

// An ImGui number (slider or input) typed in: ctrl+click turns a slider into a text field.
async function setNumber(page, widget, n) {
  const r = (await h.state(page)).widgets[widget];
  const x = r[0] + Math.min(12, r[2] / 4), y = r[1] + r[3] / 2;
  await h.humanClick(page, x, y);  // focuses the canvas
  await page.keyboard.down('Control');
  await h.humanClick(page, x, y);
  await page.keyboard.up('Control');
  await pressSlowly(page, 'Control+A');
  await page.keyboard.type(String(n), { delay: 30 });
  await pressSlowly(page, 'Enter');
  await h.waitState(page, widget === 'box:size' ? `s.box.size === ${n}` : `s.box.scramble_turns === ${n}`);
}

// The move counter counts the player's turns and Undo takes them back; the start field follows
// the board as it turns; a bad typed start shows one error and keeps the board.
test('turning counts moves, Undo takes them back, the start field follows the board; a bad start keeps the board', async () => {
  const { page, errors } = await openBox();
  const numbers = (t) => t.replace(/[^0-9]/g, '').split('').map(Number);  // 3x3: digits
  const first = (await h.state(page)).box.board;
  await h.clickWidget(page, 'box:B1');
  let s = await h.waitState(page, 's.box.moves_made === 1');
  assert.deepEqual(numbers(s.box.start_text), s.box.board);
  await h.openBoxTyping(page);
  await h.clickWidget(page, 'start');
  await pressSlowly(page, 'Control+A');
  await pressSlowly(page, 'Backspace');
  await page.keyboard.type('765849322', { delay: 30 });
  await pressSlowly(page, 'Enter');
  s = await h.waitState(page, 's.box.error.length > 0');
  assert.equal(s.box.error, 'start: number 2 appears twice');
  assert.equal(s.box.start_text, '765849322');  // the typed text stays to be corrected
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 6, 9, 3, 2, 1]);
  await h.clickWidget(page, 'box:B4');  // a turn: the field shows the board again
  s = await h.waitState(page, 's.box.moves_made === 2');
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 2, 6, 3, 1, 9]);
  assert.deepEqual(numbers(s.box.start_text), s.box.board);
  assert.equal(s.box.error, '');
  await h.screenshot(page, 'box-move-counter');
  // Undo takes the last turn back (the button, then U on the board), down to the first board.
  await h.clickWidget(page, 'Undo##box');
  s = await h.waitState(page, 's.box.moves_made === 1');
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 6, 9, 3, 2, 1]);
  await h.clickWidget(page, 'box:B2');
  s = await h.waitState(page, 's.box.moves_made === 2');
  await pressSlowly(page, 'u');
  s = await h.waitState(page, 's.box.moves_made === 1');
  assert.deepEqual(s.box.board, [8, 7, 5, 4, 6, 9, 3, 2, 1]);
  assert.deepEqual(numbers(s.box.start_text), s.box.board);
  await h.clickWidget(page, 'Undo##box');
  s = await h.waitState(page, 's.box.moves_made === 0');
  assert.deepEqual(s.box.board, first);
  await h.clickWidget(page, 'Undo##box');  // nothing left to take back: nothing happens
  await h.framesLater(page, 3);
  s = await h.state(page);
  assert.equal(s.box.moves_made, 0);
  assert.deepEqual(s.box.board, first);
  await h.clickWidget(page, 'Scramble');
  s = await h.waitState(page, 's.box.moves_made === 0');
  assert.deepEqual(numbers(s.box.start_text), s.box.board);
  assert.deepEqual(errors, []);
  await page.close();
});

// 4x4, clockwise only, 12-turn scramble, Solve, Cancel while searching: the best found so far
// (not proven optimal) is shown and plays back, the next button ringed.
test('a cancelled 4x4 search still gives a playable solution; playback highlights the next move', async () => {
  const { page, errors } = await openBox(await tablesKept());
  await setNumber(page, 'box:size', 4);
  await h.clickWidget(page, 'Scramble');
  let s = await h.waitState(page, 's.box.size === 4 && !s.box.at_target');
  const scrambled = s.box.board;
  await h.clickWidget(page, 'Solve##box');
  // With the tables kept the search can be over before the page has drawn "searching" (it
  // takes 0.05-0.2 s): Cancel is pressed only while it still runs. The 5x5 and 6x6 tests
  // above cancel searches that cannot end first.
  s = await h.waitState(page, '!s.box.solving || s.box.progress.startsWith("searching")', 60000);
  if (s.box.solving) {
    await page.waitForTimeout(1000);
    if ((await h.state(page)).box.solving) await h.clickWidget(page, 'Cancel##box');
  }
  s = await h.waitState(page, '!s.box.solving', 20000);
  assert.ok(s.box.solutions.length > 0, s.box.status);
  if (!s.box.proven_optimal) {
    assert.match(s.box.status, /best found: \d+ moves, not proven optimal \(none shorter than \d+\)/);
    assert.ok(s.box.lower_bound >= 1 && s.box.lower_bound <= s.box.length);
  }
  // The independent check: the sequence, replayed here, reaches the target.
  const b = scrambled.slice();
  for (const m of s.box.solutions[0]) {
    const q = Number(m.slice(1)) - 1, r = Math.floor(q / 3), c = q % 3;
    const i = [r * 4 + c, r * 4 + c + 1, r * 4 + c + 5, r * 4 + c + 4];
    const v = i.map((k) => b[k]); i.forEach((k, j) => { b[k] = v[(j + 3) % 4]; });
  }
  assert.deepEqual(b, s.box.target, s.box.solutions[0].join(' '));
  await h.screenshot(page, 'box-4x4-best-found');
  const line = s.widgets['box:solution 1'];  // a long line: click its visible start
  await h.humanClick(page, line[0] + 20, line[1] + line[3] / 2);
  const seq = s.box.solutions[0];
  for (let k = 0; k < 2; ++k) {
    s = await h.waitState(page, `s.box.chosen === 0 && s.box.step === ${k}`, 5000);
    assert.equal(s.box.next_move, seq[k]);
    const r = s.widgets['box:' + seq[k]];
    const rad = r[2] / 2, at = [r[0] + rad + 1.3 * rad, r[1] + rad];
    await page.waitForTimeout(400);  // the turn's animation is over
    const [px] = await h.pixels(page, await page.screenshot(), [at]);
    assert.ok(px[0] < 80 && px[1] > 180 && px[2] > 200, `ring at ${seq[k]}: ${px}`);
    const moveRect = s.widgets['box:current move'];
    assert.ok(moveRect, 'the current step is marked in the list');
    await h.clickWidget(page, 'Step >');
  }
  await h.screenshot(page, 'box-4x4-best-found-playback');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the keyboard: Tab gives the board the keys, arrows pick a button, Space turns it, < > step, Enter plays', async () => {
  const { page, errors } = await openBox();
  const press = async (key) => { await page.keyboard.press(key); await h.framesLater(page); };
  let s = await h.state(page);
  assert.equal(s.box.key_cursor, -1);  // the mode was clicked in the panel: the panel has the keys
  await press('Tab');
  s = await h.waitState(page, 's.box.key_cursor === 0');
  await press('ArrowRight');
  await press('Space');  // B2 clockwise: 6 5 / 4 9 -> 4 6 / 9 5
  s = await h.waitState(page, 's.box.board[1] === 4');
  assert.deepEqual(s.box.board, [7, 4, 6, 8, 9, 5, 3, 2, 1]);
  assert.equal(s.box.moves_made, 1);
  await page.waitForTimeout(400);  // the turn's animation is over: the cursor's ring round B2
  const r = s.widgets['box:B2'], rad = r[2] / 2;
  const shot = await h.screenshot(page, 'box-keys-cursor');  // read as kept
  const [ring] = await h.pixels(page, shot, [[r[0] + rad + 1.6 * rad, r[1] + rad]]);
  assert.ok(ring[0] > 220 && ring[1] > 200 && ring[2] < 140, `cursor ring at B2: ${ring}`);
  await press('Shift+Space');
  s = await h.waitState(page, 's.box.board[1] === 6');
  assert.deepEqual(s.box.board, SEED_BOARD);
  // Tab walks on to the action bar's buttons (Undo first), Enter presses one, and after the
  // last button (Cancel) the panel, then the board again.
  await press('Space');
  s = await h.waitState(page, 's.box.board[1] === 4');
  await press('Tab');
  s = await h.waitState(page, 's.box.bar_focus === 0 && s.box.key_cursor < 0');
  await press('Enter');
  s = await h.waitState(page, 's.box.board[1] === 6');
  assert.deepEqual(s.box.board, SEED_BOARD, 'Enter on the bar\'s Undo');
  for (const focus of [1, 2, 3]) {
    await press('Tab');
    await h.waitState(page, `s.box.bar_focus === ${focus}`);
  }
  await press('Tab');
  await h.waitState(page, 's.box.bar_focus < 0 && s.box.key_cursor < 0');
  await press('Tab');
  s = await h.waitState(page, 's.box.key_cursor >= 0');
  assert.equal(s.box.key_cursor, 1, 'the cursor is where it was');
  await press('ArrowDown');
  await press('ArrowLeft');
  assert.equal((await h.state(page)).box.key_cursor, 2);
  await press('ArrowLeft');  // the grid's edge: stays
  assert.equal((await h.state(page)).box.key_cursor, 2);
  await h.clickWidget(page, 'Solve##box');
  await h.waitState(page, '!s.box.solving && s.box.solutions.length === 5');
  await h.clickWidget(page, 'box:solution 1');  // the panel has the keys again
  await press('Tab');
  await press('>');
  await press('.');
  s = await h.waitState(page, 's.box.step === 2');
  await press('<');
  s = await h.waitState(page, 's.box.step === 1');
  assert.equal(s.box.next_move, s.box.solutions[0][1]);
  await press('Enter');  // plays the nine moves left: a wait for "playing" could miss them
  s = await h.waitState(page, 's.box.step === 10 && !s.box.playing', 20000);
  assert.deepEqual(s.box.board, TARGET);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone the answer of a solve and a chosen solution\'s controls scroll into view', async () => {
  const { context, page, errors, touch } = await h.openPhone(browser, srv.url + '?pattern_tiles=6&kept_partition=6%2B6%2B4');
  // The stronger cw+ccw tables kept (by name: no solve here reads them).
  await h.keepTableBytes(page, 'box-additive-cw+ccw-6+6+4.v1', 8);
  await page.reload();
  await h.waitDrawn(page);
  const tap = async (name) => {  // a control brought into sight (a finger scrolls), tapped
    const r = (await h.widgetInSight(page, name, touch.scrollTowards(name))).widgets[name];
    assert.ok(r && r[1] + r[3] / 2 < 844, `${name} on screen: ${r}`);
    await touch.tapWidget(name);
    await page.waitForTimeout(100);
  };
  await tap('Puzzle Box');
  await h.waitState(page, 's.box.active');
  let s = await h.state(page);
  const boardBottom = s.box.origin[1] + 3 * s.box.cell;
  // The play actions: a bar right under the board, on the first screen, each a finger high.
  for (const name of ['Undo##box', 'Scramble', 'Solve##box', 'Cancel##box']) {
    const r = s.widgets[name];
    assert.ok(r && r[1] > boardBottom && r[1] + r[3] <= 844 && r[3] >= 44, `${name} at ${r}`);
  }
  await tap('Solve##box');
  s = await h.waitState(page, '!s.box.solving && s.box.solutions.length === 5');
  await page.waitForTimeout(300);
  s = await h.state(page);
  for (const k of [1, 5]) {  // the first rows in sight without scrolling by hand, a finger high
    const r = s.widgets[`box:solution ${k}`];
    assert.ok(r[3] >= 44, `solution ${k} is ${r[3]} px high: too small for a finger`);
    if (k === 1) assert.ok(r[1] > boardBottom && r[1] + r[3] <= 844, `solution ${k} at ${r}`);
  }
  await tap('box:solution 2');
  s = await h.waitState(page, 's.box.chosen === 1');
  await page.waitForTimeout(300);
  s = await h.state(page);
  // The chosen row is marked: its background (right of its text) is not the others'.
  const backgrounds = async (names) => {
    const ends = names.map((n) => { const r = s.widgets[n]; return [3 * (r[0] + r[2] - 12), 3 * (r[1] + r[3] / 2)]; });
    return h.pixels(page, await page.screenshot(), ends);
  };
  const [one, two] = await backgrounds(['box:solution 1', 'box:solution 2']);
  assert.notDeepEqual(two, one, 'the chosen solution\'s row looks like the others');
  const step = s.widgets['Step >'];
  assert.ok(step[1] > boardBottom && step[1] + step[3] <= 844, `Step > at ${step}`);
  await tap('Step >');
  s = await h.waitState(page, 's.box.step === 1');
  await h.screenshot(page, 'box-phone-playback');

  // The move sets' list: each entry a finger high.
  await touch.tapWidget('box:moves');
  s = await h.waitState(page, "s.widgets['box:moves:clockwise + back']");
  for (const name of ['clockwise only', 'clockwise + back', 'clockwise + back + half']) {
    const r = s.widgets[`box:moves:${name}`];
    assert.ok(r && r[3] >= 44, `the entry '${name}' is ${r?.[3]} px high: too small for a finger`);
  }
  const [current, other] = await backgrounds(['box:moves:clockwise only', 'box:moves:clockwise + back']);
  assert.notDeepEqual(current, other, 'the current move set is marked in the list');
  await h.screenshot(page, 'box-phone-moves');
  await touch.tapWidget('box:moves:clockwise + back');
  s = await h.waitState(page, "s.box.moves === 'cw+ccw'");
  // A finger scrolling the panel that sets down on the size control leaves the size (a slider
  // took the value under the finger: a new, solved board); the size is then under the board,
  // out of the panel's sight, and a tap on it is scrolled back into sight first.
  s = await h.widgetInSight(page, 'box:size', touch.scrollTowards('box:size'));
  const size = s.widgets['box:size'];
  const board = s.box.board.join();
  await touch.drag({ x: size[0] + size[2] * 0.45, y: size[1] + size[3] / 2 },
    { x: size[0] + size[2] * 0.45, y: size[1] + size[3] / 2 - 200 }, { steps: 10 });
  await page.waitForTimeout(300);
  s = await h.settled(page, 'box:size');
  assert.equal(s.box.size, 3, 'the size stays');
  assert.equal(s.box.board.join(), board, 'the board stays');
  assert.ok(h.outOfSight(s, 'box:size') < 0, `the size control is scrolled up out of sight: ${s.widgets['box:size']}`);
  await touch.tapWidget('box:size', 0.1);
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText('4');
  await page.keyboard.press('Enter');
  s = await h.waitState(page, 's.box.size === 4', 5000);
  await h.screenshot(page, 'box-phone-size-4');
  // The line saying the stronger tables are kept: under Details, at the panel's end, reached
  // by scrolling.
  await touch.tapWidget('box:details');
  s = await h.widgetInSight(page, 'box:kept tables', touch.scrollTowards('box:kept tables'));
  const kept = s.widgets['box:kept tables'];
  assert.ok(kept[1] >= s.layout.panel[1] && kept[1] + kept[3] <= 844 && kept[3] >= 16, `the kept line at ${kept}`);
  await h.screenshot(page, 'box-phone-kept-tables');
  assert.deepEqual(errors, []);
  await context.close();
});
