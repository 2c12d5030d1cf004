// The page side of the platform layer (src/platform/platform.cpp calls these through EM_JS):
// the solver Web Worker, file open/drop, and the state the browser tests read.
'use strict';
globalThis.tilewise = {
  ready: false,
  state: null,
  inbox: [],          // messages from the worker, taken by the app each frame
  openedFiles: [],    // {name, text} picked or dropped, taken by the app each frame
  worker: null,
  workerStarts: 0,
  lastDownload: null,
  lastClipboard: null,
  hashChanged: false, // set by the user's own hash changes (back button, address bar)

  // A worker of worker.js; `memoryMiB` > 0 (tests) caps how far it may grow its memory.
  newWorker(memoryMiB) {
    return new Worker('worker.js', memoryMiB ? { name: 'memory_mib=' + memoryMiB } : {});
  },
  // A worker's message saying it was refused memory (worker.js "memory_refused"): the
  // match, its MiB in [1]; else null.
  memoryRefused: (data) => /"memory_refused".*"mib":(\d+)/.exec(data),

  startWorker() {
    if (this.worker) this.worker.terminate();
    this.pending.clear();
    this.worker = this.newWorker(this.solverMemoryMiB);
    this.workerStarts += 1;
    this.heardAt = performance.now();
    this.heardSinceStart = false;
    const post = this.worker.postMessage.bind(this.worker);
    this.postUnwatched = post;  // (messages that are no request: no watchdog, no page options)
    this.worker.postMessage = (text) => { text = this.withPageOptions(text); this.watchRequest(text); post(text); };
    const worker = this.worker;
    this.worker.onmessage = (e) => {
      if (worker !== this.worker) return;
      const refused = this.memoryRefused(e.data);
      if (refused) {  // it stops now: solves go on without the stronger tables (their 8+8 read)
        this.keptTablesOff = true;
        this.workerLost('ran out of memory (this browser would not give it ' + refused[1] +
          ' MiB); it goes on without the stronger 4x4 tables');
        return;
      }
      this.heard(e.data);
      this.inbox.push(e.data);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      if (worker === this.worker) this.workerLost('stopped unexpectedly (' + (e.message || 'worker error') + ')');
    };
  },

  // `?pattern_tiles=N` in the page's address (4-7): 4x4 Puzzle Box solves use a table of N numbers
  // instead of the worker's 7 (docs/puzzle-box.md): smaller tables build in a fraction of the
  // time and memory but make searches slower; `&quick_tiles=Q` (< N) answers with a Q-number
  // table while the N one is missing and builds that in the background (the worker's 6 and 7
  // by default; with ?pattern_tiles alone, none). The browser tests use 4 to 6.
  // `?partition=P&quick_partition=Q`: the additive tables of P (and Q first on a fresh visit)
  // in place of the worker's 7+7+2 and 6+6+4 (the browser tests use 6+6+4 and blocks).
  // `?kept_partition=K`: K's tables in place of the stronger 8+8 ones the panel builds on
  // request (buildTables) and solves use once kept (the browser tests use 6+6+4).
  // `?build_memory_mib=N` (tests): the worker building them may grow its memory to N MiB only;
  // `?solver_memory_mib=N` the same for the solver worker.
  boxPatternTiles: Number(new URLSearchParams(location.search).get('pattern_tiles')) || 0,
  boxQuickTiles: Number(new URLSearchParams(location.search).get('quick_tiles')) || 0,
  boxPartition: new URLSearchParams(location.search).get('partition'),
  boxQuickPartition: new URLSearchParams(location.search).get('quick_partition'),
  boxKeptPartition: new URLSearchParams(location.search).get('kept_partition'),
  buildMemoryMiB: Number(new URLSearchParams(location.search).get('build_memory_mib')) || 0,
  solverMemoryMiB: Number(new URLSearchParams(location.search).get('solver_memory_mib')) || 0,
  keptTablesOff: false,  // the solver ran out of memory with them: none asked for after that
  withPageOptions(text) {
    if ((!this.boxPatternTiles && this.boxPartition === null && this.boxKeptPartition === null &&
         !this.keptTablesOff) || !text.includes('"box.solve"')) return text;
    let r = JSON.parse(text);
    if (r.type !== 'box.solve' || r.size !== 4) return text;
    if (this.keptTablesOff) delete r.kept_partition;
    else if (this.boxKeptPartition !== null && 'kept_partition' in r) r = { ...r, kept_partition: this.boxKeptPartition };
    if ('pattern_tiles' in r || 'partition' in r) return JSON.stringify(r);
    if (this.boxPatternTiles)
      return JSON.stringify({ ...r, pattern_tiles: this.boxPatternTiles, quick_tiles: this.boxQuickTiles });
    if (this.boxPartition !== null)
      return JSON.stringify({ ...r, partition: this.boxPartition, quick_partition: this.boxQuickPartition ?? '' });
    return JSON.stringify(r);
  },

  // The stronger 4x4 tables, built on the user's request (src/app/box_strong_view.cpp) in a
  // worker of their own: its memory (~800 MB at the peak for 8+8) goes back to the system
  // when it ends, Cancel ends it at once, and the solver worker goes on meanwhile. The
  // request is a box.solve of a solved board with those tables alone: the worker builds them
  // in slices (its progress events go to the app) and worker.js stores them as any table.
  // Then this worker ends and the app hears {"id","type":"tables_build_end","ok","source"
  // ("built": built and kept now, "storage": kept already),"bytes","message" (why not)};
  // the solver worker is told the storage has them ("tables_stored").
  tableBuilder: null,
  async buildTables(text) {
    this.cancelTableBuild();
    let r = JSON.parse(text);
    if (this.boxKeptPartition !== null) r = { ...r, partition: this.boxKeptPartition };
    const builder = { worker: null, done: null };
    this.tableBuilder = builder;
    const end = (ok, extra) => {
      if (this.tableBuilder !== builder) return;
      this.tableBuilder = null;
      if (builder.worker) builder.worker.terminate();
      this.inbox.push(JSON.stringify([{ id: r.id, type: 'tables_build_end', ok, ...extra }]));
    };
    try {  // room in storage first: minutes of building are lost if it cannot be kept
      const e = await navigator.storage.estimate();
      const free = e.quota - e.usage;
      if (r.needs_bytes && free < r.needs_bytes * 1.05) {
        end(false, { message: 'this browser lets the page keep ' + Math.floor(free / 1048576) +
          ' MiB more, and the tables need ' + Math.ceil(r.needs_bytes / 1048576) + ' MiB' });
        return;
      }
      if (navigator.storage.persist) navigator.storage.persist();  // not evicted when space runs short
    } catch (e) { /* no estimate: try anyway */ }
    if (this.tableBuilder !== builder) return;  // cancelled meanwhile
    builder.worker = this.newWorker(this.buildMemoryMiB);
    builder.worker.onerror = (e) => {
      e.preventDefault();
      end(false, { message: 'the build stopped (' + (e.message || 'worker error') + ')' });
    };
    builder.worker.onmessage = (m) => {
      const refused = this.memoryRefused(m.data);
      if (refused) {
        end(false, { message: 'this browser would not give the build ' + refused[1] + ' MiB of memory' });
        return;
      }
      this.inbox.push(m.data);
      for (const e of JSON.parse(m.data)) {
        if (e.type === 'error') end(false, { message: e.message });
        else if (e.type === 'done' && e.table?.source !== 'built') end(e.table?.source === 'storage', {
          source: e.table?.source, message: e.table?.source === 'storage' ? '' : 'the build ended early' });
        else if (e.type === 'table_saved' && e.ok) {
          if (this.worker) this.postUnwatched(JSON.stringify({ type: 'tables_stored', name: e.name }));
          end(true, { source: 'built', bytes: e.bytes });
        } else if (e.type === 'table_saved') {
          end(false, { message: 'this browser would not keep them (' + (e.error || 'storage refused') + ')' });
        }
      }
    };
    builder.worker.postMessage(JSON.stringify(r));
  },
  // What is kept before any solve asks (the panel offers the stronger tables only when they
  // are not): the kept tables' names, told to the app once at start (src/app/box_strong_view.cpp)
  // as {"id":-1,"type":"tables_kept","names","kept_partition" (?kept_partition=, if given)}.
  async tellKeptTables() {
    const names = await TableStore.names();
    const partition = this.boxKeptPartition !== null ? { kept_partition: this.boxKeptPartition } : {};
    this.inbox.push(JSON.stringify([{ id: -1, type: 'tables_kept', names, ...partition }]));
  },
  cancelTableBuild() {
    if (!this.tableBuilder) return;
    if (this.tableBuilder.worker) this.tableBuilder.worker.terminate();
    this.tableBuilder = null;
  },

  // Watchdog: the worker answers every request with events until its "done"/"error"/"pong"
  // and sends progress every slice (~30 ms) while it works. A request without any answer
  // for WATCHDOG_MS (the worker was killed, crashed or hangs) ends with an "error" event
  // naming what happened, and a fresh worker is started.
  pending: new Set(),  // ids of requests not answered to the end
  heardAt: 0,
  heardSinceStart: false,
  workerLosses: 0,
  WATCHDOG_MS: 3000,       // once the worker has answered since it started
  WATCHDOG_START_MS: 20000, // while its module is still loading
  watchRequest(text) {
    let r = null;
    try { r = JSON.parse(text); } catch (e) { return; }
    if (!r || r.type === 'cancel') return;
    this.pending.clear();  // a new request replaces the running one (worker_main.cpp)
    if (typeof r.id === 'number') this.pending.add(r.id);
    this.heardAt = performance.now();
  },
  heard(text) {
    this.heardAt = performance.now();
    this.heardSinceStart = true;
    let events = [];
    try { events = JSON.parse(text); } catch (e) { return; }
    if (!Array.isArray(events)) return;
    for (const e of events)
      if (e && (e.type === 'done' || e.type === 'error' || e.type === 'pong')) this.pending.delete(e.id);
  },
  workerLost(what) {
    const ids = this.pending.size ? [...this.pending] : [-1];
    this.workerLosses += 1;
    this.startWorker();
    this.inbox.push(JSON.stringify(ids.map((id) => ({ id, type: 'error', message:
      'the solver ' + what + '; a new solver was started: press Solve to try again' }))));
  },
  checkWorker() {
    if (!this.worker || this.pending.size === 0) return;
    const limit = this.heardSinceStart ? this.WATCHDOG_MS : this.WATCHDOG_START_MS;
    if (performance.now() - this.heardAt > limit) this.workerLost('stopped responding');
  },

  openFileDialog() {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.txt,text/plain';
    input.onchange = () => { if (input.files[0]) this.readFile(input.files[0]); };
    input.click();
  },

  // Text fields on touch screens (src/platform/text_entry.cpp): while the app edits one, the
  // hidden #text-entry input has the focus (a phone opens its keyboard only for a focused text
  // element) and what is typed there waits in `typed` for the app: {text} or {key}.
  typed: [],
  textWanted: false,
  setTextEntry(editing, x, y, height, numeric) {
    const input = document.getElementById('text-entry');
    if (!input) return;
    this.textWanted = editing;
    if (!editing) {
      if (document.activeElement === input) document.getElementById('canvas')?.focus();
      return;
    }
    input.style.left = x + 'px';
    input.style.top = y + 'px';
    input.style.height = Math.max(1, height) + 'px';
    input.inputMode = numeric ? 'numeric' : 'text';
    this.focusTextEntry();
  },
  focusTextEntry() {
    const input = document.getElementById('text-entry');
    if (!this.textWanted || !input || document.activeElement === input) return;
    this.resetTextEntry();
    input.focus();
  },
  resetTextEntry() {},  // set below, with the input's listeners

  readFile(file) {
    // A file over 1 MiB is read only that far (+1 byte): parse_puzzle then names the limit
    // ("file is larger than 1 MiB") without the page holding a huge file.
    file.slice(0, 1048577).text().then((text) => this.openedFiles.push({ name: file.name, text }));
  },
};

setInterval(() => globalThis.tilewise.checkWorker(), 500);
globalThis.tilewise.tellKeptTables();
// history.pushState/replaceState (the app's own updates) fire no hashchange event.
addEventListener('hashchange', () => { globalThis.tilewise.hashChanged = true; });
addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', (e) => {
  e.preventDefault();
  for (const f of e.dataTransfer.files) globalThis.tilewise.readFile(f);
});
// SDL reads the keyboard from the canvas (main.cpp) but prevents the default of mousedown,
// so a click alone never focuses it and typed keys went nowhere: focus it on every press
// (unless a text field is being edited: its keys come through #text-entry).
addEventListener('pointerdown', (e) => {
  if (e.target.id === 'canvas' && !globalThis.tilewise.textWanted) e.target.focus();
});
// A finger lifted (a user gesture, which some phones need before they show the keyboard):
// the field the finger pressed is edited by now, so the input takes the focus here too.
addEventListener('touchend', () => globalThis.tilewise.focusTextEntry());

// What is typed into #text-entry goes to the app as text and keys. The input always holds
// two spaces with the caret at the end, so that Backspace has something to delete (a phone's
// keyboard sends it as an edit, not as a key): each change is read as characters deleted
// from the end and text added, then the two spaces are put back (after a word's composition).
(() => {
  const tw = globalThis.tilewise, input = document.getElementById('text-entry');
  if (!input) return;
  const kept = '  ';
  let last = kept;
  tw.resetTextEntry = () => {
    input.value = kept;
    input.setSelectionRange(kept.length, kept.length);
    last = kept;
  };
  input.addEventListener('input', (e) => {
    const now = input.value;
    let same = 0;
    while (same < last.length && same < now.length && last[same] === now[same]) ++same;
    for (let k = same; k < last.length; ++k) tw.typed.push({ key: 'Backspace' });
    if (now.length > same) tw.typed.push({ text: now.slice(same) });
    last = now;
    if (!e.isComposing) tw.resetTextEntry();
  });
  input.addEventListener('compositionend', () => tw.resetTextEntry());
  // Keys that edit nothing in the input itself (Enter would otherwise do nothing at all).
  const keys = new Set(['Enter', 'Escape', 'Tab', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp',
    'ArrowDown', 'Home', 'End']);
  input.addEventListener('keydown', (e) => {
    if (!keys.has(e.key)) return;
    e.preventDefault();
    tw.typed.push({ key: e.key });
  });
})();
// The board plays by keyboard too (arrows, Space, Enter): the canvas has the keys from the start.
document.getElementById('canvas')?.focus();
