// The play actions as a player uses them: Solve asks, then shows an answer that every edge
// matches, credited to Tilewise (never "Solved in"), and a link made then opens scrambled;
// the keyboard: Tab walks the action bar with a focus ring, the shortcuts act, every move is
// announced; New gives a game with an ID. Screenshots: play-actions-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// An independent check of a board: every inner edge joins two halves of one motif
// (complement rule: sides a and b with a + b == 0), every cell filled.
function boardSolved(s) {
  const side = (c, k) => { const [t, r] = s.cells[c]; return s.tiles[t - 1][(k - r + 4) % 4]; };
  for (let c = 0; c < s.rows * s.cols; ++c) {
    if (s.cells[c][0] < 1) return false;
    if (c % s.cols + 1 < s.cols && side(c, 1) + side(c + 1, 3) !== 0) return false;
    if (c + s.cols < s.rows * s.cols && side(c, 2) + side(c + s.cols, 0) !== 0) return false;
  }
  return true;
}

async function key(page, k) { await page.keyboard.press(k); await h.framesLater(page, 3); }

test('Solve asks, shows an answer by Tilewise, and a link made then opens scrambled', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 1280, height: 800 });
  let s = await h.state(page);
  assert.equal(s.solved, false, 'the first puzzle opens shuffled');
  await h.clickWidget(page, 'Solve');
  await h.framesLater(page, 3);
  s = await h.state(page);
  assert.ok(s.widgets['Show the solution'], 'Solve asks first');
  assert.equal(s.solved, false);
  await h.clickWidget(page, 'Show the solution');
  s = await h.waitState(page, 's.solved && !s.animating');
  assert.equal(s.solved_by, 'solver');
  assert.ok(boardSolved(s), 'the answer on the board does not match everywhere');
  await h.screenshot(page, 'play-actions-solved-by-tilewise');
  assert.ok(s.widgets['Share the solved board'], 'the answer can be shared on request');
  await h.clickWidget(page, 'Share');
  s = await h.waitState(page, 's.share_url !== ""');
  const { page: friend } = await h.openApp(browser, s.share_url, { width: 1280, height: 800 });
  const f = await h.state(friend);
  assert.equal(f.solved, false, 'a link shared after Solve gives the answer away');
  assert.notEqual(f.solved_by, 'player');
  await friend.reload();
  await h.waitDrawn(friend);
  assert.equal((await h.state(friend)).solved_by, '', 'a reload credits someone');
  // Reloading the solver's page: the address holds the scrambled start, never "Solved in".
  await page.reload();
  await h.waitDrawn(page);
  s = await h.state(page);
  assert.equal(s.solved, false);
  assert.deepEqual(errors, []);
});

test('keyboard: Tab walks the bar, shortcuts act, moves are announced', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 1280, height: 800 });
  await page.mouse.click(5, 790);  // nothing there: the page has the keyboard
  await h.framesLater(page, 3);
  // The board has the keys: Space turns the tile under the cursor.
  await key(page, 'Tab'); await key(page, 'Tab'); await key(page, 'Tab');  // round to the board
  let s = await h.state(page);
  for (let k = 0; k < 8 && !s.board_input.focused; ++k) { await key(page, 'Tab'); s = await h.state(page); }
  assert.ok(s.board_input.focused, 'Tab never reaches the board');
  await key(page, 'Space');
  s = await h.state(page);
  assert.match(s.announced, /^Tile \d+ turned; \d+ of 12 edges match/);
  assert.equal(s.moves, 1);
  // Tab from the board walks each action of the bar, with the focus ring drawn.
  const seen = [];
  await key(page, 'Tab');
  for (let k = 0; k < 7; ++k) {
    s = await h.state(page);
    if (s.bar_focus < 0) break;
    seen.push(s.bar_focus);
    if (k === 0) await h.screenshot(page, 'play-actions-focus-ring');
    await key(page, 'Tab');
  }
  assert.deepEqual(seen, [0, 1, 2, 3, 4, 5, 6], 'Tab does not reach every action of the bar');
  // Back on the board via the panel; then the shortcuts.
  for (let k = 0; k < 3 && !(await h.state(page)).board_input.focused; ++k) await key(page, 'Tab');
  await key(page, 'u');
  s = await h.state(page);
  assert.match(s.announced, /^Tile \d+ turned back; \d+ of 12 edges match/);
  await key(page, 'Control+y');
  s = await h.state(page);
  assert.match(s.announced, /^Tile \d+ turned; /);
  await key(page, 'Control+z');
  await key(page, 'Space');
  await key(page, 'r');
  s = await h.state(page);
  assert.equal(s.moves, 0);
  assert.match(s.announced, /Restarted/);
  await key(page, 'h');
  s = await h.state(page);
  assert.notEqual(s.hint, '');
  await key(page, '?');
  assert.ok((await h.state(page)).widgets['Got it'], '? opens the help');
  await key(page, 'Escape');
  await key(page, 's');
  assert.ok((await h.state(page)).widgets['Keep playing'], 'S asks to show the solution');
  await key(page, 'Escape');
  await key(page, 'n');
  s = await h.state(page);
  assert.ok(s.widgets['Play'], 'N opens New');
  await h.clickWidget(page, 'Medium');
  await h.clickWidget(page, '4 x 4');
  await h.clickWidget(page, 'Play');
  s = await h.waitState(page, 's.game !== ""');
  assert.match(s.game, /^4x4M-\d+$/);
  assert.equal(s.rows, 4);
  assert.equal(s.solved, false);
  await h.screenshot(page, 'play-actions-new-game');
  assert.deepEqual(errors, []);
});

test('a board that opens solved is not the player\'s; solving it by moves brings the reward', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 1280, height: 800 });
  await h.clickWidget(page, 'Solve');
  await h.clickWidget(page, 'Show the solution');
  await h.waitState(page, 's.solved && !s.animating');
  await h.clickWidget(page, 'Share the solved board');
  const url = (await h.waitState(page, 's.share_url !== ""')).share_url;
  const { page: friend } = await h.openApp(browser, url, { width: 1280, height: 800 });
  let s = await h.state(friend);
  assert.equal(s.solved, true, 'the solved board was asked for');
  assert.equal(s.solved_by, '', 'a board that opens solved is nobody\'s solve');
  const c = await h.cellCentre(friend, 0, 0);
  for (let k = 0; k < 4; ++k) { await h.humanClick(friend, c.x, c.y); await h.framesLater(friend, 3); }
  s = await h.waitState(friend, 's.solved_by === "player" && s.reward_open', 5000);
  assert.equal(s.moves, 4);
  assert.ok(s.widgets['Next puzzle'], 'the reward offers the next puzzle');
  await h.screenshot(friend, 'play-actions-reward');
  await h.clickWidget(friend, 'Next puzzle');
  s = await h.waitState(friend, '/^3x3E-\\d+$/.test(s.game)', 10000);
  assert.equal(s.solved, false);
  assert.deepEqual(errors, []);
});
