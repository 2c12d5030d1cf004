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

  startWorker() {
    if (this.worker) this.worker.terminate();
    this.worker = new Worker('worker.js');
    this.workerStarts += 1;
    this.worker.onmessage = (e) => { this.inbox.push(e.data); };
    this.worker.onerror = (e) => {
      // A crashed worker: report it to the app as an error event and start a new one.
      this.inbox.push(JSON.stringify([{ id: -1, type: 'error', message: 'the solver stopped unexpectedly (' + (e.message || 'worker error') + '); it was restarted' }]));
      this.startWorker();
    };
  },

  openFileDialog() {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.txt,text/plain';
    input.onchange = () => { if (input.files[0]) this.readFile(input.files[0]); };
    input.click();
  },

  readFile(file) {
    if (file.size > 1048576) {
      this.openedFiles.push({ name: file.name, text: '\u0000too large' });
      return;
    }
    file.text().then((text) => this.openedFiles.push({ name: file.name, text }));
  },
};

// history.pushState/replaceState (the app's own updates) fire no hashchange event.
addEventListener('hashchange', () => { globalThis.tilewise.hashChanged = true; });
addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', (e) => {
  e.preventDefault();
  for (const f of e.dataTransfer.files) globalThis.tilewise.readFile(f);
});
// SDL reads the keyboard from the canvas (main.cpp) but prevents the default of mousedown,
// so a click alone never focuses it and typed keys went nowhere: focus it on every press.
addEventListener('pointerdown', (e) => { if (e.target.id === 'canvas') e.target.focus(); });
