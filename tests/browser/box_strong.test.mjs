// The stronger 4x4 tables (issue 18): the Puzzle Box panel builds them only when asked, in a
// worker of their own, keeps them in the browser, and every later 4x4 solve uses them (this
// visit and the next); a build that fails (memory refused) or is cancelled says so once and
// the solves go on with the tables they have; kept tables the solver worker has no memory for
// stay kept. The page's 8+8 (247.5 MiB, minutes) is 6+6+4
// here (?kept_partition=), and its 7+7+2 blocks (?partition=); scripts/bench-box-wasm.mjs
// times 8+8 itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const TARGET = Array.from({ length: 16 }, (_, i) => i + 1);
// 8 turns from the target, B1 B5 B9' B3 B5 B7' B2 B8 (at most 8 moves).
const BOARD = [5, 11, 1, 3, 6, 10, 2, 4, 12, 13, 14, 16, 9, 7, 8, 15];

async function openBox(context, options) {
  const opened = await h.openApp(context, `${srv.url}?partition=blocks&quick_partition=&${options}`);
  await h.clickWidget(opened.page, 'Puzzle Box');
  await h.waitState(opened.page, 's.box.active');
  await h.clickWidget(opened.page, 'box:moves');  // "clockwise + back", the second entry
  const r = (await h.state(opened.page)).widgets['box:moves'];
  await h.humanClick(opened.page, r[0] + 20, r[1] + r[3] * 2.3);
  await h.waitState(opened.page, 's.box.moves === "cw+ccw"');
  await h.openBoxTyping(opened.page);
  await h.clickWidget(opened.page, 'start');
  await h.pressSlowly(opened.page, 'Control+A');
  await h.pressSlowly(opened.page, 'Backspace');
  await opened.page.keyboard.type(BOARD.join(','), { delay: 5 });
  await h.pressSlowly(opened.page, 'Enter');
  await h.waitState(opened.page, `s.box.board.join() === "${BOARD.join()}"`);
  await h.clickWidget(opened.page, 'box:details');  // the stronger tables are offered there
  return opened;
}
async function solve(page) {
  const before = (await h.state(page)).box.solve_id;
  await h.clickWidget(page, 'Solve##box');
  return h.waitState(page, `s.box.solve_id > ${before} && !s.box.solving`, 60000);
}
const offered = (s) => s.controls.some((c) => c.name === 'Build stronger 4x4 tables');
const keptNames = (page) => page.evaluate(() => new Promise((resolve) => {
  const r = indexedDB.open('tilewise-tables', 1);
  r.onupgradeneeded = () => r.result.createObjectStore('tables');
  r.onsuccess = () => {
    const keys = r.result.transaction('tables').objectStore('tables').getAllKeys();
    keys.onsuccess = () => { r.result.close(); resolve(keys.result.sort()); };
  };
}));

test('built on request, kept, then used by every solve, this visit and the next', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openBox(context, 'kept_partition=6%2B6%2B4');
  let s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(blocks tables\)$/);
  assert.equal(s.box.strong.kept[1], false);
  assert.ok(offered(s), 'the build is offered on 4x4');
  await h.clickWidget(page, 'Build stronger 4x4 tables');
  s = await h.waitState(page, '!s.box.strong.running', 60000);
  assert.equal(s.box.strong.note,
    'the 6+6+4 tables (cw+ccw) are built and kept in this browser (2.8 MiB): Solve uses them from now on');
  assert.deepEqual(s.box.strong.kept, [false, true]);
  assert.deepEqual(await keptNames(page), ['box-additive-cw+ccw-6+6+4.v1', 'box-additive-cw+ccw-blocks.v1']);
  assert.equal(offered(s), false, 'not offered once kept');
  await h.screenshot(page, 'box-strong-kept');
  // The solver worker (which had asked the storage before the build) reads them now.
  s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(6\+6\+4 tables\)$/);
  assert.equal(s.box.table.source, 'storage');
  // A later visit: the page knows what is kept before any solve (the build is not offered),
  // and the stronger tables answer the first solve.
  await page.close();
  const again = await openBox(context, 'kept_partition=6%2B6%2B4');
  s = await h.waitState(again.page, 's.box.strong.kept[1]', 5000);
  assert.equal(offered(s), false, 'not offered before the first solve either');
  await h.screenshot(again.page, 'box-strong-kept-at-start');
  s = await solve(again.page);
  assert.match(s.box.status, /\(6\+6\+4 tables\)$/);
  assert.equal(s.box.table.source, 'storage');
  assert.equal(s.box.strong.kept[1], true);
  assert.equal(offered(s), false);
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await context.close();
});

test('a build the browser refuses memory, or one cancelled, keeps nothing and says so; solves go on', async () => {
  // The build worker may not grow its memory past 24 MiB: 7+7+2 (55 MB while built) cannot be.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openBox(context, 'kept_partition=7%2B7%2B2&build_memory_mib=24');
  await h.clickWidget(page, 'Build stronger 4x4 tables');
  let s = await h.waitState(page, '!s.box.strong.running', 60000);
  assert.match(s.box.strong.note, /^no 7\+7\+2 tables kept: this browser would not give the build \d+ MiB of memory\. Solve goes on with the tables it has$/);
  await h.screenshot(page, 'box-strong-memory-refused');
  s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(blocks tables\)$/);
  assert.deepEqual(s.box.board, BOARD, 'the board stays');
  // Cancel while it builds (the same page, no memory cap now: the page's ?build_memory_mib=).
  await page.evaluate(() => { globalThis.tilewise.buildMemoryMiB = 0; });
  await h.clickWidget(page, 'Build stronger 4x4 tables');
  s = await h.waitState(page, '/building the 7\\+7\\+2 tables \\(cw\\+ccw\\): [1-9]/.test(s.box.strong.progress)', 60000);
  await h.screenshot(page, 'box-strong-building');
  await h.clickWidget(page, 'Cancel build');
  s = await h.waitState(page, '!s.box.strong.running');
  assert.equal(s.box.strong.note, 'the build of the stronger tables was cancelled; nothing was kept');
  await page.waitForTimeout(300);
  assert.deepEqual(await keptNames(page), ['box-additive-cw+ccw-blocks.v1']);
  assert.ok(offered(await h.state(page)), 'offered again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('kept tables the solver has no memory for stay kept; the solve goes on without them', async () => {
  // The solver worker may not grow past 24 MiB; 7+7+2's 27.5 MiB stand for the kept 8+8 ones.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openBox(context, 'kept_partition=7%2B7%2B2&solver_memory_mib=24');
  const name = 'box-additive-cw+ccw-7+7+2.v1';
  await h.keepTableBytes(page, name, 28828941);  // (the bytes are never read: no room)
  const s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(blocks tables\)$/);
  assert.equal(s.box.strong.note,
    'the tables kept in this browser need more memory than it gives the solver: solves go on without them');
  assert.deepEqual(await keptNames(page), ['box-additive-cw+ccw-7+7+2.v1', 'box-additive-cw+ccw-blocks.v1']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page reloaded while a table is stored, the solver killed or the page reloaded while kept tables are read: later solves still work, nothing damaged is kept', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openBox(context, '');  // the blocks tables, built by a solve
  await h.clickWidget(page, 'Share puzzle');  // the address holds the board: reloads reopen it
  await h.waitState(page, "s.share_url.includes('#')");
  const name = 'box-additive-cw+ccw-blocks.v1';
  // When the solver worker's events (as they reach the app's inbox) include `type`: "reload"
  // the page or "kill" the worker (as a crash would: no answer comes, the page's watchdog
  // starts a new one).
  const abortAt = (type, how) => page.evaluate(({ type, how }) => {
    const t = globalThis.tilewise, push = t.inbox.push.bind(t.inbox);
    t.inbox.push = (text) => {
      const n = push(text);
      if (!text.includes(`"type":"${type}"`) || t.aborted) return n;
      t.aborted = true;
      if (how === 'reload') location.reload(); else t.worker.terminate();
      return n;
    };
  }, { type, how });
  const reopened = async () => {  // the shared board again, after a reload
    await h.waitDrawn(page);
    return h.waitState(page, `s.box.active && s.box.board.join() === "${BOARD.join()}" && s.box.moves === "cw+ccw"`);
  };
  const solveUntilReload = async () => {
    const loaded = page.waitForEvent('load');
    await h.clickWidget(page, 'Solve##box');
    await loaded;
    return reopened();
  };
  const optimal = /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(blocks tables\)$/;

  // The page goes while the worker stores the tables it has just built.
  await abortAt('table_built', 'reload');
  await solveUntilReload();
  const kept = await keptNames(page);
  assert.ok(kept.length === 0 || kept.join() === name, `kept: ${kept}`);
  let s = await solve(page);  // read whole (if kept) or built anew, and kept now
  assert.match(s.box.status, optimal);
  assert.equal(s.box.table.source, kept.length ? 'storage' : 'built');
  const length = s.box.length;
  await h.waitState(page, 's.box.table.source === "storage" || s.box.table.saved');

  // A fresh visit's solver is killed while it reads them: the watchdog says so, Solve works.
  await page.reload();
  await reopened();
  await abortAt('table_wanted', 'kill');
  await h.clickWidget(page, 'Solve##box');
  s = await h.waitState(page, '!s.box.solving', 15000);
  assert.match(s.box.status, /^error: the solver stopped responding; a new solver was started/);
  s = await solve(page);
  assert.match(s.box.status, optimal);
  assert.deepEqual([s.box.table.source, s.box.table.read_used, s.box.length], ['storage', true, length]);

  // The page reloaded while a fresh visit's solver reads them: the next visit reads them.
  await page.reload();
  await reopened();
  await abortAt('table_wanted', 'reload');
  await solveUntilReload();
  s = await solve(page);
  assert.match(s.box.status, optimal);
  assert.deepEqual([s.box.table.source, s.box.table.read_used, s.box.length], ['storage', true, length]);
  assert.deepEqual(await keptNames(page), [name]);
  assert.deepEqual(errors, []);
  await context.close();
});

// The kept tables' line names what is kept (the page's partition, not always "8+8"); kept
// tables found damaged are deleted by the worker: the page stops saying they are kept, says
// why and offers the build again. The `cw` move set's tables: built, kept and used.
test('damaged kept tables are no longer called kept; cw\'s stronger tables are built, kept and used', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await h.openApp(context, srv.url);  // 8 bytes kept under cw+ccw 6+6+4's name
  await h.keepTableBytes(first.page, 'box-additive-cw+ccw-6+6+4.v1', 8);
  await first.page.close();
  const { page, errors } = await openBox(context, 'kept_partition=6%2B6%2B4');
  const atStart = await h.waitState(page, 's.box.strong.kept[1]', 5000);
  assert.equal(offered(atStart), false);
  let s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(blocks tables\)$/);
  assert.deepEqual(s.box.strong.kept, [false, false], 'the damaged tables are still called kept');
  // (The line before the solve: the partition kept, not "8+8"; none after it.)
  assert.equal(atStart.box.strong.kept_line, 'The 6+6+4 tables (cw+ccw) are kept in this browser: Solve uses them.');
  assert.equal(s.box.strong.kept_line, '');
  assert.equal(s.box.strong.note,
    'the 6+6+4 tables (cw+ccw) kept in this browser were damaged or old and are deleted: build them again to use them');
  assert.ok(offered(s), 'offered again');
  assert.deepEqual(await keptNames(page), ['box-additive-cw+ccw-blocks.v1']);
  await h.screenshot(page, 'box-strong-damaged');

  // cw: the build, then a solve answered with them; the line names cw.
  await h.clickWidget(page, 'box:moves');
  await h.clickWidget(page, 'box:moves:clockwise only');
  s = await h.waitState(page, 's.box.moves === "cw"');
  assert.deepEqual(s.box.board, BOARD, 'the board stays');
  await h.clickWidget(page, 'Build stronger 4x4 tables');
  s = await h.waitState(page, '!s.box.strong.running', 60000);
  assert.equal(s.box.strong.note,
    'the 6+6+4 tables (cw) are built and kept in this browser (2.8 MiB): Solve uses them from now on');
  assert.deepEqual(s.box.strong.kept, [true, false]);
  s = await solve(page);
  assert.match(s.box.status, /^optimal: \d+ solution\(s\) of \d+ moves, \d+ ms \(6\+6\+4 tables\)$/);
  assert.equal(s.box.table.source, 'storage');
  assert.deepEqual(await keptNames(page),
    ['box-additive-cw+ccw-blocks.v1', 'box-additive-cw-6+6+4.v1']);
  assert.deepEqual(errors, []);
  await context.close();
});
