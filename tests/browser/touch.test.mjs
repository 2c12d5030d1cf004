// A phone (390x844 CSS px, pixel ratio 3, touch) used with a finger alone: seed 000's puzzle
// played to SOLVED with taps (turn), long presses (turn back) and drags (swap), and text fields
// typed with the phone's keyboard (the page's hidden input, as a keyboard or an IME sends).
// Screenshots: touch-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const openPhone = () => h.openPhone(browser, srv.url, { colorScheme: 'dark' });

// Seed 000's tiles read from the file itself (sides top, right, bottom, left; letters whose
// upper and lower case are the two halves of a motif), and an independent solver: plain
// backtracking over cells in reading order. Returns every labelled solution
// ([[tile 1-based, turns], ...] per cell).
function readTiles(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('tile '))
    .map((l) => l.split(/\s+/).slice(2, 6));
}
const sideAt = (tile, turns, side) => tile[(side - turns + 4) % 4];  // turns clockwise
const halvesMatch = (a, b) => a !== b && a.toLowerCase() === b.toLowerCase();
function matchedBoard(tiles, cells, n) {  // every inner edge of an n x n board matches
  for (let c = 0; c < n * n; ++c) {
    const [t, r] = cells[c];
    if (c % n + 1 < n && !halvesMatch(sideAt(tiles[t - 1], r, 1), sideAt(tiles[cells[c + 1][0] - 1], cells[c + 1][1], 3))) return false;
    if (c + n < n * n && !halvesMatch(sideAt(tiles[t - 1], r, 2), sideAt(tiles[cells[c + n][0] - 1], cells[c + n][1], 0))) return false;
  }
  return true;
}
function allSolutions(tiles, n) {
  const out = [], cells = [], used = new Set();
  const fits = (c, t, r) => {
    if (c % n > 0 && !halvesMatch(sideAt(tiles[t - 1], r, 3), sideAt(tiles[cells[c - 1][0] - 1], cells[c - 1][1], 1))) return false;
    if (c >= n && !halvesMatch(sideAt(tiles[t - 1], r, 0), sideAt(tiles[cells[c - n][0] - 1], cells[c - n][1], 2))) return false;
    return true;
  };
  const place = (c) => {
    if (c === n * n) { out.push(cells.map((x) => [...x])); return; }
    for (let t = 1; t <= tiles.length; ++t) {
      if (used.has(t)) continue;
      for (let r = 0; r < 4; ++r) {
        if (!fits(c, t, r)) continue;
        used.add(t); cells.push([t, r]);
        place(c + 1);
        cells.pop(); used.delete(t);
      }
    }
  };
  place(0);
  return out;
}

// The gestures a solution needs from `cells`: a drag per tile not in its cell (a swap puts at
// least one in place), then per cell a tap for each quarter turn, or one long press for three.
function gesturesFor(solution, cells) {
  const now = cells.map((x) => [...x]);
  const count = { drag: 0, tap: 0, hold: 0 };
  for (let c = 0; c < solution.length; ++c) {
    const from = now.findIndex((x) => x[0] === solution[c][0]);
    if (from !== c) { [now[c], now[from]] = [now[from], now[c]]; ++count.drag; }
    const turns = (solution[c][1] - now[c][1] + 4) % 4;
    if (turns === 3) ++count.hold; else count.tap += turns;
  }
  return count;
}

test("seed 000's puzzle played to SOLVED on a phone with a finger alone: tap, long press, drag", async () => {
  const { context, page, errors, touch: g } = await openPhone();
  // Loaded from the gallery with a tap.
  await g.tapWidget('Gallery');
  let s = await h.waitState(page, 's.gallery.open', 5000);
  const first = 'seed000_mockup.txt';
  assert.ok(s.gallery.groups.find((g) => g.name === 'First puzzles').entries.includes(first),
    'among the first puzzles');
  await g.tapWidget('gallery:' + first);
  s = await h.waitState(page, `!s.gallery.open && s.puzzle === '${first}'`, 5000);
  const n = s.rows, tiles = readTiles(h.root + '/assets/puzzles/' + first);
  assert.equal(tiles.length, n * n);
  const solutions = allSolutions(tiles, n);
  assert.equal(solutions.length, 8, "seed 000: 2 solutions, each in 4 whole-board turns");
  // The solution to play: the fewest gestures among those that need all three kinds.
  const cost = (sol) => { const c = gesturesFor(sol, s.cells); return c.drag + c.tap + c.hold; };
  const usable = solutions.filter((sol) => Object.values(gesturesFor(sol, s.cells)).every((k) => k > 0));
  assert.ok(usable.length > 0, 'a solution that needs taps, long presses and drags');
  const target = usable.sort((a, b) => cost(a) - cost(b))[0];
  const centre = (c) => ({ x: s.board.x + (c % n + 0.5) * s.board.cell, y: s.board.y + (Math.floor(c / n) + 0.5) * s.board.cell });
  const cellsNow = async () => { s = await h.state(page); return s.cells; };
  const done = { drag: 0, tap: 0, hold: 0 };
  for (let c = 0; c < n * n; ++c) {
    const [tile, turns] = target[c];
    let cells = await cellsNow();
    const from = cells.findIndex((x) => x[0] === tile);
    if (from !== c) {  // drag the tile from where the app says it lies onto cell c: a swap
      await g.drag(centre(from), centre(c));
      ++done.drag;
      await h.waitState(page, `s.cells[${c}][0] === ${tile} && s.cells[${from}][0] === ${cells[c][0]}`, 5000)
        .catch(() => assert.fail(`the drag did not swap cells ${from} and ${c}`));
      cells = await cellsNow();
    }
    const need = (turns - cells[c][1] + 4) % 4;
    if (need === 3) {  // one long press: a quarter turn back
      await g.hold(centre(c));
      ++done.hold;
    } else {
      for (let k = 0; k < need; ++k) {
        const before = (await cellsNow())[c][1];
        await g.tap(centre(c));
        ++done.tap;
        await h.waitState(page, `s.cells[${c}][1] === ${(before + 1) % 4}`, 5000)
          .catch(() => assert.fail(`a tap on cell ${c} did not turn it clockwise`));
      }
    }
    await h.waitState(page, `s.cells[${c}][1] === ${turns}`, 5000)
      .catch(() => assert.fail(`cell ${c} is not turned to ${turns}`));
  }
  assert.ok(done.drag > 0 && done.tap > 0 && done.hold > 0, JSON.stringify(done));
  s = await h.waitState(page, 's.solved', 5000);
  assert.equal(s.solved_by, 'player');
  assert.ok(matchedBoard(tiles, s.cells, n), `the board as the app shows it matches: ${JSON.stringify(s.cells)}`);
  assert.deepEqual(s.cells, target);
  assert.equal(s.matched, s.inner);
  // The last move is said with the board's state: "Tile 1 turned; 12 of 12 edges match. Solved!"
  assert.match(await page.evaluate(() => new Promise((done) => setTimeout(
    () => done(document.getElementById('announce').textContent), 200))), /(\d+) of \1 edges match\. Solved!$/);
  await h.screenshot(page, 'touch-phone-solved');
  assert.deepEqual(errors, []);
  await context.close();
});

// The page's hidden input has the focus while a field is edited (what opens a phone's keyboard).
const focusedEntry = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return e && e.id === 'text-entry' ? e.inputMode : null;
});

test("text fields on a phone: tapping one brings up the keyboard; what it types reaches the field", async () => {
  const { context, page, errors, touch: g } = await openPhone();
  await g.tapWidget('Puzzle Box');
  let s = await h.waitState(page, 's.box.active', 5000);
  assert.equal(await focusedEntry(page), null, 'no keyboard before a field is tapped');
  // The start field: a text keyboard. Clear it with Backspace (sent by a phone as an edit of
  // the input), write a board as an IME commits text, apply with Enter.
  await h.openBoxTyping(page, (name) => g.tapWidget(name));
  await g.tapWidget('start');
  s = await h.waitState(page, 's.text_entry.editing', 5000);
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  assert.equal(await focusedEntry(page), 'text', 'the text keyboard for a board');
  await page.keyboard.press('End');
  for (let k = 0; k < 14; ++k) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('123/456/');
  await page.keyboard.type('798');  // key by key, as a hardware keyboard on a tablet
  await page.waitForTimeout(300);
  s = await h.state(page);
  assert.equal(s.box.board.join(''), '765849321', 'nothing applied before Enter');
  await h.screenshot(page, 'touch-phone-typing');
  await page.keyboard.press('Enter');
  s = await h.waitState(page, "s.box.board.join('') === '123456798'", 5000);
  assert.equal(s.box.error, '');
  await h.waitState(page, '!s.text_entry.editing', 5000);
  await page.waitForFunction(() => document.activeElement?.id === 'canvas', null, { timeout: 20000 });
  // A bad board typed: one error, the board kept.
  await g.tapWidget('start');
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  await page.keyboard.insertText('x');
  await page.keyboard.press('Enter');
  s = await h.waitState(page, "s.box.error !== ''", 5000);
  assert.match(s.box.error, /unexpected/);
  assert.equal(s.box.board.join(''), '123456798');
  // A number field: the number keys.
  await g.tapWidget('box:turns', 0.1);
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  assert.equal(await focusedEntry(page), 'numeric', 'the number keyboard for a count');
  await page.keyboard.press('End');
  for (let k = 0; k < 4; ++k) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('37');
  await page.keyboard.press('Enter');
  s = await h.waitState(page, 's.box.scramble_turns === 37', 5000);
  // A tap elsewhere ends the editing and the keyboard goes.
  const b = s.box;
  await g.tap({ x: b.origin[0] + b.cell * 1.5, y: b.origin[1] + 4 });  // a cell, not a button
  await page.waitForFunction(() => document.activeElement?.id === 'canvas', null, { timeout: 20000 });
  s = await h.state(page);
  assert.equal(s.text_entry.editing, false);
  assert.deepEqual(errors, []);
  await context.close();
});

// A finger leaves no pointer behind: the control last tapped is not drawn hovered afterwards
// (the mouse SDL makes of a touch would otherwise stay where the finger was lifted).
test('a tapped control is not left drawn as hovered once the finger is lifted', async () => {
  const { context, page, errors, touch: g } = await openPhone();
  // The mode already chosen: a tap changes nothing.
  const r = (await h.widgetInSight(page, 'Tiles', g.scrollTowards('Tiles'))).widgets.Tiles;
  const look = async () => {
    await page.waitForTimeout(300);
    return page.screenshot({ clip: { x: r[0] - 4, y: r[1] - 4, width: r[2] + 8, height: r[3] + 8 } });
  };
  const before = await look();
  await g.tapWidget('Tiles');
  assert.ok((await look()).equals(before), 'the tapped control looks as before the tap');
  assert.deepEqual(errors, []);
  await context.close();
});

// The panel under the board scrolls when a finger drags on a status area's text (the load
// line of the play status) as on the panel's background: that text fills much of a phone's panel.
test('a finger dragged on a status area\'s text scrolls the panel', async () => {
  const { context, page, errors, touch } = await openPhone();
  let s = await h.state(page);
  const area = s.widgets['play status'], gallery = s.widgets.Gallery;
  assert.ok(area[1] + area[3] / 2 < 844, `the play line in sight: ${area}`);
  const at = { x: area[0] + area[2] / 2, y: area[1] + area[3] / 2 };
  await touch.drag(at, { x: at.x, y: at.y - 150 }, { steps: 10 });
  await page.waitForTimeout(300);
  s = await h.settled(page);
  assert.ok(s.widgets.Gallery[1] < gallery[1] - 100, `the panel scrolled: Gallery at ${gallery[1]} -> ${s.widgets.Gallery[1]}`);
  assert.deepEqual(errors, []);
  await context.close();
});
