// Soak: a scripted session of gallery switches, moves, Solve and a Best board search started
// and cancelled, round after round, keeps the page's memory flat: the app's WebAssembly
// memory and the JS heap (after a forced collection) are read after every round. The test
// command runs it for TILEWISE_SOAK_SECONDS (default 60); a long run (1200: twenty minutes)
// prints the same table and slopes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import * as h from './lib/harness.mjs';

const seconds = Number(process.env.TILEWISE_SOAK_SECONDS || 60);
let srv, browser;
before(async () => {
  srv = await h.startServer();
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true, args: [...h.chromiumArgs, '--js-flags=--expose-gc', '--enable-precise-memory-info'] });
});
after(async () => { await browser?.close(); srv?.server.close(); });

async function memory(page) {
  return page.evaluate(async () => {
    for (let i = 0; i < 3; ++i) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); }
    return { js: performance.memory.usedJSHeapSize, wasm: wasmMemory.buffer.byteLength };
  });
}

// Least-squares slope of ys over xs.
function slope(xs, ys) {
  const n = xs.length, mx = xs.reduce((a, b) => a + b) / n, my = ys.reduce((a, b) => a + b) / n;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < n; ++i) { sxy += (xs[i] - mx) * (ys[i] - my); sxx += (xs[i] - mx) ** 2; }
  return sxx > 0 ? sxy / sxx : 0;
}

async function openFromGallery(page, group, file) {
  let s = await h.state(page);
  if (!s.gallery.open) {
    await h.clickWidget(page, 'Gallery');
    s = await h.waitState(page, 's.gallery.open', 10000);
  }
  const g = s.gallery.groups.find((x) => x.name === group);
  assert.ok(g, `a gallery group "${group}"`);
  if (!g.shown) {
    await h.clickWidget(page, 'gallery group:' + group);
    await h.framesLater(page, 2);
  }
  const entry = file ?? g.entries[g.entries.length - 1];
  await h.clickWidget(page, 'gallery:' + entry);
  return h.waitState(page, `!s.gallery.open && s.puzzle === ${JSON.stringify(entry)}`, 20000);
}

test(`a ${seconds} s session of play, solve, cancel and gallery switches keeps memory flat`, async () => {
  const { page, errors } = await h.openApp(browser, srv.url, { width: 1280, height: 900 });
  await h.openMore(page, 'Best board');
  const t0 = Date.now(), samples = [];
  let round = 0;
  while (Date.now() - t0 < seconds * 1000 || round < 4) {
    // A big board: a Best board search on every core, cancelled while it runs.
    let s = await openFromGallery(page, 'Eternity II style');
    assert.ok(s.rows * s.cols >= 100, `a big board: ${s.rows} x ${s.cols}`);
    await h.clickWidget(page, 'Find best board');
    await h.waitState(page, 's.best.running', 20000);
    await page.waitForTimeout(1500);
    s = await h.state(page);
    if (s.best.running) await h.clickWidget(page, 'Cancel##best');
    await h.waitState(page, '!s.best.running', 30000);
    // A small one: three moves, then Solve and its answer.
    s = await openFromGallery(page, 'First puzzles', round % 2 ? 'seed001_dogs.txt' : 'cards_2x2.txt');
    for (let k = 0; k < 3; ++k) {
      const c = await h.cellCentre(page, k % s.rows, (k + 1) % s.cols);
      await h.humanClick(page, c.x, c.y);
      await h.framesLater(page, 2);
    }
    await h.clickWidget(page, 'Solve');
    await h.framesLater(page, 3);
    await h.clickWidget(page, 'Show the solution');
    s = await h.waitState(page, 's.solved && !s.animating', 30000);
    assert.equal(s.solved_by, 'solver');
    ++round;
    samples.push({ round, minutes: (Date.now() - t0) / 60000, ...(await memory(page)) });
  }
  const MiB = 1048576;
  for (const x of samples) {
    console.log(`round ${x.round} at ${x.minutes.toFixed(2)} min: JS heap ${(x.js / MiB).toFixed(2)} MiB, ` +
      `wasm ${(x.wasm / MiB).toFixed(1)} MiB`);
  }
  // The first rounds warm up (every puzzle opened once, the workers' first answers); the rest
  // must be flat.
  const kept = samples.slice(Math.max(2, Math.floor(samples.length / 3)));
  const xs = kept.map((x) => x.minutes);
  const jsSlope = slope(xs, kept.map((x) => x.js)) / MiB, wasmSlope = slope(xs, kept.map((x) => x.wasm)) / MiB;
  console.log(`${round} rounds in ${samples.at(-1).minutes.toFixed(1)} min; after the warm-up: JS heap ` +
    `${jsSlope.toFixed(3)} MiB/min, wasm ${wasmSlope.toFixed(3)} MiB/min`);
  const first = kept[0], last = kept.at(-1);
  assert.ok(last.wasm <= first.wasm, `the app's wasm memory grew from ${first.wasm} to ${last.wasm} bytes`);
  assert.ok(last.js - first.js < 4 * MiB && jsSlope < 1,
    `the JS heap grew from ${(first.js / MiB).toFixed(2)} to ${(last.js / MiB).toFixed(2)} MiB (${jsSlope.toFixed(3)} MiB/min)`);
  assert.deepEqual(errors, []);
});
