// The Best board mode: a board opened from an e2.bucas.name link, the worker's best-board
// search streams better boards onto the play board (its own count of matched edges agrees),
// Cancel keeps the best board, and Share hands out a link that holds it. With several cores
// the page runs one search per core (web/best_pool.js), as `tilewise best --threads N`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

// The same seed and step budget give the same board in one browser worker (WebAssembly,
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
  }), { id: 1, type: 'edge.best', puzzle, seed: 5, max_nodes: 400, beam: 1024, workers: 1 });
  assert.ok(worker.result, JSON.stringify(worker));
  assert.equal(worker.result.nodes, native.nodes);
  assert.ok(native.score < native.max_score, 'not solved: the steps after the beam count too');
  assert.equal(worker.result.score, native.score);
  assert.deepEqual(worker.result.board, native.board);
  assert.deepEqual(errors, []);
  await page.close();
});

// CPU milliseconds of each worker thread (threads named "DedicatedWorker") of this test's
// Chromium processes, by thread id, from /proc: which workers are busy.
function workerThreadsCpu() {
  const parent = new Map(), threads = new Map();
  const stat = (file) => {
    const t = fs.readFileSync(file, 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10 };
  };
  const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  for (const pid of pids) try { parent.set(pid, stat(`/proc/${pid}/stat`).parent); } catch (e) { /* gone */ }
  for (const pid of pids) {
    let p = pid;
    while (p > 1 && p !== process.pid) p = parent.get(p) ?? 0;
    if (p !== process.pid || pid === process.pid) continue;
    try {
      for (const t of fs.readdirSync(`/proc/${pid}/task`))
        if (fs.readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').startsWith('DedicatedWorker'))
          threads.set(`${pid}/${t}`, stat(`/proc/${pid}/task/${t}/stat`).ms);
    } catch (e) { /* gone */ }
  }
  return threads;
}
// Worker threads that used more than `ms` CPU milliseconds between two readings.
const busyThreads = (before, after, ms) => [...after].filter(([t, c]) => c - (before.get(t) ?? 0) > ms).length;

// Two workers run the CLI's two searches (seeds S and S+1, each its own step budget) and
// the pool reports the better one: the same board, score and summed steps as
// `tilewise best --threads 2`. The seeds are such that the second search wins.
test('Best board: two workers end on the board of `tilewise best --threads 2`, the better search\'s', async () => {
  const cli = path.join(h.root, 'build/native/src/cli/tilewise');
  const puzzle = execFileSync(cli, ['generate', '--rows', '10', '--cols', '10', '--rule', 'equal', '--frame',
    '--border-colours', '4', '--motifs', '9', '--seed', '31'], { encoding: 'utf8' });
  const best = (seed, threads) => JSON.parse(execFileSync(cli, ['best', '-', '--seed', String(seed), '--max-nodes',
    '400', '--beam', '1024', '--threads', String(threads), '--json'], { input: puzzle, encoding: 'utf8' }));
  const seed = 1, first = best(seed, 1), second = best(seed + 1, 1), native = best(seed, 2);
  assert.ok(second.score > first.score, `seed ${seed + 1} (${second.score}) beats seed ${seed} (${first.score})`);
  assert.equal(native.score, second.score);
  const { page, errors } = await h.openApp(browser, srv.url);
  const events = await h.workerRequest(page, { id: 1, type: 'edge.best', puzzle, seed, max_nodes: 400, beam: 1024,
    workers: 2 }, 120000);
  const done = events.at(-1);
  assert.equal(done.type, 'done', JSON.stringify(done));
  assert.equal(done.result.workers, 2);
  assert.equal(done.result.nodes, first.nodes + second.nodes, 'both searches ran their 400 steps');
  assert.equal(done.result.score, native.score);
  assert.deepEqual(done.result.board, native.board);
  assert.equal(done.result.winner, 1, 'the second worker (seed S+1) found it');
  // Improvements only when the pool's best gets better, the last one the result's.
  const improvements = events.filter((e) => e.type === 'improvement');
  assert.ok(improvements.every((e, k) => k === 0 || e.score > improvements[k - 1].score));
  assert.equal(improvements.at(-1).score, done.result.score);
  assert.deepEqual(done.result.improvements.map(([, score]) => score), improvements.map((e) => e.score));
  assert.deepEqual(errors, []);
  await page.close();
});

// The panel on a machine with several cores: one search per core (at most 8), each busy in a
// worker of its own; the board shown is the best of them; Cancel stops every worker.
test('Best board: the panel runs a search per core and Cancel stops them all', async () => {
  const { page, errors } = await h.openApp(browser, srv.url + '#' + bucasLink(), { width: 2200, height: 2000 });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const expected = Math.max(1, Math.min(cores, 8));
  await h.openMore(page, 'Best board');
  await h.clickWidget(page, 'Find best board');
  let s = await h.waitState(page, 's.best.nodes > 0', 60000);
  assert.equal(s.best.workers, expected, `${cores} cores`);
  const t0 = workerThreadsCpu();
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const t1 = workerThreadsCpu();
  assert.ok(busyThreads(t0, t1, 400) >= expected,
    `${busyThreads(t0, t1, 400)} busy worker threads for ${expected} searches`);
  s = await h.waitState(page, 's.best.improvements.length >= 2', 60000);
  await h.screenshot(page, 'best-board-pool-running');
  await h.clickWidget(page, 'Cancel##best');
  s = await h.waitState(page, '!s.best.running', 10000);
  assert.match(s.best.status, /cancelled/);
  // The board shown is the pool's best: the highest score heard, matched on the board itself.
  assert.equal(s.best.score, Math.max(...s.best.improvements.map(([, score]) => score)));
  assert.equal(s.matched, s.best.score);
  assert.equal(new Set(s.cells.map((c) => c[0])).size, 256, 'every tile once');
  // Every worker stopped: no worker thread keeps working.
  const c0 = workerThreadsCpu();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const c1 = workerThreadsCpu();
  assert.equal(busyThreads(c0, c1, 150), 0, 'no worker busy after Cancel');
  await h.screenshot(page, 'best-board-pool-cancelled');
  assert.deepEqual(errors, []);
  await page.close();
});
