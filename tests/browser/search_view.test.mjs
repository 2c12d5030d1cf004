// The live search view: the board shows the backtracking at the chosen pace, the per-depth
// statistics grow, and moving the pace slider speeds the running search up to its end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const placed = (board) => board.filter((c) => c[0] > 0).length;

test('watching the search of seed 000 shows partial boards, then the pace slider finishes it', async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { height: 1400 });  // the pace slider below the solver
  await h.openDealt(page, 'seed000_mockup.txt');
  await h.openMore(page, 'Solver');
  await h.clickWidget(page, 'Watch the search');
  let s = await h.waitState(page, 's.search_view.watching');
  assert.ok(s.search_view.steps_per_second <= 20, 'a slow default pace');
  await h.searchInWorker(page);
  s = await h.waitState(page, 's.solving && s.progress_board.length === 9 && s.progress_board.some((c) => c[0] > 0)');
  const seen = new Set();
  for (let k = 0; k < 6; ++k) {  // the partial board changes as the search goes on
    s = await h.state(page);
    seen.add(JSON.stringify(s.progress_board));
    assert.ok(placed(s.progress_board) <= 9);
    await page.waitForTimeout(400);
  }
  assert.ok(seen.size >= 3, `only ${seen.size} different partial boards in 2.4 s`);
  assert.ok(s.solving, 'at 10 steps per second the search is still running');
  // Seed 004's step log: each change of the board, tiles placed and taken back.
  const log = s.search_view.step_log;
  assert.ok(log.some((l) => /tile \d+ turned \d fits/.test(l)), log.join('\n'));
  assert.ok(log.some((l) => /back: tile \d+ taken away/.test(l)), log.join('\n'));
  await h.screenshot(page, 'search-watch-seed000');
  // Click the right end of the pace slider: the search runs to its end at full pace.
  const r = s.widgets['steps/s'];
  await h.humanClick(page, r[0] + r[2] - 3, r[1] + r[3] / 2);
  s = await h.waitState(page, '!s.solving', 60000);
  assert.ok(s.search_view.steps_per_second > 10000, `pace ${s.search_view.steps_per_second}`);
  assert.equal(s.solutions, 2);
  assert.match(s.status, /2 solution/);
  await h.screenshot(page, 'search-watch-done');
  assert.deepEqual(errors, []);
  await page.close();
});
