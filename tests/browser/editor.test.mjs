// The editor on a phone (390x844 CSS px, pixel ratio 3, touch), used with a finger alone: a
// physical 3x3 (9 tiles, 4 motifs of two halves each) copied side by side from the palette,
// named and shared in at most 40 taps; the link opened in a fresh browser gives the same
// tiles and name; Check says how many solutions the copy has; a new blank puzzle goes on the
// board. Screenshots: editor-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// The physical puzzle as it lies on the table, each tile's sides top, right, bottom, left:
// letters A-D are the four motifs (the editor's first four: red, green, blue, yellow), upper
// case the head (solid half), lower case the tail (light half). Not one of the app's puzzles
// (a link of one of those leaves its own name in charge).
const PHYSICAL = ['Caba', 'cAaC', 'dcDa', 'dAdA', 'DADC', 'cDBa', 'abca', 'cCBb', 'bAaD'];
const sideValue = (ch) => (ch === ch.toUpperCase() ? 1 : -1) * (ch.toUpperCase().charCodeAt(0) - 64);
const TILES = PHYSICAL.map((t) => [...t].map(sideValue));
const NAME = 'Pond frogs';

// An independent count: plain backtracking over cells in reading order, every arrangement
// where facing sides are the two halves of one motif; a whole board turned round is the same
// solution (each is found four times).
function countSolutions(tiles, n) {
  const at = (t, turns, side) => tiles[t][(side - turns + 4) % 4];
  const cells = [], used = new Set();
  let found = 0;
  const place = (c) => {
    if (c === n * n) { ++found; return; }
    for (let t = 0; t < tiles.length; ++t) {
      if (used.has(t)) continue;
      for (let r = 0; r < 4; ++r) {
        if (c % n > 0 && at(t, r, 3) + at(...cells[c - 1], 1) !== 0) continue;
        if (c >= n && at(t, r, 0) + at(...cells[c - n], 2) !== 0) continue;
        used.add(t); cells.push([t, r]);
        place(c + 1);
        cells.pop(); used.delete(t);
      }
    }
  };
  place(0);
  return found / 4;
}

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

test('a physical 3x3 copied, named and shared on a phone in at most 40 taps; the link opens it', async () => {
  const { context, page, errors, touch: g } = await h.openPhone(browser, srv.url);
  // Every tap and every swipe counted (tapWidget scrolls with swipes, then taps).
  const count = { tap: 0, swipe: 0 };
  const tap = g.tap, drag = g.drag;
  g.tap = async (...a) => { ++count.tap; return tap(...a); };
  g.drag = async (...a) => { ++count.swipe; return drag(...a); };

  await g.tapWidget('More');
  await g.tapWidget('Edit');
  let s = await h.waitState(page, 's.editor.on_board && s.editor.open === 36', 5000);
  assert.deepEqual(s.editor.selected, [0, 0], "tile 1's top is chosen first");
  assert.deepEqual(s.editor.motifs, ['Red', 'Green', 'Blue', 'Yellow']);
  assert.notEqual(s.widgets['draft board'], undefined, 'the draft is drawn on the board');
  assert.equal(s.widgets.goal, undefined, "the game's title line gives way to the draft");
  await h.screenshot(page, 'editor-phone-blank');

  // Side by side, tile by tile: each pick fills the chosen side and moves on to the next.
  for (let t = 0; t < 9; ++t) {
    for (let side = 0; side < 4; ++side) {
      const k = t * 4 + side;
      await g.tapWidget('edit:' + TILES[t][side]);
      s = await h.waitState(page, `s.editor.open === ${35 - k}`, 5000)
        .catch(() => assert.fail(`the pick for tile ${t + 1}, side ${side} was not taken`));
      assert.equal(s.editor.tiles[t][side], TILES[t][side]);
    }
    if (t === 3) await h.screenshot(page, 'editor-phone-half-copied');
  }
  assert.deepEqual(s.editor.tiles, TILES);
  assert.deepEqual(s.editor.selected, [-1, 0], 'nothing left to choose');
  await h.screenshot(page, 'editor-phone-copied');

  // The name, typed with the phone's keyboard (its tap is the only one it costs).
  await g.tapWidget('puzzle name');
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  await page.keyboard.insertText(NAME);
  s = await h.waitState(page, `s.editor.name === ${JSON.stringify(NAME)}`, 5000);
  await h.screenshot(page, 'editor-phone-named');

  await g.tapWidget('Share##edit');
  s = await h.waitState(page, "s.share_url !== '' && !s.editor.on_board", 5000);
  const taps = count.tap;
  assert.ok(taps <= 40, `copied, named and shared in ${taps} taps (and ${count.swipe} swipes)`);
  console.log(`# editor: a 3x3 copied, named and shared in ${taps} taps and ${count.swipe} swipes`);
  assert.equal(s.title, NAME, 'the game on the board is the copy, under its name');
  assert.deepEqual(s.tiles, TILES);
  assert.ok(s.share_url.startsWith(srv.url + '#'), s.share_url);
  await h.waitState(page, "'share_url' in s.widgets", 5000);
  const shown = await h.settled(page, 'share_url');
  assert.equal(h.outOfSight(shown, 'share_url'), 0, 'the copied link is in sight, to copy by hand too');
  await h.screenshot(page, 'editor-phone-shared');

  // A fresh browser (nothing kept from this one) opens the link: the same tiles and name.
  const other = await h.launch();
  try {
    const fresh = await h.openIn(other, s.share_url, phone);
    const opened = await h.state(fresh.page);
    assert.equal(opened.link_error, '');
    assert.equal(opened.error, '');
    assert.equal(opened.title, NAME);
    assert.equal(opened.rows, 3);
    assert.equal(opened.cols, 3);
    assert.deepEqual(opened.tiles, TILES, 'same tiles, same sides');
    await h.screenshot(fresh.page, 'editor-phone-link-opened');
    // Its motifs kept their names (so their colours): the editor takes the puzzle being played.
    const finger = await h.touchscreen(fresh.page);
    await finger.tapWidget('More');
    await finger.tapWidget('Edit');
    await finger.tapWidget('Start again');
    await finger.tapWidget('Edit the puzzle being played');
    const edited = await h.waitState(fresh.page, `s.editor.open === 0 && s.editor.name === ${JSON.stringify(NAME)}`, 5000);
    assert.deepEqual(edited.editor.tiles, TILES);
    assert.deepEqual(edited.editor.motifs, ['Red', 'Green', 'Blue', 'Yellow']);
    assert.deepEqual(fresh.errors, []);
  } finally {
    await other.close();
  }

  // Check: the solver's count of the copy, in words, equal to the count made here.
  await g.tapWidget('Edit');
  s = await h.waitState(page, 's.editor.on_board', 5000);
  assert.deepEqual(s.editor.tiles, TILES, 'the draft stays after Share');
  await g.tapWidget('Check');
  s = await h.waitState(page, "!s.editor.checking && /solution/.test(s.editor.status)", 20000);
  const expected = countSolutions(TILES, 3);
  assert.equal(expected, 2);
  assert.equal(s.editor.status, `This puzzle has ${expected} solutions.`);
  await h.screenshot(page, 'editor-phone-checked');

  // Tile 5's top turned into its other half: no arrangement works any more (counted here too).
  const changed = TILES.map((t) => [...t]);
  changed[4][0] = -changed[4][0];
  assert.equal(countSolutions(changed, 3), 0);
  await g.tap({ x: s.editor.board.x + s.editor.board.cell * 1.5, y: s.editor.board.y + s.editor.board.cell * 1.1 });
  s = await h.waitState(page, 's.editor.selected[0] === 4 && s.editor.selected[1] === 0', 5000);
  assert.equal(s.editor.status, 'This puzzle has 2 solutions.', 'a tap that changes nothing keeps it');
  await g.tapWidget('edit:' + -TILES[4][0]);
  s = await h.waitState(page, `s.editor.tiles[4][0] === ${changed[4][0]}`, 5000);
  assert.equal(s.editor.status, '', 'what Check said was for other tiles');
  await g.tapWidget('Check');
  s = await h.waitState(page, "!s.editor.checking && s.editor.status.startsWith('No solution')", 20000);
  assert.match(s.editor.status, /^No solution: the tiles cannot be laid so that every solid half-shape meets its light half\.$/);

  // A new blank puzzle replaces the draft on the board: 36 sides to choose.
  await g.tapWidget('Start again');
  await g.tapWidget('New blank puzzle');
  s = await h.waitState(page, 's.editor.on_board && s.editor.open === 36', 5000);
  assert.deepEqual(s.editor.selected, [0, 0]);
  await h.screenshot(page, 'editor-phone-new-blank');
  assert.deepEqual(errors, []);
  await context.close();
});

test('motifs get names and colours; a draft that is not finished says why and stays', async () => {
  const { context, page, errors, touch: g } = await h.openPhone(browser, srv.url);
  await g.tapWidget('More');
  await g.tapWidget('Edit');
  let s = await h.waitState(page, 's.editor.on_board', 5000);
  await g.tapWidget('Play##edit');
  s = await h.waitState(page, "s.editor.status !== ''", 5000);
  assert.equal(s.editor.status, 'Not ready: 36 sides are not chosen yet: tap one, then pick its motif.');
  assert.ok(s.editor.on_board, 'the draft stays');
  await g.tapWidget('Motifs');
  await g.tapWidget('motif name 1');
  await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
  await page.keyboard.press('End');
  for (let k = 0; k < 3; ++k) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('Frog');
  s = await h.waitState(page, "s.editor.motifs[0] === 'Frog'", 5000);
  await g.tapWidget('motif colour 1');
  await g.tapWidget('colour:Orange');
  s = await h.waitState(page, "s.editor.motifs[0] === 'Orange frog'", 5000);
  await g.tapWidget('Add motif');
  s = await h.waitState(page, 's.editor.motifs.length === 5', 5000);
  assert.equal(s.editor.motifs[4], 'Red', 'the first colour no motif has any more');
  assert.ok(s.widgets['edit:5'] && s.widgets['edit:-5'], 'its head and tail are in the palette');
  await h.screenshot(page, 'editor-phone-motifs');
  assert.deepEqual(errors, []);
  await context.close();
});
