// A new user's first minutes with real input (issue 21): the pressed tile is the one that
// moves, quick key presses and Ctrl+clicks count, touch can turn back, the keyboard plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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
  await page.waitForTimeout(150);
}

test('a quick drag moves the tile pressed, not the one the pointer reached (board and tray)', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  let s = await h.state(page);
  const nearRight = { x: s.board.x + s.board.cell - 6, y: s.board.y + s.board.cell / 2 };
  await quickDrag(page, nearRight, await h.cellCentre(page, 2, 2));
  s = await h.waitState(page, 's.cells[8][0] !== 9 || s.cells[1][0] !== 2', 5000);
  assert.equal(s.cells[8][0], 1, `tile 1 goes to cell 9 (cells: ${JSON.stringify(s.cells)})`);
  assert.equal(s.cells[0][0], 9);
  assert.equal(s.cells[1][0], 2, 'tile 2 stays');
  await h.clickWidget(page, 'Clear board');
  s = await h.waitState(page, 's.tray.length === 9');
  const tb = s.tray_box;
  const trayRight = { x: tb.x + tb.cell - 4, y: tb.y + tb.cell / 2 };
  await quickDrag(page, trayRight, await h.cellCentre(page, 1, 1));
  s = await h.waitState(page, 's.tray.length === 8', 5000);
  assert.equal(s.cells[4][0], 1, `tray tile 1 is placed (cells: ${JSON.stringify(s.cells)})`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a Ctrl+Z pressed and let go within one frame undoes; a quick Ctrl+click types into a slider', async () => {
  const { page } = await h.openApp(browser, srv.url);
  const c = await h.cellCentre(page, 0, 0);
  await h.humanClick(page, c.x, c.y);
  await h.waitState(page, 's.cells[0][1] === 1');
  await page.evaluate(() => {  // down and up in one task: no frame in between
    const canvas = document.getElementById('canvas');
    const send = (type, key, code, keyCode, ctrlKey) => canvas.dispatchEvent(new KeyboardEvent(type,
      { key, code, keyCode, which: keyCode, ctrlKey, bubbles: true, cancelable: true }));
    send('keydown', 'Control', 'ControlLeft', 17, true);
    send('keydown', 'z', 'KeyZ', 90, true);
    send('keyup', 'z', 'KeyZ', 90, true);
    send('keyup', 'Control', 'ControlLeft', 17, false);
  });
  await h.waitState(page, 's.cells[0][1] === 0', 5000);
  // Ctrl+click on the rows slider (Generate section) turns it into a text field.
  await h.clickWidget(page, 'Generate a solvable puzzle');
  const r = (await h.state(page)).widgets['rows slider'];
  await page.mouse.move(r[0] + r[2] / 2, r[1] + r[3] / 2);
  await page.waitForTimeout(100);
  await page.keyboard.down('Control');
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.up('Control');
  await h.waitState(page, 's.text_input', 5000);
  await page.close();
});

test('on a touch screen a tap turns a tile and a long press turns it back', async () => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true,
    viewport: { width: 900, height: 700 } });
  const { page, errors } = await h.openApp(context, srv.url, { width: 900, height: 700 });
  const cdp = await context.newCDPSession(page);
  const touch = async (type, p) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }] });
  const c = await h.cellCentre(page, 1, 1);
  await touch('touchStart', c); await page.waitForTimeout(100); await touch('touchEnd', c);
  let s = await h.waitState(page, 's.cells[4][1] === 1', 5000);
  await touch('touchStart', c); await page.waitForTimeout(900); await touch('touchEnd', c);
  await page.waitForTimeout(200);
  s = await h.state(page);
  assert.equal(s.cells[4][1], 0, 'the long press turned the tile back (not forward)');
  await touch('touchStart', c); await page.waitForTimeout(900); await touch('touchEnd', c);
  s = await h.waitState(page, 's.cells[4][1] === 3', 5000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard play: arrows move a visible cursor, Space turns, Shift+Space turns back, Enter picks and drops, Tab leaves', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  const press = async (key) => { await page.keyboard.press(key); await page.waitForTimeout(80); };
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
  await press('Space');  // the panel has the keys now: the board does not turn
  await press('Tab');
  s = await h.waitState(page, 's.board_input.focused', 5000);
  assert.equal(s.cells[4][1], 3);
  assert.deepEqual(errors, []);
  await page.close();
});
