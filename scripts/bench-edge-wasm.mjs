// The edge-matching placement rates (src/core/edge/bench/bench, BenchOptions::rates_only: lanes and
// one subtree at a time, 2^24 steps, best of 3) natively and in WebAssembly (the app's solver
// worker in Debian's Chromium), alternated run by run, and per figure the medians and the
// ratio WASM speed / native speed (issue 17's goal: >= 0.65 on the lanes):
//   TILEWISE_SITE=$PWD/build/web/site node scripts/bench-edge-wasm.mjs [--runs 5]
//     [--suite] [--native build/native/src/cli/tilewise] [--puzzles ../shared/puzzles/external]
//     [--chromium-flags '--js-flags=--no-liftoff'] [--out FILE.json]
//     [--site-b OTHER/site] [--native-b OTHER/tilewise] [--no-native]
// --suite: the whole quick suite instead (`tilewise bench --quick`, as tests/browser/bench).
// --site-b / --native-b: A/B runs of two builds (e.g. a branch against main's, built in a folder
// of its own): the other site's worker (CLI) runs too, alternately with this one (the order
// turned every run), and per figure the median over runs of A / B speed is printed, with the
// whole runs' CPU ratio. --no-native: the worker(s) alone.
// Runs go native, wasm, native, wasm, ... so the machine's load falls on both alike. The
// per-figure rates are each side's own clock (wall time inside the run): on a shared machine
// take the medians and read the load printed with them. The CPU time of each whole run (the
// native process; Chromium's worker thread, from /proc) is the load-proof figure: both sides do
// the same work in the rates, so their CPU ratio is a speed ratio. The page loaded is not the
// app (nothing but the worker runs in the browser).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as h from '../tests/browser/lib/harness.mjs';
import { ask, browserCpu, median, startWorker, timed } from './lib/bench_worker.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((out, a, i, all) => {
  if (a.startsWith('--')) out.push([a.slice(2), all[i + 1]?.startsWith('--') ? true : all[i + 1] ?? true]);
  return out;
}, []));
const runs = Number(args.runs ?? 5);
const suite = !!args.suite;
const native = path.resolve(args.native ?? path.join(h.root, 'build/native/src/cli/tilewise'));
const puzzleDir = path.resolve(args.puzzles ?? path.join(h.root, '../shared/puzzles/external'));
const extraFlags = typeof args['chromium-flags'] === 'string' ? args['chromium-flags'].split(' ').filter(Boolean) : [];
const siteB = typeof args['site-b'] === 'string' ? path.resolve(args['site-b']) : null;
const nativeB = typeof args['native-b'] === 'string' ? path.resolve(args['native-b']) : null;
const withNative = !args['no-native'];

// The external puzzles the suite knows (core/edge/bench/bench.cpp's bench_puzzle_names), when present.
const names = ['e2style_brendan_set1_06x06', 'e2_clue1', 'e2_clue2', 'e2_clue3', 'e2_clue4',
  'e2style_brendan_set1_07x07', 'e2style_brendan_set1_08x08'];
const puzzles = names.filter((n) => fs.existsSync(path.join(puzzleDir, `${n}.txt`)))
  .map((name) => ({ name, text: fs.readFileSync(path.join(puzzleDir, `${name}.txt`), 'utf8') }));
if (!puzzles.length) console.log(`# skipped: the Eternity II clues and Brendan's 6x6-8x8 (none in ${puzzleDir})`);

// Higher is faster for rates, lower for times: the ratio is always WASM speed / native speed.
const faster = (unit) => unit.endsWith('/s');
const speedRatio = (unit, wasm, nat) => (faster(unit) ? wasm / nat : nat / wasm);

function nativeRun(cli = native) {
  const r = timed(cli, ['bench', '--json', '--threads', '1', '--puzzles', puzzleDir, suite ? '--quick' : '--rates-only']);
  if (r.status !== 0) throw new Error(`native bench: exit ${r.status}`);
  return { rows: JSON.parse(r.stdout), cpu_ms: r.cpu_s * 1000, wall_ms: r.wall_s * 1000 };
}

// The worker thread's CPU milliseconds at a wall time, interpolated between samples.
function cpuAt(samples, wall) {
  let i = 1;
  while (i < samples.length - 1 && samples[i][0] < wall) ++i;
  const [w0, c0] = samples[i - 1], [w1, c1] = samples[i];
  return w1 === w0 ? c1 : c0 + ((c1 - c0) * Math.min(Math.max(wall - w0, 0), w1 - w0)) / (w1 - w0);
}

// The worker's rates are wall time: in the rates, each row is turned into CPU time by its part's
// share of the worker thread's CPU (a part = one row; the worker posts a progress event after
// each, and the thread's CPU is sampled every 20 ms meanwhile).
async function wasmRun(page, id) {
  const t0 = performance.now();
  const samples = [[0, browserCpu().worker]];
  const timer = setInterval(() => samples.push([performance.now() - t0, browserCpu().worker]), 20);
  let r;
  try {
    r = await ask(page, { id, type: 'edge.bench', quick: suite, rates_only: !suite, puzzles });
  } finally {
    clearInterval(timer);
  }
  samples.push([performance.now() - t0, browserCpu().worker]);
  const done = r.events.find((e) => e.type === 'done' && e.id === id);
  if (!done?.result?.length) throw new Error('worker: ' + JSON.stringify(r.events.at(-1)));
  const cpu_ms = samples.at(-1)[1] - samples[0][1];
  if (suite) return { rows: done.result, cpu_ms, wall_ms: r.ms };
  const ends = [0, ...r.events.filter((e) => e.id === id && (e.type === 'progress' || e.type === 'done'))
    .map((e) => e.at - r.t0)];
  const rows = done.result.map((row, k) => {
    const wall = ends[k + 1] - ends[k], cpu = cpuAt(samples, ends[k + 1]) - cpuAt(samples, ends[k]);
    const share = Math.min(1, cpu / wall);  // the part's CPU / its wall time
    return { ...row, value: row.value / share, baseline: row.baseline / share, cpu_share: share };
  });
  return { rows, cpu_ms, wall_ms: r.ms };
}

const out = { date: new Date().toISOString(), load: os.loadavg(), suite, chromium_flags: extraFlags,
  site_b: siteB, native_b: nativeB, runs: [] };
const servers = [await h.startServer(), ...(siteB ? [await h.startServer(siteB)] : [])];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true, args: [...h.chromiumArgs, ...extraFlags] });
// The sides of a run, by key (wasm_b: the other site's worker; native_b: the other CLI).
const sides = [];
if (withNative) sides.push(['native', () => nativeRun()]);
if (withNative && nativeB) sides.push(['native_b', () => nativeRun(nativeB)]);
const fmt = (x) => x.toFixed(2);
const figureOf = (side) => out.runs[0][side].rows.map((r) => r.figure);
const rowsOf = (side, figure) => out.runs.map((run) => run[side].rows.find((r) => r.figure === figure));
try {
  for (const [k, srv] of servers.entries()) {
    const page = await browser.newPage();
    await page.goto(srv.url + 'manifest.webmanifest');  // same origin as the worker, no app
    await startWorker(page);
    sides.push([k ? 'wasm_b' : 'wasm', (id) => wasmRun(page, id)]);
  }
  for (let run = 0; run < runs; ++run) {
    const r = {};
    // The order turned every run, so neither side of a pair always follows the other.
    for (const [key, go] of run % 2 ? [...sides].reverse() : sides) r[key] = await go(run + 1);
    out.runs.push({ ...r, load: os.loadavg()[0] });
    console.log(`run ${run + 1}: ` + sides.map(([key]) => `${key} ${(r[key].cpu_ms / 1000).toFixed(1)} s`).join(', ') +
      ` CPU (wasm: the worker thread), load ${os.loadavg()[0].toFixed(1)}`);
  }
  const cpu = (side) => median(out.runs.map((run) => run[side].cpu_ms));
  if (withNative) {
    const figures = figureOf('native').filter((f) => out.runs.every((run) => run.wasm.rows.some((r) => r.figure === f)));
    out.figures = figures.map((figure) => {
      const nat = rowsOf('native', figure), wasm = rowsOf('wasm', figure);
      const unit = nat[0].unit;
      const n = median(nat.map((r) => r.value)), w = median(wasm.map((r) => r.value));
      const nb = median(nat.map((r) => r.baseline)), wb = median(wasm.map((r) => r.baseline));
      return { figure, unit, native: n, wasm: w, ratio: speedRatio(unit, w, n),
        native_baseline: nb, wasm_baseline: wb, baseline_ratio: speedRatio(unit, wb, nb),
        native_runs: nat.map((r) => r.value), wasm_runs: wasm.map((r) => r.value), detail: wasm[0].detail };
    });
    console.log(`\n${'figure'.padEnd(66)} ${'native'.padStart(8)} ${'wasm'.padStart(8)} wasm/native` +
      (suite ? '' : `  (baseline: one subtree at a time: native, wasm, ratio)`));
    for (const f of out.figures)
      console.log(`${f.figure.slice(0, 66).padEnd(66)} ${fmt(f.native).padStart(8)} ` +
        `${fmt(f.wasm).padStart(8)} ${fmt(f.ratio).padStart(6)}x` + (suite ? '' :
        `  (${f.native_baseline.toFixed(1)}, ${f.wasm_baseline.toFixed(1)}, ${f.baseline_ratio.toFixed(2)}x)`));
    console.log(`(${out.figures[0].unit}; medians of ${runs} runs` + (suite ? '; wall time inside each side)' :
      '; CPU time: native by its thread clock, wasm by the worker thread\'s CPU share of each row)'));
    console.log(`whole runs, CPU: native ${(cpu('native') / 1000).toFixed(2)} s, worker thread ` +
      `${(cpu('wasm') / 1000).toFixed(2)} s: ${(cpu('native') / cpu('wasm')).toFixed(2)}x (medians)`);
  }
  // A / B per figure: the median over runs of each run's A speed / B speed (the pair ran back to
  // back, so the load fell on both alike), for the lanes (value) and one subtree at a time.
  out.ab = [];
  for (const [a, b] of [['wasm', 'wasm_b'], ['native', 'native_b']]) {
    if (!out.runs[0][b]) continue;
    console.log(`\n${a} A / B: ${a === 'wasm' ? `${h.siteDir} / ${siteB}` : `${native} / ${nativeB}`}`);
    console.log(`${'figure'.padEnd(66)} ${'A'.padStart(8)} ${'B'.padStart(8)}    A/B  (one subtree: A/B)`);
    for (const figure of figureOf(a)) {
      const ra = rowsOf(a, figure), rb = rowsOf(b, figure);
      if (rb.some((r) => !r)) continue;
      const unit = ra[0].unit;
      const ratio = median(ra.map((r, i) => speedRatio(unit, r.value, rb[i].value)));
      const base = median(ra.map((r, i) => speedRatio(unit, r.baseline, rb[i].baseline)));
      out.ab.push({ side: a, figure, unit, a: median(ra.map((r) => r.value)), b: median(rb.map((r) => r.value)),
        ratio, baseline_ratio: base, ratios: ra.map((r, i) => speedRatio(unit, r.value, rb[i].value)) });
      const f = out.ab.at(-1);
      console.log(`${figure.slice(0, 66).padEnd(66)} ${fmt(f.a).padStart(8)} ${fmt(f.b).padStart(8)} ` +
        `${ratio.toFixed(3).padStart(6)}x  (${base.toFixed(3)}x)`);
    }
    console.log(`whole runs, CPU: A ${(cpu(a) / 1000).toFixed(2)} s, B ${(cpu(b) / 1000).toFixed(2)} s: ` +
      `B / A ${(cpu(b) / cpu(a)).toFixed(3)}x (medians of ${runs} runs; each row: the median of the runs' ratios)`);
  }
  out.load_after = os.loadavg();
  console.log(`load ${out.load.map((x) => x.toFixed(1)).join(' ')} -> ${out.load_after.map((x) => x.toFixed(1)).join(' ')}` +
    (extraFlags.length ? `; Chromium flags: ${extraFlags.join(' ')}` : ''));
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(out, null, 1));
} finally {
  await browser.close();
  for (const srv of servers) srv.server.close();
}
