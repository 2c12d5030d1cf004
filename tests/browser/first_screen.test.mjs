// What a new player sees, read from screenshots by OCR (Debian's tesseract-ocr), not from the
// app's own state: on a phone (390x844, ratio 3, touch) and a tablet (820x1180, touch) held
// upright, the first screen shows the board and the play actions (Undo, Hint, Solve at least)
// without scrolling ("First screen"), and the play screen carries no workshop words ("Words",
// the list in lib/words.mjs; words.test.mjs reads every other screen): one OCR of the one
// screen a device opens on serves both. Screenshots: first-screen-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';
import { ocr, WORKSHOP_WORDS as DENY } from './lib/words.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const devices = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2 },
];

// One screen, one OCR: the first screen is the play screen, read for the actions it shows and
// for the workshop words it must not.
for (const d of devices) {
  test(`first screen on a ${d.name}: board and play actions without scrolling, no workshop words`, async () => {
    const { page, errors } = await h.openIn(browser, srv.url,
      { viewport: d.viewport, deviceScaleFactor: d.deviceScaleFactor, hasTouch: true, isMobile: true });
    await h.framesLater(page, 10);
    const file = await h.screenshot(page, `first-screen-${d.name}`);
    const text = ocr(file);
    for (const word of ['Undo', 'Hint', 'Solve'])
      assert.match(text, new RegExp(`\\b${word}\\b`), `${word} not read on the ${d.name}'s first screen:\n${text}`);
    // The board: its cells drawn on the first screen (many colours where the board is), and
    // the page not scrolled (a canvas app: the window's scroll stays 0).
    const s = await h.state(page);
    assert.ok(s.board.y + s.board.cell * s.rows <= d.viewport.height, 'the board runs past the first screen');
    const cx = s.board.x + s.board.cell * s.cols / 2, cy = s.board.y + s.board.cell * s.rows / 2;
    const colours = await h.scanPng(page, file, (px, w, hgt, [x0, y0, x1, y1]) => {
      const seen = new Set();
      for (let y = y0; y < y1; y += 3) for (let x = x0; x < x1; x += 3) {
        const i = (y * w + x) * 4;
        seen.add((px[i] >> 4) << 8 | (px[i + 1] >> 4) << 4 | (px[i + 2] >> 4));
      }
      return seen.size;
    }, [Math.round((cx - 40) * d.deviceScaleFactor), Math.round((cy - 40) * d.deviceScaleFactor),
      Math.round((cx + 40) * d.deviceScaleFactor), Math.round((cy + 40) * d.deviceScaleFactor)]);
    assert.ok(colours >= 4, `the board is not drawn (${colours} colours at its centre)`);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // The goal is said in a player's words.
    assert.match(text, /half|colour/i, `no goal line:\n${text}`);
    // Words: none of the workshop's.
    for (const bad of DENY) assert.doesNotMatch(text, bad, `workshop word on the ${d.name}'s play screen:\n${text}`);
    assert.deepEqual(errors, []);
  });
}

test('words on the desktop play screen', async () => {
  const { page } = await h.openApp(browser, srv.url, { width: 1280, height: 800 });
  await h.framesLater(page, 10);
  const text = ocr(await h.screenshot(page, 'first-screen-words-desktop'));
  for (const word of ['Undo', 'Hint', 'Restart', 'New', 'Solve'])
    assert.match(text, new RegExp(`\\b${word}\\b`), `${word} not read on the desktop:\n${text}`);
  for (const bad of DENY) assert.doesNotMatch(text, bad, `workshop word on the desktop play screen:\n${text}`);
});
