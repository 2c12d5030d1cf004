// The solver worker: runs the C++ solver (tilewise_worker.js/.wasm) in slices so the
// worker's event loop turns between them and a "cancel" message is handled at once.
'use strict';
// Memory the browser refuses the module (WebAssembly.Memory.grow throws: a device short of
// memory) is told to the page before the module stops ("Aborted"), so that the page can say
// why and go on without what needed it: {"id":-1,"type":"memory_refused","mib"}. Test hook
// (tests/browser): a worker named "memory_mib=N" (new Worker(url, {name})) refuses to grow it
// past N MiB. (The name, not the address: the service worker answers worker.js whatever its
// query, and the worker's address is then the cached file's.)
const memoryCapMiB = Number((/^memory_mib=(\d+)$/.exec(self.name || '') || [])[1]) || 0;
let memoryRefused = 0;  // bytes asked for by the last refused growth (0: none since)
const growMemory = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  const bytes = (this.buffer.byteLength / 65536 + pages) * 65536;
  try {
    if (memoryCapMiB > 0 && bytes > memoryCapMiB * 1048576)
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
    const before = growMemory.call(this, pages);
    memoryRefused = 0;
    return before;
  } catch (e) {
    memoryRefused = bytes;
    throw e;
  }
};
self.addEventListener('error', () => {
  if (memoryRefused)
    postMessage(JSON.stringify([{ id: -1, type: 'memory_refused', mib: Math.ceil(memoryRefused / 1048576) }]));
});
importScripts('tilewise_worker.js', 'edge_pool.js', 'best_pool.js', 'table_store.js');

let api = null;
let module = null;
const pending = [];
let pumping = false;
const SLICE_MS = 30;
const PROBE_MS = 250;  // a count/all search runs here alone first; longer ones go to a pool
let probe = null;      // {id, request, until}: the search being tried alone
let pool = null;       // EdgePool or BestPool of the current search, when split across workers
let storageWait = false;  // a job waits for a kept table read from storage: no stepping

function post(eventsText) {
  if (eventsText && eventsText !== '[]') postMessage(eventsText);
}

function postEvents(events) { postMessage(JSON.stringify(events)); }

// Kept tables (src/worker/box_tables.hpp): "table_wanted" → read it from storage and offer
// it to the module (stepping waits meanwhile); "table_built" → store it. Each ends with an
// event for the page: {"type":"table_read","name","found","used","ms"} or
// {"type":"table_saved","name","ok","bytes","ms","error"?}.
function tableEvents(text) {
  if (!text.includes('"table_')) return;
  for (const e of JSON.parse(text)) {
    if (e.type === 'table_wanted') readTable(e.name, e.id);
    else if (e.type === 'table_built') saveTable(e.name, e.id);
  }
}

function readTable(name, id) {
  storageWait = true;
  const t0 = performance.now();
  // The page's watchdog hears from the worker while storage is read (no slices run then).
  const beat = setInterval(() => postEvents([{ id, type: 'progress', phase: 'tables', table: name, storage: true }]), 1000);
  TableStore.get(name).then((buf) => {
    clearInterval(beat);
    let used = 0, memory = false;
    if (buf) {
      const at = module._malloc(buf.byteLength);
      memory = !at;  // no room for it: kept as it is, this worker goes without it
      if (at) {
        module.HEAPU8.set(new Uint8Array(buf), at);
        used = api.offerTable(name, at, buf.byteLength);
        module._free(at);
      }
      if (!used && !memory) TableStore.remove(name);  // damaged or foreign: rebuilt, then stored anew
    }
    if (!buf || !used) api.offerTable(name, 0, 0);
    postEvents([{ id, type: 'table_read', name, found: !!buf, used: !!used, ms: performance.now() - t0,
      ...(memory ? { memory } : {}) }]);
    storageWait = false;
    if (!pumping && api.busy()) { pumping = true; setTimeout(pump, 0); } else idleLater();
  });
}

function saveTable(name, id) {
  const at = api.exportTable(name);
  const size = api.exportSize();
  if (!at) return;
  const bytes = module.HEAPU8.slice(at, at + size).buffer;
  api.exportFree();
  const t0 = performance.now();
  TableStore.put(name, bytes).then((r) => postEvents([{ id, type: 'table_saved', name, bytes: size,
    ms: performance.now() - t0, ...r }]));
}

// While no job runs, a table a solve wanted but did without (box_tables.hpp: the 7-number
// 4x4 table after a first answer with the 6-number one) is built a slice at a time; messages
// are handled between slices, and a job stops it until the worker is idle again.
let idling = false;
function idleLater(ms = 0) {
  if (!idling) { idling = true; setTimeout(idle, ms); }
}
function idle() {
  idling = false;
  if (pumping || storageWait || api.busy() || !api.idlePending()) return;
  if (pool && pool.workers.length) { idleLater(500); return; }  // a split search runs
  const text = api.idle(SLICE_MS);
  post(text);
  tableEvents(text);
  idleLater();
}

function pump() {
  if (!api.busy() || storageWait) {
    pumping = false;
    if (!storageWait) { probe = null; idleLater(); }
    return;
  }
  const text = api.step(SLICE_MS);
  if (probe) {  // if it runs long, a pool takes over
    const events = JSON.parse(text);
    probe.streamed += events.filter((e) => e.type === 'solution').length;
    if (events.some((e) => e.type === 'done' || e.type === 'error')) probe = null;
    if (probe && Date.now() > probe.until) {
      api.cancel();  // its partial work is dropped: the pool starts over, exactly
      if (events.length) postEvents(events);
      pool = new EdgePool(probe.request, probe.size, postEvents, probe.streamed);
      probe = null;
      pumping = false;
      return;
    }
    if (events.length) postEvents(events);
  } else {
    post(text);
    tableEvents(text);
  }
  setTimeout(pump, 0);
}

function handle(text) {
  let request = null;
  try { request = JSON.parse(text); } catch (e) { /* the module reports bad JSON */ }
  const type = request && typeof request === 'object' ? request.type : null;
  if (type === 'cancel') {
    if (pool) { pool.finish(true); pool = null; return; }
    probe = null;
    post(api.cancel());
    return;
  }
  if (type === 'tables_stored') {  // {"type":"tables_stored","name"}: another worker stored it
    api.forgetTable(String(request.name));
    return;
  }
  if (type === 'speed') {  // {"type":"speed","steps_per_second":n}: a watched search's pace
    api.speed(Number(request.steps_per_second) || 0);
    return;
  }
  if (pool) { pool.finish(true); pool = null; }  // a new request replaces the running search
  probe = null;
  // A best-board search with several workers: one search per worker (web/best_pool.js),
  // once the module has checked the request.
  const bestSize = request && typeof request === 'object' ? bestPoolSize(request) : 1;
  if (bestSize > 1) {
    const events = JSON.parse(api.request(text));
    if (api.busy()) { api.cancel(); pool = new BestPool(request, bestSize, postEvents); } else post(JSON.stringify(events));
    return;
  }
  const size = request && typeof request === 'object' ? edgePoolSize(request) : 1;
  if (size > 1 && request.probe_ms === 0) {  // straight to the pool (tests, known-long searches)
    const events = JSON.parse(api.request(text));  // the module checks the request first
    if (api.busy()) { api.cancel(); pool = new EdgePool(request, size, postEvents); } else post(JSON.stringify(events));
    return;
  }
  post(api.request(text));
  const probeMs = request && Number.isFinite(request.probe_ms) ? request.probe_ms : PROBE_MS;
  if (size > 1 && api.busy()) probe = { request, size, until: Date.now() + probeMs, streamed: 0 };
  if (!pumping && !storageWait && api.busy()) { pumping = true; setTimeout(pump, 0); }
}

onmessage = (e) => { if (api) handle(e.data); else pending.push(e.data); };

createTilewiseWorker().then((m) => {
  module = m;
  api = {
    request: m.cwrap('tw_request', 'string', ['string']),
    step: m.cwrap('tw_step', 'string', ['number']),
    cancel: m.cwrap('tw_cancel', 'string', []),
    busy: m.cwrap('tw_busy', 'number', []),
    speed: m.cwrap('tw_speed', null, ['number']),
    idle: m.cwrap('tw_idle', 'string', ['number']),
    idlePending: m.cwrap('tw_idle_pending', 'number', []),
    offerTable: m.cwrap('tw_table_offer', 'number', ['string', 'number', 'number']),
    forgetTable: m.cwrap('tw_table_forget', null, ['string']),
    exportTable: m.cwrap('tw_table_export', 'number', ['string']),
    exportSize: m.cwrap('tw_table_export_size', 'number', []),
    exportFree: m.cwrap('tw_table_export_free', null, []),
  };
  while (pending.length) handle(pending.shift());
});
