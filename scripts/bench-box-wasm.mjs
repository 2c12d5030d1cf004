// The Puzzle Box in WebAssembly (the app's solver worker in Debian's Chromium) against the
// native CLI, back to back on the same boards (issue 18). After a web and a native build:
//   TILEWISE_SITE=$PWD/build/web/site node scripts/bench-box-wasm.mjs [--boards 20] [--seed 2026]
//     [--moves cw+ccw,cw] [--table 7+7+2 | --tiles 7] [--reversed 60] [--native build/native/src/cli/tilewise]
//     [--box-bench build/native/bench/box_bench] [--native-cache DIR] [--out FILE.json]
// --table 8+8 (247.5 MiB, minutes to build): add --fresh 0 --boards 5 --moves cw+ccw, and
// --native-cache ~/.cache/tilewise to let the CLI read the tables it keeps there instead of
// building them again (step 2 is then skipped; its figure is in docs/puzzle-box.md).
// The 4x4 tables: --table P (default 7+7+2): the additive tables of partition P, in the
// worker ("partition") and natively (--bound additive --partition P); --tiles N instead:
// the N-number pattern table in both (--bound pattern --pattern-tiles N).
// 0. Fresh visits as the page makes them (--fresh N boards per move set, each in a new
//    browser context: empty storage, a new worker): the first 4x4 solve with the worker's
//    defaults (the 6+6+4 tables built and used, all optimal solutions listed), timed to
//    the first optimal solution and to the end; after the first one, the 7+7+2 tables
//    built while the worker is idle, to the moment they are stored.
// 1. The bench's table alone on a fresh visit (no quick table: the solve waits for it),
//    timed from the request to the answer; then the table is stored.
// 2. The same table built natively (the CLI with an empty cache; wall and CPU seconds),
//    unless --native-cache names a folder of tables.
// 3. The 3x3 distance table: built 7 times in the worker ("box.bench") and by box_bench.
// 4. Uniformly random 4x4 boards (seeded), first optimal solution: each board in the worker
//    (table in memory), then by the native CLI (its table from its cache), ratio per board.
// 5. A later visit: a new page in the same browser profile; the table must come from storage.
// 6. The reversed board (cw+ccw), capped at --reversed seconds, in the worker and natively.
// Wall times and CPU times: the worker's CPU is that of its own thread (Chromium names it
// "DedicatedWorker"; /proc/PID/task/TID/stat), and "browser CPU" that of all this script's
// Chromium processes while a request runs (the page's polling, compositing, compiling
// included); the CLI's from /usr/bin/time less the CPU of a one-move solve (start-up and
// reading its table). On a shared machine read the CPU ratios; each pair runs back to back.
// Memory: the peak resident size (VmHWM) of the largest Chromium process (the worker's is
// the renderer's), after the build and at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as h from '../tests/browser/lib/harness.mjs';
import { ask, median, peakRssMiB, startWorker, sum, timed, withCpu } from './lib/bench_worker.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((out, a, i, all) => {
  if (a.startsWith('--')) out.push([a.slice(2), all[i + 1]]);
  return out;
}, []));
const boardsWanted = Number(args.boards ?? 20);
const seed = Number(args.seed ?? 2026);
const moveSets = (args.moves ?? 'cw+ccw,cw').split(',');
const tiles = args.tiles ? Number(args.tiles) : 0;
const partition = tiles ? '' : (args.table ?? '7+7+2');
// The same tables on both sides.
const workerTables = tiles ? { pattern_tiles: tiles, quick_tiles: 0 } : { partition, quick_partition: '' };
const nativeTables = tiles ? ['--bound', 'pattern', '--pattern-tiles', String(tiles)]
  : ['--bound', 'additive', '--partition', partition];
const reversedSeconds = Number(args.reversed ?? 60);
const freshBoards = Number(args.fresh ?? 3);
const native = path.resolve(args.native ?? path.join(h.root, 'build/native/src/cli/tilewise'));
const boxBench = path.resolve(args['box-bench'] ?? path.join(h.root, 'build/native/bench/box_bench'));
const REVERSED = [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

// Uniformly random permutations of 1..16 (mulberry32, Fisher-Yates): the same on every run.
function randomBoards(count, s) {
  let a = s >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const b = Array.from({ length: 16 }, (_, i) => i + 1);
    for (let i = 15; i > 0; --i) {
      const j = Math.floor(next() * (i + 1));
      [b[i], b[j]] = [b[j], b[i]];
    }
    return b;
  });
}

// Waits for an event of the last request that has already come or comes later.
async function waitFor(page, type, timeout = 60000) {
  await page.waitForFunction((t) => globalThis.benchEvents.some((e) => e.type === t), type, { timeout });
  return page.evaluate((t) => globalThis.benchEvents.find((e) => e.type === t), type);
}
let nextId = 1;
const solve = (page, start, moves, extra = {}) => withCpu(() => ask(page,
  { id: nextId++, type: 'box.solve', start, moves, all: false, ...workerTables, ...extra }));
const done = (r) => r.events.find((e) => e.type === 'done');

const nativeSolve = (board, moves, env, extra = []) => {
  const r = timed(native, ['box', 'solve', board.join(','), '--moves', moves, '--json', ...nativeTables, ...extra], env);
  return { ...JSON.parse(r.stdout), process: r };
};

const out = { date: new Date().toISOString(), load: os.loadavg(), tiles, partition, seed, boards: boardsWanted };
const ownCache = !args['native-cache'];
const cache = ownCache ? fs.mkdtempSync(path.join(os.tmpdir(), 'tilewise-bench-')) : path.resolve(args['native-cache']);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tilewise-bench-profile-'));
const srv = await h.startServer();
const browser = await h.launch();
let context = null;
try {
  out.fresh_visits = {};
  for (const moves of moveSets) {
    const rows = [];
    for (const b of randomBoards(freshBoards, seed + 1)) {
      const fresh = await browser.newContext();  // empty storage, a new worker
      const { page } = await h.openApp(fresh, srv.url);
      await startWorker(page);
      const id = nextId++;
      const r = await withCpu(() => ask(page, { id, type: 'box.solve', start: b, moves }));
      const first = r.events.find((e) => e.type === 'solution');
      const d = done(r);
      const row = { board: b.join(','), length: d.result.length, proven: d.result.proven_optimal,
        count: d.result.count, tiles: d.table.tiles, label: d.table.label, source: d.table.source, table_ms: d.table.ms,
        first_answer_ms: first ? first.at - r.t0 : null, done_ms: r.ms, worker_cpu_ms: r.worker_cpu_ms,
        browser_cpu_ms: r.cpu_ms, better: d.table.better ?? null };
      if (!rows.length && d.table.better) {  // the better table, built while idle, then stored
        const idle = await withCpu(async () => {
          const t0 = await page.evaluate(() => performance.now());
          await page.waitForFunction((name) => globalThis.benchEvents.some((e) => e.type === 'table_saved' &&
            e.name === name), d.table.better.name, { timeout: 900000, polling: 100 });
          const saved = await page.evaluate((name) => globalThis.benchEvents.find((e) => e.type === 'table_saved' &&
            e.name === name), d.table.better.name);
          return { ms: saved.at - t0, saved };
        });
        row.background = { ms: idle.ms, worker_cpu_ms: idle.worker_cpu_ms, browser_cpu_ms: idle.cpu_ms,
          stored_bytes: idle.saved.bytes, stored_ok: idle.saved.ok };
        const again = await withCpu(() => ask(page, { id: nextId++, type: 'box.solve', start: b, moves }));
        row.background.next_solve = { label: done(again).table.label, source: done(again).table.source,
          ms: again.ms, worker_cpu_ms: again.worker_cpu_ms, length: done(again).result.length };
      }
      rows.push(row);
      await fresh.close();
      console.log(`fresh visit ${moves} #${rows.length}: ${row.length} moves (${row.count} optimal, proven ${row.proven}), ` +
        `${row.label} ${row.source} in ${(row.table_ms / 1000).toFixed(2)} s; first answer ` +
        `${(row.first_answer_ms / 1000).toFixed(2)} s, all listed ${(row.done_ms / 1000).toFixed(2)} s wall; worker CPU ` +
        `${(row.worker_cpu_ms / 1000).toFixed(2)} s, browser CPU ${(row.browser_cpu_ms / 1000).toFixed(2)} s` +
        (row.background ? `; then the ${row.better.label} built while idle and stored: ${(row.background.ms / 1000).toFixed(1)} s wall, ` +
          `${(row.background.worker_cpu_ms / 1000).toFixed(1)} s worker CPU; next solve: ${row.background.next_solve.label} ` +
          `from ${row.background.next_solve.source}, ${row.background.next_solve.ms.toFixed(0)} ms` : ''));
    }
    out.fresh_visits[moves] = rows;
  }
  // Empty storage: a fresh visit, in a profile of its own (a plain context is incognito, whose
  // storage quota refused the 247.5 MiB of 8+8).
  context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM ||
    '/usr/bin/chromium', headless: true, args: h.chromiumArgs });
  const { page } = await h.openApp(context, srv.url);
  await startWorker(page);
  const boards = randomBoards(boardsWanted, seed);
  out.fresh = {};
  out.native_table = {};
  out.random = {};
  for (const moves of moveSets) {
    // 1. + 2. the table, built in the worker (a fresh visit's first solve) and natively.
    const first = await solve(page, boards[0], moves);
    const firstMs = first.ms;
    out.fresh[moves] = { first_solve_ms: firstMs, first_solve_cpu_ms: first.cpu_ms,
      first_solve_worker_cpu_ms: first.worker_cpu_ms, table: done(first).table,
      length: done(first).result.length, proven: done(first).result.proven_optimal,
      saved: await waitFor(page, 'table_saved') };
    out.fresh[moves].peak_rss_mib = peakRssMiB();
    const built = ownCache ? timed(native, ['box', 'solve', '1,2,3,4/5,6,7,8/9,10,11,12/13,14,16,15', '--moves', moves,
      ...nativeTables], { TILEWISE_CACHE: cache }) : null;
    out.native_table[moves] = built ? { wall_s: built.wall_s, cpu_s: built.cpu_s } : { cache };
    console.log(`table ${moves}: worker ${(done(first).table.ms / 1000).toFixed(1)} s (fresh visit's first solve ` +
      `${(firstMs / 1000).toFixed(1)} s wall, ${(first.worker_cpu_ms / 1000).toFixed(1)} s worker CPU, ` +
      `${(first.cpu_ms / 1000).toFixed(1)} s browser CPU), stored in ${out.fresh[moves].saved?.ms?.toFixed(0)} ms ` +
      `(${out.fresh[moves].saved?.bytes} bytes, ok ${out.fresh[moves].saved?.ok}${out.fresh[moves].saved?.error ?
        ': ' + out.fresh[moves].saved.error : ''}), largest browser process's peak ` +
      `${out.fresh[moves].peak_rss_mib} MiB; native ` +
      (built ? `${built.wall_s} s wall / ${built.cpu_s.toFixed(1)} s CPU` : `not built (tables read from ${cache})`));
    // 4. random boards, one at a time: worker, then native.
    const rows = [];
    const oneMove = nativeSolve([2, 6, 3, 4, 1, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], moves, { TILEWISE_CACHE: cache });
    const overheadCpu = oneMove.process.cpu_s;
    let wasmCpu = 0, nativeCpu = 0, browserCpuAll = 0;
    for (const b of boards) {
      const asked = await solve(page, b, moves);
      const w = done(asked).result;
      const n = nativeSolve(b, moves, { TILEWISE_CACHE: cache });
      wasmCpu += asked.worker_cpu_ms;
      browserCpuAll += asked.cpu_ms;
      nativeCpu += Math.max(0, n.process.cpu_s - overheadCpu) * 1000;
      rows.push({ board: b.join(','), length: w.length, native_length: n.length, proven: w.proven_optimal,
        native_proven: n.proven_optimal, nodes: w.nodes, native_nodes: n.nodes, wasm_ms: w.elapsed_ms,
        native_ms: n.elapsed_ms, ratio: w.elapsed_ms / Math.max(n.elapsed_ms, 0.001) });
    }
    const wasmMs = rows.map((r) => r.wasm_ms), nativeMs = rows.map((r) => r.native_ms);
    out.random[moves] = { rows, wasm_median_ms: median(wasmMs), wasm_max_ms: Math.max(...wasmMs),
      native_median_ms: median(nativeMs), native_max_ms: Math.max(...nativeMs),
      total_ratio: sum(wasmMs) / sum(nativeMs), median_ratio: median(rows.map((r) => r.ratio)),
      same_lengths: rows.every((r) => r.length === r.native_length),
      wasm_cpu_ms: wasmCpu, browser_cpu_ms: browserCpuAll, native_cpu_ms: nativeCpu, native_overhead_cpu_s: overheadCpu,
      longest: Math.max(...rows.map((r) => r.length)) };
    const f = out.random[moves];
    console.log(`random 4x4 ${moves} (${rows.length} boards, longest ${f.longest}, same lengths: ${f.same_lengths}): ` +
      `worker median ${f.wasm_median_ms.toFixed(0)} ms, max ${f.wasm_max_ms.toFixed(0)} ms; native median ` +
      `${f.native_median_ms.toFixed(0)} ms, max ${f.native_max_ms.toFixed(0)} ms; worker/native ` +
      `${f.total_ratio.toFixed(2)}x in total, median per board ${f.median_ratio.toFixed(2)}x; CPU: worker ` +
      `${(wasmCpu / 1000).toFixed(2)} s (its thread; all of the browser ${(browserCpuAll / 1000).toFixed(2)} s), native ` +
      `${(nativeCpu / 1000).toFixed(2)} s, ${(wasmCpu / Math.max(nativeCpu, 1)).toFixed(2)}x (browser ` +
      `${(browserCpuAll / Math.max(nativeCpu, 1)).toFixed(2)}x)`);
  }
  // 3. the 3x3 table.
  const bench3 = await withCpu(() => ask(page, { id: nextId++, type: 'box.bench', table3_repeats: 7, pattern_tiles: 0 }));
  const b3 = done(bench3).result;
  const nb = spawnSync(boxBench, ['--benchmark_filter=box_table_build$', '--benchmark_repetitions=7',
    '--benchmark_format=json'], { encoding: 'utf8' });
  const runs = nb.status === 0 ? JSON.parse(nb.stdout).benchmarks.filter((r) => r.run_type === 'iteration') : [];
  out.table_3x3 = { wasm_min_ms: b3.table_3x3_min_ms, wasm_median_ms: b3.table_3x3_median_ms,
    wasm_cpu_ms_each: bench3.worker_cpu_ms / 7,
    native_min_ms: runs.length ? Math.min(...runs.map((r) => r.real_time)) : null,
    native_median_cpu_ms: runs.length ? median(runs.map((r) => r.cpu_time)) : null };
  console.log(`3x3 table: worker min ${b3.table_3x3_min_ms.toFixed(1)} ms, median ${b3.table_3x3_median_ms.toFixed(1)} ms; ` +
    `CPU ${out.table_3x3.wasm_cpu_ms_each.toFixed(0)} ms each; native min ${out.table_3x3.native_min_ms?.toFixed(1)} ms wall, ` +
    `median ${out.table_3x3.native_median_cpu_ms?.toFixed(1)} ms CPU`);
  // 5. a later visit: a new page, same profile; the table comes from storage.
  const later = await h.openApp(context, srv.url);
  await startWorker(later.page);
  const again = await solve(later.page, boards[1 % boards.length], moveSets[0]);
  out.later_visit = { ms: again.ms, table: done(again).table,
    read: again.events.find((e) => e.type === 'table_read') ?? null };
  console.log(`later visit, ${moveSets[0]}: table ${done(again).table.source} in ${done(again).table.ms.toFixed(0)} ms ` +
    `(storage read ${out.later_visit.read?.ms?.toFixed(0)} ms), first solve ${again.ms.toFixed(0)} ms`);
  // 6. the reversed board.
  if (reversedSeconds > 0) {
    const asked = await solve(later.page, REVERSED, 'cw+ccw', { max_seconds: reversedSeconds });
    const w = { ...done(asked).result, cpu_ms: asked.worker_cpu_ms, browser_cpu_ms: asked.cpu_ms };
    const n = nativeSolve(REVERSED, 'cw+ccw', { TILEWISE_CACHE: cache }, ['--max-seconds', String(reversedSeconds)]);
    out.reversed = { seconds: reversedSeconds,
      wasm: { length: w.length, proven: w.proven_optimal, lower_bound: w.lower_bound, nodes: w.nodes, ms: w.elapsed_ms, cpu_ms: w.cpu_ms,
        browser_cpu_ms: w.browser_cpu_ms },
      native: { length: n.length, proven: n.proven_optimal, lower_bound: n.lower_bound, nodes: n.nodes, ms: n.elapsed_ms,
        cpu_ms: n.process.cpu_s * 1000 } };
    console.log(`reversed 4x4 cw+ccw (cap ${reversedSeconds} s): worker ${JSON.stringify(out.reversed.wasm)}; ` +
      `native ${JSON.stringify(out.reversed.native)}`);
  }
  out.load_after = os.loadavg();
  out.peak_rss_mib = peakRssMiB();
  console.log(`largest browser process's peak resident size: ${out.peak_rss_mib} MiB; load ${out.load.map((x) => x.toFixed(1))} -> ` +
    `${out.load_after.map((x) => x.toFixed(1))}`);
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(out, null, 1));
} finally {
  await context?.close();
  await browser.close();
  srv.server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  if (ownCache) fs.rmSync(cache, { recursive: true, force: true });
}
