// The best-board search (issue 19) in WebAssembly (the app's solver worker in Debian's
// Chromium) against the native CLI, back to back, same seed and node budget:
//   TILEWISE_SITE=$PWD/build/web/site node scripts/bench-best-wasm.mjs [--seeds 1,2,3]
//     [--nodes 16000] [--workers 1] [--puzzle FILE] [--native build/native/src/cli/tilewise]
//     [--out FILE.json]
// With a node budget the search is deterministic, so both sides must end on the same board
// and the same improvements; what differs is the time each improvement took. Times are CPU
// times, so the figures mean something on a shared machine: the CLI counts its thread's CPU
// (--cpu-time); the worker's improvements carry wall milliseconds since the request, which
// are turned into CPU milliseconds of this script's Chromium processes by sampling their
// CPU every 50 ms while the request runs (the page draws nothing meanwhile).
// --workers N: the page's pool of N workers (web/best_pool.js, seeds S..S+N-1) against
// `tilewise best --threads N`; both sides' times are then CPU per search: the CLI's
// improvement times are the finding thread's CPU, the browser's CPU is divided by N (and
// the wall times are reported too). Each figure is given twice: with all of the browser's
// CPU (its idle page included) and with its worker threads' CPU alone.
// The goal: the worker's score curve within 1.5x of the native one, i.e. every score
// reached after at most 1.5x the native CPU time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from '../tests/browser/lib/harness.mjs';
import { ask, browserCpu, browserCpuMs, median, startWorker, timed } from './lib/bench_worker.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((out, a, i, all) => {
  if (a.startsWith('--')) out.push([a.slice(2), all[i + 1]]);
  return out;
}, []));
const seeds = (args.seeds ?? '1,2,3').split(',').map(Number);
const nodes = Number(args.nodes ?? 16000);
const workers = Number(args.workers ?? 1);
const puzzleFile = path.resolve(args.puzzle ?? '../shared/puzzles/external/e2_full_256.txt');
const native = path.resolve(args.native ?? path.join(h.root, 'build/native/src/cli/tilewise'));
if (!fs.existsSync(puzzleFile)) {
  console.error(`bench-best-wasm: ${puzzleFile} not found (the Eternity II board is not in the repository; pass --puzzle FILE)`);
  process.exit(2);
}
const puzzle = fs.readFileSync(puzzleFile, 'utf8');

// The CPU time at a wall time, interpolated between samples [[wall ms, cpu ms, worker
// threads' cpu ms], ...]; k = 1: all of the browser's, k = 2: its worker threads' alone.
function cpuAt(samples, wall, k = 1) {
  let i = 1;
  while (i < samples.length - 1 && samples[i][0] < wall) ++i;
  const [w0, c0] = [samples[i - 1][0], samples[i - 1][k]], [w1, c1] = [samples[i][0], samples[i][k]];
  return w1 === w0 ? c1 : c0 + ((c1 - c0) * (wall - w0)) / (w1 - w0);
}

function sample() {
  const c = browserCpu();
  return [performance.now(), c.total, c.worker];
}

async function inWorker(page, seed) {
  const samples = [sample()];
  const timer = setInterval(() => samples.push(sample()), 50);
  const t0 = samples[0][0];
  let asked;
  try {
    asked = await ask(page, { id: seed, type: 'edge.best', puzzle, seed, max_nodes: nodes, workers });
  } finally {
    clearInterval(timer);
  }
  samples.push(sample());
  const done = asked.events.find((e) => e.type === 'done');
  if (!done) throw new Error('worker: ' + JSON.stringify(asked.events.find((e) => e.type === 'error')));
  const [, cpu0, worker0] = samples[0];
  const improvements = asked.events.filter((e) => e.type === 'improvement')
    .map((e) => ({ score: e.score, wall_ms: e.ms, cpu_ms: (cpuAt(samples, t0 + e.ms) - cpu0) / workers,
      worker_cpu_ms: (cpuAt(samples, t0 + e.ms, 2) - worker0) / workers }));
  return { result: done.result, improvements, wall_ms: asked.ms, cpu_ms: samples.at(-1)[1] - cpu0,
    // (the largest reading: a pool's workers end with the request, their threads' CPU with them)
    worker_cpu_ms: Math.max(...samples.map((x) => x[2])) - worker0 };
}

function inNative(seed) {
  const r = timed(native, ['best', puzzleFile, '--seed', String(seed), '--max-nodes', String(nodes),
    '--threads', String(workers), '--cpu-time', '--json']);
  if (r.status !== 0) throw new Error(`native exit ${r.status}`);
  const result = JSON.parse(r.stdout);
  return { result, improvements: result.improvements.map(([ms, score]) => ({ score, cpu_ms: ms })),
    wall_ms: r.wall_s * 1000, cpu_ms: r.cpu_s * 1000 };
}

const out = { date: new Date().toISOString(), load: os.loadavg(), puzzle: puzzleFile, nodes, workers, runs: [] };
const srv = await h.startServer();
const browser = await h.launch();
try {
  const { page } = await h.openApp(await browser.newContext(), srv.url);
  await startWorker(page);
  // What the browser spends with nothing to do (the page, its compositor): reported, and
  // taken off the worker's figures as "net".
  const idle0 = browserCpuMs(), idleT0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  out.idle_cpu_per_s = ((browserCpuMs() - idle0) * 1000) / (performance.now() - idleT0);
  for (const seed of seeds) {
    const w = await inWorker(page, seed);
    const n = inNative(seed);
    const sameBoard = JSON.stringify(w.result.board) === JSON.stringify(n.result.board);
    if (workers > 1 && w.result.workers !== workers) throw new Error(`the page ran ${w.result.workers} workers`);
    // Per score reached on both sides after the first CPU second: worker time / native time.
    const ratios = n.improvements.filter((i) => i.cpu_ms >= 1000).flatMap((i) => {
      const m = w.improvements.find((x) => x.score >= i.score);
      return m ? [{ score: i.score, native_cpu_ms: i.cpu_ms, wasm_cpu_ms: m.cpu_ms, ratio: m.cpu_ms / i.cpu_ms,
        wasm_worker_cpu_ms: m.worker_cpu_ms, worker_ratio: m.worker_cpu_ms / i.cpu_ms }] : [];
    });
    const run = { seed, same_board: sameBoard, wasm_score: w.result.score, native_score: n.result.score,
      wasm_nodes: w.result.nodes, native_nodes: n.result.nodes, wasm_cpu_ms: w.cpu_ms, native_cpu_ms: n.cpu_ms,
      wasm_wall_ms: w.wall_ms, native_wall_ms: n.wall_ms, wall_ratio: w.wall_ms / n.wall_ms,
      total_cpu_ratio: w.cpu_ms / n.cpu_ms, worker_cpu_ratio: w.worker_cpu_ms / n.cpu_ms,
      net_cpu_ratio: (w.cpu_ms - (out.idle_cpu_per_s * w.wall_ms) / 1000) / n.cpu_ms,
      max_curve_ratio: ratios.length ? Math.max(...ratios.map((r) => r.ratio)) : null,
      max_worker_curve_ratio: ratios.length ? Math.max(...ratios.map((r) => r.worker_ratio)) : null, ratios,
      wasm_improvements: w.improvements, native_improvements: n.improvements };
    out.runs.push(run);
    console.log(`seed ${seed}${workers > 1 ? ` (${workers} workers / threads)` : ''}: worker ${run.wasm_score} / ` +
      `native ${run.native_score} after ${nodes} steps${workers > 1 ? ' each' : ''} ` +
      `(same board: ${sameBoard}); CPU ${(w.cpu_ms / 1000).toFixed(1)} s vs ${(n.cpu_ms / 1000).toFixed(1)} s = ` +
      `${run.total_cpu_ratio.toFixed(2)}x (net of idle ${run.net_cpu_ratio.toFixed(2)}x); wall ` +
      `${(w.wall_ms / 1000).toFixed(1)} s vs ${(n.wall_ms / 1000).toFixed(1)} s = ${run.wall_ratio.toFixed(2)}x; per score after 1 s: ` +
      ratios.map((r) => `${r.score} ${r.ratio.toFixed(2)}x`).join(', ') + `; worker threads' CPU alone ` +
      `${run.worker_cpu_ratio.toFixed(2)}x, per score ` + ratios.map((r) => `${r.score} ${r.worker_ratio.toFixed(2)}x`).join(', '));
  }
  out.median_total_cpu_ratio = median(out.runs.map((r) => r.total_cpu_ratio));
  out.median_net_cpu_ratio = median(out.runs.map((r) => r.net_cpu_ratio));
  out.median_wall_ratio = median(out.runs.map((r) => r.wall_ratio));
  out.max_curve_ratio = Math.max(...out.runs.map((r) => r.max_curve_ratio ?? 0));
  out.max_worker_curve_ratio = Math.max(...out.runs.map((r) => r.max_worker_curve_ratio ?? 0));
  out.load_after = os.loadavg();
  console.log(`median worker/native CPU ${out.median_total_cpu_ratio.toFixed(2)}x (net of the idle browser's ` +
    `${out.idle_cpu_per_s.toFixed(0)} ms/s: ${out.median_net_cpu_ratio.toFixed(2)}x); median wall ratio ` +
    `${out.median_wall_ratio.toFixed(2)}x; worst score-time ratio ` +
    `${out.max_curve_ratio.toFixed(2)}x (goal <= 1.5x; the worker threads' CPU alone ` +
    `${out.max_worker_curve_ratio.toFixed(2)}x); load ${out.load.map((x) => x.toFixed(1)).join(' ')} -> ` +
    `${out.load_after.map((x) => x.toFixed(1)).join(' ')}`);
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(out, null, 1));
} finally {
  await browser.close();
  srv.server.close();
}
