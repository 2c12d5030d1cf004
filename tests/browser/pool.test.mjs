// Count/all searches split across several Web Workers (web/edge_pool.js) report exactly
// what one worker reports; cancel stops every worker of the pool.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const puzzle = (name) => fs.readFileSync(path.join(h.root, 'assets/puzzles', name), 'utf8');

test('three workers give exactly the one-worker result (counts, nodes per depth, solutions)', async () => {
  const { page } = await h.openApp(browser, srv.url);
  for (const name of ['generated_5x5_complement.txt', 'cards_4x4.txt', 'generated_6x6_frame.txt']) {
    const text = puzzle(name);
    const one = (await h.workerRequest(page, { id: 1, type: 'edge.solve', mode: 'all', workers: 1, puzzle: text }, 120000)).at(-1);
    const events = await h.workerRequest(page, { id: 2, type: 'edge.solve', mode: 'all', workers: 3, probe_ms: 0, puzzle: text }, 120000);
    const three = events.at(-1);
    assert.equal(one.type, 'done', JSON.stringify(one));
    assert.equal(three.type, 'done', JSON.stringify(three));
    assert.equal(three.result.workers, 3, name);
    assert.equal(one.result.workers, undefined);
    for (const key of ['count', 'distinct_boards', 'distinct_boards_complete', 'complete', 'nodes', 'tries',
      'nodes_per_depth', 'solutions', 'solutions_truncated']) {
      assert.deepEqual(three.result[key], one.result[key], `${name}: ${key}`);
    }
    // Counting walks the same tree (one-word framed boards count in lanes, two subtrees at once).
    const counted = (await h.workerRequest(page, { id: 3, type: 'edge.solve', mode: 'count', workers: 1, puzzle: text }, 120000)).at(-1);
    assert.equal(counted.type, 'done', JSON.stringify(counted));
    for (const key of ['count', 'nodes', 'tries', 'nodes_per_depth']) {
      assert.deepEqual(counted.result[key], one.result[key], `${name}: counting, ${key}`);
    }
    // Progress comes from the pool (if the shards ran long enough to report any).
    assert.ok(events.filter((e) => e.type === 'progress').every((e) => e.workers === 3), name);
    console.log(`# ${name}: ${one.result.count} solutions, ${one.result.nodes} nodes; 1 worker ` +
      `${one.result.elapsed_ms.toFixed(0)} ms, 3 workers ${three.result.elapsed_ms.toFixed(0)} ms`);
  }
  await page.close();
});

// A free-border 6x6 has one class of 36 tiles x 4 turns: 3 mask words, the lanes' 3-word
// step, which the WebAssembly build compiles with SIMD (src/core/CMakeLists.txt). Its count
// walks exactly the native tree (17.8 M placements natively, ~0.2 s in the worker).
test('a board with 3-word tile classes counts in the worker exactly as in the native CLI', async () => {
  const cli = path.join(h.root, 'build/native/src/cli/tilewise');
  const text = execFileSync(cli, ['generate', '--rows', '6', '--cols', '6', '--motifs', '8', '--seed', '5'],
    { encoding: 'utf8' });
  const native = JSON.parse(execFileSync(cli, ['solve', '-', '--count', '--json', '--threads', '1'],
    { input: text, encoding: 'utf8' }));
  const { page } = await h.openApp(browser, srv.url);
  const done = (await h.workerRequest(page, { id: 4, type: 'edge.solve', mode: 'count', workers: 1, puzzle: text },
    120000)).at(-1);
  assert.equal(done.type, 'done', JSON.stringify(done));
  assert.ok(native.nodes > 1e6, `${native.nodes} nodes`);
  for (const key of ['count', 'nodes', 'tries', 'nodes_per_depth', 'complete'])
    assert.deepEqual(done.result[key], native[key], key);
  await page.close();
});

test('cancelling a pooled search stops it and reports it incomplete', async () => {
  const { page } = await h.openApp(browser, srv.url);
  const text = puzzle('generated_7x7_hard.txt');
  const done = await page.evaluate((text) => new Promise((resolve, reject) => {
    const w = new Worker('worker.js');
    const timer = setTimeout(() => reject(new Error('no cancelled done')), 60000);
    let cancelled = false;
    w.onmessage = (e) => {
      for (const ev of JSON.parse(e.data)) {
        if (ev.type === 'progress' && ev.workers === 2 && ev.nodes > 0 && !cancelled) {
          cancelled = true;
          w.postMessage(JSON.stringify({ type: 'cancel' }));
        }
        if (ev.type === 'done') { clearTimeout(timer); w.terminate(); resolve(ev); }
      }
    };
    w.postMessage(JSON.stringify({ id: 5, type: 'edge.solve', mode: 'count', workers: 2, probe_ms: 0, puzzle: text }));
  }), text);
  assert.equal(done.cancelled, true);
  assert.equal(done.result.complete, false);
  assert.equal(done.id, 5);
  await page.close();
});

test('speed-up on Brendan Owen 6x6 (all solutions)', async () => {
  // Measured from a page that draws nothing (the site's icon): under software WebGL the app's
  // own frames take a core, which on a 2-core machine would be measured as worker slowness.
  const page = await browser.newPage();
  await page.goto(srv.url + 'icon-192.png');
  const text = puzzle('brendan_06x06.txt');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const wall = async (workers, mode = 'all') => {
    const t0 = Date.now();
    const done = (await h.workerRequest(page, { id: 9, type: 'edge.solve', mode, workers, puzzle: text }, 600000)).at(-1);
    assert.equal(done.result.count, 65);
    return { ms: Date.now() - t0, result: done.result };
  };
  const one = await wall(1), many = await wall(cores);
  assert.equal(many.result.nodes, one.result.nodes);
  console.log(`# Brendan 6x6 all solutions in the browser: 1 worker ${one.ms} ms, ${cores} workers ${many.ms} ms ` +
    `(x${(one.ms / many.ms).toFixed(2)}), ${one.result.nodes} nodes either way`);
  // Counting (in lanes: two subtrees at once in each worker) walks the same tree.
  const countOne = await wall(1, 'count'), countMany = await wall(cores, 'count');
  for (const key of ['nodes', 'tries', 'nodes_per_depth']) {
    assert.deepEqual(countOne.result[key], one.result[key], `counting, ${key}`);
    assert.deepEqual(countMany.result[key], one.result[key], `counting with ${cores} workers, ${key}`);
  }
  console.log(`# Brendan 6x6 count in the browser: 1 worker ${countOne.ms} ms, ${cores} workers ${countMany.ms} ms`);
  await page.close();
});
