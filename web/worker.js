// The solver worker: runs the C++ solver (tilewise_worker.js/.wasm) in slices so the
// worker's event loop turns between them and a "cancel" message is handled at once.
'use strict';
importScripts('tilewise_worker.js', 'edge_pool.js');

let api = null;
const pending = [];
let pumping = false;
const SLICE_MS = 30;
const PROBE_MS = 250;  // a count/all search runs here alone first; longer ones go to a pool
let probe = null;      // {id, request, until}: the search being tried alone
let pool = null;       // EdgePool of the current search, when split across workers

function post(eventsText) {
  if (eventsText && eventsText !== '[]') postMessage(eventsText);
}

function postEvents(events) { postMessage(JSON.stringify(events)); }

function pump() {
  if (!api.busy()) { pumping = false; probe = null; return; }
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
  if (type === 'speed') {  // {"type":"speed","steps_per_second":n}: a watched search's pace
    api.speed(Number(request.steps_per_second) || 0);
    return;
  }
  if (pool) { pool.finish(true); pool = null; }  // a new request replaces the running search
  probe = null;
  const size = request && typeof request === 'object' ? edgePoolSize(request) : 1;
  if (size > 1 && request.probe_ms === 0) {  // straight to the pool (tests, known-long searches)
    const events = JSON.parse(api.request(text));  // the module checks the request first
    if (api.busy()) { api.cancel(); pool = new EdgePool(request, size, postEvents); } else post(JSON.stringify(events));
    return;
  }
  post(api.request(text));
  const probeMs = request && Number.isFinite(request.probe_ms) ? request.probe_ms : PROBE_MS;
  if (size > 1 && api.busy()) probe = { request, size, until: Date.now() + probeMs, streamed: 0 };
  if (!pumping && api.busy()) { pumping = true; setTimeout(pump, 0); }
}

onmessage = (e) => { if (api) handle(e.data); else pending.push(e.data); };

createTilewiseWorker().then((m) => {
  api = {
    request: m.cwrap('tw_request', 'string', ['string']),
    step: m.cwrap('tw_step', 'string', ['number']),
    cancel: m.cwrap('tw_cancel', 'string', []),
    busy: m.cwrap('tw_busy', 'number', []),
    speed: m.cwrap('tw_speed', null, ['number']),
  };
  while (pending.length) handle(pending.shift());
});
