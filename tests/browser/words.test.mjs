// Every screen a player opens, read by OCR (Debian's tesseract-ocr) from screenshots, carries
// no workshop words (the list in lib/words.mjs): play, the gallery with every group opened and
// scrolled through, More > Solver after a solve and a search, More > Edit, the Puzzle Box at
// 3x3 and 4x4 after a solve. On a phone (390x844, ratio 3, touch) and a desktop (1280x800):
// each screen where the two say different things (play, the Box's panel) on both; the gallery
// paged through on the desktop (its first page on the phone), the solver and the editor on the
// phone (the same words on both, wrapped differently). Details toggles stay closed: the
// figures for the curious live there. Screenshots: words-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';
import { ocrLater, workshopWords } from './lib/words.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// A 4x4 board five counter-clockwise turns from the target (turned here, not by the app):
// five clockwise presses bring it back, a quick solve.
function turned4x4(buttons) {
  const b = Array.from({ length: 16 }, (_, i) => i + 1);
  for (const q of buttons) {
    const r = Math.floor((q - 1) / 3), c = (q - 1) % 3;
    const i = [r * 4 + c, r * 4 + c + 1, r * 4 + c + 5, r * 4 + c + 4];
    const v = i.map((x) => b[x]);
    i.forEach((x, j) => { b[x] = v[(j + 1) % 4]; });
  }
  return b;
}
const BOARD_4X4 = turned4x4([1, 5, 9, 3, 7]);

const devices = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

// The device's way of pressing a control, scrolling a list and typing into a field.
async function driver(page, touch) {
  const g = touch ? await h.touchscreen(page) : null;
  let wheelStepPx = 100;  // a wheel step scrolls ImGui by 5 lines: at most this, then as seen
  // Scrolls the window that shows widget `name` by about `dy` CSS px (+: further down), by
  // little more than that: a finger's first 10 px only start a scroll; a wheel's 100 units
  // scroll ImGui by 5 lines, less than 100 px (at least 100 units: SDL counts whole steps).
  const scroll = async (s, name, dy) => {
    const c = s.widget_clips[name];
    if (touch) {  // (a finger's first 10 px only start a scroll)
      const by = Math.sign(dy) * Math.min(Math.max(Math.abs(dy), 40), 0.7 * c[3]);
      const x = c[0] + 3, y = c[1] + c[3] / 2 + by / 2;
      await g.drag({ x, y }, { x, y: y - by }, { steps: 6 });
    } else {
      // Whole steps of 100 units, as many as the pixels a step was last seen to scroll allow.
      await page.mouse.move(c[0] + 3, c[1] + c[3] / 2);
      const steps = Math.max(1, Math.floor(Math.abs(dy) / wheelStepPx));
      const before = s.widgets[name][1];
      for (let k = 0; k < steps; k += 2) {
        await page.mouse.wheel(0, Math.sign(dy) * 100 * Math.min(2, steps - k));
        await h.framesLater(page, 1);
      }
      const after = (await h.settled(page)).widgets[name]?.[1];
      if (after !== undefined && after !== before) wheelStepPx = Math.abs(before - after) / steps;
    }
    await h.framesLater(page, 2);
  };
  const inSight = (name) => h.widgetInSight(page, name, (s, dy) => scroll(s, name, dy));
  const press = async (name) => {
    if (touch) return g.tapWidget(name);
    const r = (await inSight(name)).widgets[name];
    await h.humanClick(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  };
  const type = async (field, text) => {
    if (touch) {
      await g.tapWidget(field, 0.5);
      await page.waitForFunction(() => document.activeElement?.id === 'text-entry', null, { timeout: 20000 });
      await page.keyboard.press('End');
      for (let k = (await h.state(page)).box.start_text.length; k > 0; --k) await page.keyboard.press('Backspace');
      await page.keyboard.insertText(text);
      await page.keyboard.press('Enter');
    } else {
      await press(field);
      await h.pressSlowly(page, 'Control+A');
      await h.pressSlowly(page, 'Backspace');
      await page.keyboard.type(text, { delay: 5 });
      await h.pressSlowly(page, 'Enter');
    }
  };
  return { press, scroll, type, inSight };
}

// Wholly in sight, give or take the few pixels a row's spacing adds to its rectangle.
const seen = (s, n) => {
  const r = s.widgets[n], c = s.widget_clips[n];
  return !!r && !!c && r[1] >= c[1] - 6 && r[1] + r[3] <= c[1] + c[3] + 6;
};

// The gallery paged through from its top: on each page the groups whose headers are in sight
// opened, a shot, then the last row wholly in sight scrolled up to the list's top, until the
// last row of the last group has been in sight. `pages`: at most this many.
async function galleryThrough(page, d, shoot, pages) {
  let s = await h.settled(page);
  const names = s.gallery.groups.flatMap((g) => [`gallery group:${g.name}`, ...g.entries.map((f) => `gallery:${f}`)]);
  let lastSeen = -1;
  for (let shot = 0; shot < pages; ++shot) {
    for (const g of s.gallery.groups) {
      const header = `gallery group:${g.name}`;
      if (g.shown || !seen(s, header)) continue;
      await d.press(header);
      s = await h.waitState(page, `s.gallery.groups.find((g) => g.name === ${JSON.stringify(g.name)}).shown`, 5000);
      s = await h.settled(page);
    }
    await shoot(shot);
    const last = names.findLastIndex((n) => seen(s, n));
    if (last === names.length - 1 || shot === pages - 1) return;
    assert.ok(last > lastSeen, `the gallery did not scroll on past '${names[lastSeen]}'`);
    lastSeen = last;
    const r = s.widgets[names[last]], c = s.widget_clips[names[last]];
    await d.scroll(s, names[last], r[1] + r[3] - c[1] - 8);
    s = await h.settled(page);
  }
  assert.fail('the gallery never ended');
}

// A screenshot, `scale` pixels a CSS px: the phone's at 1.5 (the OCR reads text at 1.5 times
// its CSS size as well as at the phone's 3, in a quarter of the time).
// `region`: [x, y, width, height] CSS px of the page (default: all of it). Returns the PNG
// (base64) and `keep()`, which writes it as words-*.png and returns the file.
async function shot(page, name, scale, region) {
  const { width, height } = page.viewportSize();
  const [x, y, w, hgt] = region ?? [0, 0, width, height];
  const cdp = await page.context().newCDPSession(page);
  const { data } = await cdp.send('Page.captureScreenshot',
    { format: 'png', clip: { x, y, width: w, height: hgt, scale } });
  await cdp.detach();
  const file = path.join(h.shotDir, `${name}.png`);
  fs.rmSync(file, { force: true });  // (a shot the same as an earlier one is not kept)
  return { data, keep() {
    fs.mkdirSync(h.shotDir, { recursive: true });
    fs.writeFileSync(file, Buffer.from(data, 'base64'));
    return file;
  } };
}

// More > Solver after Solve showed the answer and the solver's own search listed every
// solution; More > Edit as it is at this build.
async function solverAndEditor(page, d, shoot) {
  await d.press('Solve');
  await d.press('Show the solution');
  await h.waitState(page, '!s.solving && s.solutions > 0 && s.solved_by === "solver"');
  await shoot('solved', /Solved/);
  await d.press('More');
  await d.press('Solver');
  await d.press('Search');
  await h.waitState(page, '!s.solving && s.status !== "" && !/search/.test(s.status)');
  await d.inSight('Search');
  await shoot('solver', /Search/);
  await d.inSight('Next >');
  await shoot('solver-list', /Next/);

  // The editor, as it is at this build.
  await d.press('Edit');
  let s = await d.inSight('Edit');
  const [, top] = s.widgets.Edit, [, seenTop] = s.widget_clips.Edit;
  await d.scroll(s, 'Edit', top - seenTop);  // its header to the top: what it opened in sight
  s = await h.settled(page);
  await shoot('editor', /Edit/);
}

for (const [device, options] of Object.entries(devices)) {
  test(`words on every screen of the ${device}`, async (t) => {
    const touch = !!options.hasTouch;
    const { context, page, errors } = await h.openIn(browser, `${srv.url}?pattern_tiles=5`, options);
    const d = await driver(page, touch);
    // Two OCRs at a time, while the browser goes on to the next screen.
    const lanes = [Promise.resolve(), Promise.resolve()];
    const read = [];  // [screen, OCR promise, sure]
    const pictures = new Map();  // a shot's PNG (base64) -> the first screen that showed it
    // `sure`: a word the shot must be read to hold (an unreadable shot is not a clean one).
    // A shot the same to the byte as an earlier one (a list already in sight: nothing
    // scrolled) is read, and kept, once.
    const shoot = async (screen, sure, region) => {
      await h.framesLater(page, 3);
      const taken = await shot(page, `words-${device}-${screen}`, touch ? 1.5 : 1, region);
      const same = pictures.get(taken.data);
      if (same) {
        console.log(`# words-${device}-${screen}: the same picture as words-${device}-${same.screen}`);
        read.push([screen, same.ocr, sure]);
        return;
      }
      const file = taken.keep();
      const lane = read.length % 2;
      lanes[lane] = lanes[lane].then(() => ocrLater(file));
      pictures.set(taken.data, { screen, ocr: lanes[lane] });
      read.push([screen, lanes[lane], sure]);
    };
    await h.framesLater(page, 10);
    await shoot('play', /Hint/);

    // The gallery: every group opened, the list paged through from its top to its end.
    await d.press('Gallery');
    await h.waitState(page, 's.gallery.open');
    // (The phone reads its first page: the same words, wrapped narrower, in five times the
    // time a desktop page takes.)
    const area = touch ? undefined : (await h.state(page)).layout.board;
    await galleryThrough(page, d, (k) => shoot(`gallery-${k}`, /match/, area), touch ? 1 : 40);
    await d.press('Close');
    await h.waitState(page, '!s.gallery.open');

    // The solver: Solve shows the answer, then the solver's own search lists every solution.
    // The editor. (Read on the phone: the same words the desktop shows, wrapped narrower.)
    if (touch) await solverAndEditor(page, d, shoot);

    // The Puzzle Box: 3x3 solved, then a 4x4 typed and solved.
    await d.press('Puzzle Box');
    await h.waitState(page, 's.box.active');
    await h.settled(page);
    await shoot('box-goal', /read 1 to 9/);  // the goal, said in words
    await d.press('Solve##box');
    let s = await h.waitState(page, '!s.box.solving && s.box.solutions.length > 0');
    await d.inSight('box:solution 1');
    await shoot('box3', /B\d/);
    await d.press('Type the numbers');
    await d.type('start', BOARD_4X4.join(','));
    await h.waitState(page, `s.box.size === 4 && s.box.board.join() === "${BOARD_4X4.join()}"`);
    await d.press('Solve##box');
    s = await h.waitState(page, '!s.box.solving && s.box.solutions.length > 0', 60000);
    assert.ok(s.box.length > 0 && s.box.length <= 5, `a 4x4 solution of ${s.box.length} moves`);
    await d.inSight('Solve##box');
    await shoot('box4', /Solve/);
    await d.inSight('box:solution 1');
    await shoot('box4-list', /B\d/);

    const found = [];
    for (const [screen, ocr, sure] of read) {
      const text = await ocr;
      assert.match(text, sure, `the OCR did not read the ${device}'s ${screen} screen:\n${text}`);
      for (const word of workshopWords(text)) found.push(`${screen}: ${word}`);
    }
    assert.deepEqual(found, [], `workshop words on the ${device}'s screens (words-${device}-*.png)`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
