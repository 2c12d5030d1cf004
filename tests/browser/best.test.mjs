// The Best board mode: a board opened from an e2.bucas.name link, the worker's best-board
// search streams better boards onto the play board (its own count of matched edges agrees),
// Cancel keeps the best board, and Share hands out a link that holds it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// A framed 16x16 board in the e2.bucas.name format, written here on its own: 4 letters per
// cell (up, right, down, left; 'a' + colour, 'a' = grey frame), 3-digit piece numbers.
// Eternity II's colour counts (frame 1..5, inner 6..22); the inner tiles are then shuffled
// and turned. Too hard for the first beam to solve: the score improves in several steps.
function bucasLink(size = 16, seed = 7) {
  let x = seed;
  const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const cells = [];
  for (let i = 0; i < size; ++i)
    for (let j = 0; j < size; ++j) {
      const frameRow = i === 0 || i === size - 1, frameCol = j === 0 || j === size - 1;
      const up = i === 0 ? 0 : cells[(i - 1) * size + j][2];
      const left = j === 0 ? 0 : cells[i * size + j - 1][1];
      const right = j === size - 1 ? 0 : frameRow ? 1 + rand(5) : 6 + rand(17);
      const down = i === size - 1 ? 0 : frameCol ? 1 + rand(5) : 6 + rand(17);
      cells.push([up, right, down, left]);
    }
  const inner = [];
  for (let i = 1; i < size - 1; ++i) for (let j = 1; j < size - 1; ++j) inner.push(i * size + j);
  const tiles = inner.map((c) => cells[c]);
  for (let k = tiles.length - 1; k > 0; --k) { const r = rand(k + 1); [tiles[k], tiles[r]] = [tiles[r], tiles[k]]; }
  inner.forEach((c, k) => { const t = tiles[k], r = rand(4); cells[c] = [0, 1, 2, 3].map((d) => t[(d + 4 - r) % 4]); });
  const edges = cells.map((s) => s.map((v) => String.fromCharCode(97 + v)).join('')).join('');
  const pieces = cells.map((_, k) => String(k + 1).padStart(3, '0')).join('');
  return `puzzle=test_16x16&board_w=${size}&board_h=${size}&board_edges=${edges}&board_pieces=${pieces}`;
}

test('Best board: a bucas link opens, the score improves live, Cancel keeps it, Share holds it', async () => {
  // Tall enough that the Best board panel is on screen below the other panels; wider than
  // tall, so the panel is at the side (not the stacked phone layout).
  const { page, errors } = await h.openApp(browser, srv.url + '#' + bucasLink(), { width: 2200, height: 2000 });
  let s = await h.state(page);
  assert.equal(s.error, '');
  assert.equal(s.rows, 16);
  assert.equal(s.cells.filter((c) => c[0] > 0).length, 256, 'the link fills the board');
  await h.openMore(page, 'Best board');
  await h.clickWidget(page, 'Find best board');
  s = await h.waitState(page, 's.best.improvements.length >= 3', 60000);
  const first = s.best.improvements[0][1];
  assert.ok(s.best.score > first, `improved from ${first} to ${s.best.score}`);
  assert.equal(s.best.max_score, 480);
  assert.ok(s.widgets['best plot'], 'the score-over-time plot is drawn');
  await h.screenshot(page, 'best-board-running');
  if (s.best.running) await h.clickWidget(page, 'Cancel##best');
  s = await h.waitState(page, '!s.best.running', 30000);
  assert.match(s.best.status, /cancelled|finished/);
  // The play board shows the best board: its own count of matched edges is the score.
  assert.equal(s.matched, s.best.score);
  assert.equal(new Set(s.cells.map((c) => c[0])).size, 256, 'every tile once');
  await h.clickWidget(page, 'Share');
  s = await h.waitState(page, 's.share_url.includes("#")');
  const shared = await h.openApp(browser, s.share_url);
  const t = await h.state(shared.page);
  assert.deepEqual(t.cells, s.cells, 'the shared link holds the best board');
  await h.screenshot(page, 'best-board-done');
  assert.deepEqual(errors, []);
  assert.deepEqual(shared.errors, []);
  await shared.page.close();
  await page.close();
});

// The same seed and step budget give the same board in the browser worker (WebAssembly,
// libc++) as in the CLI (native, libstdc++): nothing in the search may depend on the order a
// standard library leaves equal elements in (the beam's selection did). The beam is kept
// narrow so that it must choose among more children than it keeps at almost every cell.
test('Best board: the worker and the CLI find the same board from the same seed and step budget', async () => {
  const cli = path.join(h.root, 'build/native/src/cli/tilewise');
  const puzzle = execFileSync(cli, ['generate', '--rows', '10', '--cols', '10', '--rule', 'equal', '--frame',
    '--border-colours', '4', '--motifs', '9', '--seed', '31'], { encoding: 'utf8' });
  const native = JSON.parse(execFileSync(cli, ['best', '-', '--seed', '5', '--max-nodes', '400', '--beam', '1024',
    '--json'], { input: puzzle, encoding: 'utf8' }));
  const { page, errors } = await h.openApp(browser, srv.url);
  const worker = await page.evaluate((request) => new Promise((resolve) => {
    const w = new Worker('worker.js');
    w.onmessage = (e) => {
      const done = JSON.parse(e.data).find((x) => x.type === 'done' || x.type === 'error');
      if (done) { w.terminate(); resolve(done); }
    };
    w.postMessage(JSON.stringify(request));
  }), { id: 1, type: 'edge.best', puzzle, seed: 5, max_nodes: 400, beam: 1024 });
  assert.ok(worker.result, JSON.stringify(worker));
  assert.equal(worker.result.nodes, native.nodes);
  assert.ok(native.score < native.max_score, 'not solved: the steps after the beam count too');
  assert.equal(worker.result.score, native.score);
  assert.deepEqual(worker.result.board, native.board);
  assert.deepEqual(errors, []);
  await page.close();
});
