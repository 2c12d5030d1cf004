// Progress kept in the browser: moves made in one tab are found, with the same board, moves
// and clock, by the bare start address in a new tab and after a reload; a gallery puzzle opens
// on a shuffled start whose link opens that same start every time; stored data that cannot be
// read gives one message and a fresh start, never a crash or a lost puzzle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const frogs = 'scramble_albznw_frogs.txt';
const desktop = { viewport: { width: 1280, height: 800 } };

// Opens gallery entry `file`, opening its group first.
async function openFromGallery(page, file) {
  await h.clickWidget(page, 'Gallery');
  const s = await h.waitState(page, 's.gallery.open');
  const group = s.gallery.groups.find((g) => g.entries.includes(file));
  assert.ok(group, `${file} is in the gallery`);
  if (!(`gallery:${file}` in s.widgets)) await h.clickWidget(page, `gallery group:${group.name}`);
  await h.waitState(page, `'gallery:${file}' in s.widgets`);
  await h.clickWidget(page, `gallery:${file}`);
  return h.waitState(page, `s.puzzle === '${file}' && !s.gallery.open`);
}

const dealt = (n) => Array.from({ length: n }, (_, k) => [k + 1, 0]);
const saved = (page) => page.evaluate(() => localStorage.getItem('tilewise.progress'));

test('Progress: a new tab at the bare address finds the same board, moves and clock', async () => {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(srv.url);
  await h.waitDrawn(page);
  let s = await openFromGallery(page, frogs);
  assert.notDeepEqual(s.cells, dealt(9), 'a gallery puzzle opens shuffled');
  assert.deepEqual(s.progress.start, s.cells);
  assert.equal(s.progress.moves, 0);
  // Three turns of the top-left tile, one of the centre one.
  for (const [r, c] of [[0, 0], [0, 0], [1, 1], [0, 0]]) {
    const at = await h.cellCentre(page, r, c);
    await h.humanClick(page, at.x, at.y);
  }
  s = await h.waitState(page, 's.progress.moves === 4');
  assert.deepEqual(s.cells[0], [s.progress.start[0][0], (s.progress.start[0][1] + 3) % 4]);
  await page.waitForTimeout(2200);  // the clock runs (saved every second)
  const before = await h.state(page);
  assert.ok(before.play_ms > 2000, `the clock runs: ${before.play_ms}`);
  const stored = JSON.parse(await saved(page));
  assert.equal(stored.games[0].moves, 4);

  // The bare start address (no link) in a new tab of the same browser.
  const tab = await context.newPage();
  tab.on('pageerror', (e) => errors.push(String(e)));
  const opened = Date.now();
  await tab.goto(srv.url);
  await h.waitDrawn(tab);
  const back = await h.state(tab);
  assert.equal(back.puzzle, frogs);
  assert.equal(back.title, before.title);
  assert.deepEqual(back.cells, before.cells);
  assert.equal(back.progress.moves, 4);
  assert.deepEqual(back.progress.start, before.progress.start);
  // The clock goes on from where it was saved (at most a second before `before`).
  assert.ok(back.play_ms >= before.play_ms - 1100, `clock ${back.play_ms} vs ${before.play_ms}`);
  assert.ok(back.play_ms <= before.play_ms + (Date.now() - opened) + 3000,
    `clock ${back.play_ms} vs ${before.play_ms}`);
  assert.equal(back.error, '');
  await h.screenshot(tab, 'progress-resumed-desktop');

  // One more move there, then a reload of that tab: still the same game.
  const at = await h.cellCentre(tab, 2, 2);
  await h.humanClick(tab, at.x, at.y);
  const moved = await h.waitState(tab, 's.progress.moves === 5 && !s.link_pending');
  await tab.waitForTimeout(1200);
  const clock = (await h.state(tab)).play_ms;
  await tab.reload();
  await h.waitDrawn(tab);
  const reloaded = await h.state(tab);
  assert.deepEqual(reloaded.cells, moved.cells);
  assert.equal(reloaded.progress.moves, 5);
  assert.ok(reloaded.play_ms >= clock - 1100, `clock after reload ${reloaded.play_ms} vs ${clock}`);
  // The gallery offers to go on with it.
  await h.clickWidget(tab, 'Gallery');
  await h.waitState(tab, 's.gallery.open');
  await h.screenshot(tab, 'progress-gallery-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Progress: a gallery start is shuffled from a seed and its link opens that start', async () => {
  const first = await h.openIn(browser, srv.url, desktop);
  const s = await openFromGallery(first.page, frogs);
  await h.waitState(first.page, `!s.link_pending && s.link !== ''`);
  const link = srv.url + '#' + await first.page.evaluate(() => location.hash.substring(1));
  const starts = [];
  for (let k = 0; k < 2; ++k) {  // fresh browsers, twice
    const other = await h.openIn(browser, link, desktop);
    const o = await h.state(other.page);
    assert.equal(o.error, '');
    assert.equal(o.title, s.title);
    assert.equal(o.play_ms, 0, 'the clock waits for the first move');
    assert.equal(o.progress.moves, 0);
    assert.deepEqual(o.progress.start, o.cells, "the link's board is where the game starts");
    starts.push(o.cells);
    assert.deepEqual(other.errors, []);
    await other.context.close();
  }
  assert.deepEqual(starts[0], s.cells);
  assert.deepEqual(starts[1], s.cells);
  // Another opening from the gallery draws another seed (a solved game is not continued, an
  // unfinished one is: this one has no move yet, so it is not kept and starts anew).
  const again = await openFromGallery(first.page, frogs);
  assert.notEqual(again.progress.seed, s.progress.seed);
  await first.context.close();
});

test('Progress: stored data that cannot be read gives one message and a fresh start', async () => {
  const bad = [
    'not json at all',
    '{"version":1,"games":[{"title":"Broken","key":"x"}],"best":{}}',
    '{"version":1,"games":[{"key":"00","puzzle":"size 99 99","file":"f","title":"t","start":"",' +
      '"cells":"","moves":1,"play_ms":5,"solved":false,"seed":"1"}],"best":{}}',
  ];
  for (const text of bad) {
    const context = await browser.newContext(desktop);
    const seedPage = await context.newPage();
    await seedPage.goto(srv.url + 'manifest.webmanifest');  // the same origin, the app not run
    await seedPage.evaluate((t) => localStorage.setItem('tilewise.progress', t), text);
    await seedPage.close();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(srv.url);
    await h.waitDrawn(page);
    let s = await h.state(page);
    assert.match(s.error, /^saved games could not be read \(.+\); starting afresh$/, text);
    assert.ok(s.cells.length > 0 && s.puzzle !== '', 'a puzzle is on the board');
    if (text === bad[0]) await h.screenshot(page, 'progress-bad-storage-desktop');
    // Play goes on and is kept again.
    const at = await h.cellCentre(page, 0, 0);
    await h.humanClick(page, at.x, at.y);
    s = await h.waitState(page, 's.progress.moves === 1');
    const stored = JSON.parse(await saved(page));
    assert.equal(stored.games.length, 1);
    assert.equal(stored.games[0].moves, 1);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Progress on a phone: a move, the tab closed, the start address brings it back', async () => {
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true,
    isMobile: true };
  const first = await h.openIn(browser, srv.url, phone);
  const touch = await h.touchscreen(first.page);
  await touch.tapWidget('Gallery');
  let s = await h.waitState(first.page, 's.gallery.open');
  await h.screenshot(first.page, 'progress-gallery-phone');
  const group = s.gallery.groups.find((g) => g.entries.includes(frogs));
  if (!(`gallery:${frogs}` in s.widgets)) await touch.tapWidget(`gallery group:${group.name}`);
  await h.waitState(first.page, `'gallery:${frogs}' in s.widgets`);
  await touch.tapWidget(`gallery:${frogs}`);
  await h.waitState(first.page, `s.puzzle === '${frogs}' && !s.gallery.open`);
  await touch.tap(await h.cellCentre(first.page, 1, 1));
  s = await h.waitState(first.page, 's.progress.moves === 1');
  await first.page.close();  // the tab closed
  const page = await first.context.newPage();
  await page.goto(srv.url);
  await h.waitDrawn(page);
  const back = await h.state(page);
  assert.equal(back.puzzle, frogs);
  assert.deepEqual(back.cells, s.cells);
  assert.equal(back.progress.moves, 1);
  await h.screenshot(page, 'progress-resumed-phone');
  await first.context.close();
});
