// The solver worker: runs the C++ solver (tilewise_worker.js/.wasm) in slices so the
// worker's event loop turns between them and a "cancel" message is handled at once.
'use strict';
importScripts('tilewise_worker.js');

let api = null;
const pending = [];
let pumping = false;
const SLICE_MS = 30;

function post(eventsText) {
  if (eventsText && eventsText !== '[]') postMessage(eventsText);
}

function pump() {
  if (!api.busy()) { pumping = false; return; }
  post(api.step(SLICE_MS));
  setTimeout(pump, 0);
}

function handle(text) {
  let type = null;
  try { type = JSON.parse(text).type; } catch (e) { /* the module reports bad JSON */ }
  if (type === 'cancel') {
    post(api.cancel());
    return;
  }
  if (type === 'speed') {  // {"type":"speed","steps_per_second":n}: a watched search's pace
    try { api.speed(Number(JSON.parse(text).steps_per_second) || 0); } catch (e) { /* ignored */ }
    return;
  }
  post(api.request(text));
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
