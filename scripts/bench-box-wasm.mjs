// The Puzzle Box figures measured in WebAssembly, inside the app's solver worker in
// Debian's Chromium (request "box.bench", src/worker/box_bench_job.cpp): the same work as the
// native bench/box_bench.cpp. Usage (after a web build):
//   TILEWISE_SITE=$PWD/build/web/site node scripts/bench-box-wasm.mjs [turns...]
import * as h from '../tests/browser/lib/harness.mjs';

const turnsList = process.argv.slice(2).map(Number);
const srv = await h.startServer();
const browser = await h.launch();
try {
  const { page } = await h.openApp(browser, srv.url);
  for (const turns of turnsList.length ? turnsList : [6, 8]) {
    const events = await h.workerRequest(page,
      { id: 1, type: 'box.bench', turns, count: 20, budget: 5000000, seed: 2024 }, 900000);
    console.log(JSON.stringify(events.at(-1).result));
  }
} finally {
  await browser.close();
  srv.server.close();
}
