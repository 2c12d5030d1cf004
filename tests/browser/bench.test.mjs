// The WASM benchmark figures: the seeded edge-matching suite (src/core/edge/bench/bench) run in
// the solver's Web Worker in headless Chromium, each figure next to the reference
// backtracker measured in the same worker. Figures go to <screenshots>/bench-wasm.json and
// the test log; the test checks the suite ran and its answers are sane, not the speed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const external = path.join(h.sharedDir, 'puzzles/external');  // optional puzzles
const names = ['e2style_brendan_set1_06x06', 'e2_clue1', 'e2_clue2', 'e2_clue3', 'e2_clue4',
  'e2style_brendan_set1_07x07', 'e2style_brendan_set1_08x08'];

test('the benchmark suite runs in the worker and reports ratios to the reference', async () => {
  const { page } = await h.openApp(browser, srv.url);
  const puzzles = names.filter((n) => fs.existsSync(path.join(external, `${n}.txt`)))
    .map((name) => ({ name, text: fs.readFileSync(path.join(external, `${name}.txt`), 'utf8') }));
  if (!puzzles.length) h.noteSkipped("browser.bench: the Eternity II clues' and Brendan's 6x6-8x8 figures", external);
  const quick = process.env.TILEWISE_BENCH_FULL ? false : true;
  const events = await h.workerRequest(page, { id: 1, type: 'edge.bench', quick, puzzles }, 600000);
  const done = events.at(-1);
  assert.equal(done.type, 'done', JSON.stringify(done));
  const rows = done.result;
  // 3x3; placements and tries per second and all solutions of the hard board; one per clue.
  assert.ok(rows.length >= 4 + (puzzles.length ? puzzles.length - 1 : 0), `${rows.length} rows`);
  for (const r of rows) {
    assert.ok(Number.isFinite(r.value) && r.value > 0, `${r.figure}: ${r.value}`);
    assert.ok(Number.isFinite(r.baseline) && r.baseline > 0, `${r.figure}: ${r.baseline}`);
    console.log(`${r.figure}: ${r.value.toFixed(3)} ${r.unit}, reference ${r.baseline.toFixed(3)}` +
      `${r.baseline_bound ? '+' : ''}, ratio ${r.ratio.toFixed(1)}x${r.baseline_bound ? '+' : ''} (${r.detail})`);
  }
  fs.mkdirSync(h.shotDir, { recursive: true });
  fs.writeFileSync(path.join(h.shotDir, 'bench-wasm.json'), JSON.stringify(rows, null, 1));
  await page.close();
});
