// Tables kept across visits in IndexedDB for web/worker.js: key = the table's name with its
// format version ("box-pattern-cw+ccw-7.v1"), value = its bytes (checked by the module
// before use). Calls never reject: if storage fails the worker builds the table.
'use strict';
const TableStore = {
  DB: 'tilewise-tables',
  STORE: 'tables',
  opened: null,

  open() {
    if (!this.opened) {
      this.opened = new Promise((resolve, reject) => {
        const r = indexedDB.open(this.DB, 1);
        r.onupgradeneeded = () => r.result.createObjectStore(this.STORE);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
        r.onblocked = () => reject(new Error('the table database is blocked'));
      });
      this.opened.catch(() => { this.opened = null; });
    }
    return this.opened;
  },

  // One transaction; its request's result once complete.
  async run(mode, work) {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(this.STORE, mode);
      const request = work(tx.objectStore(this.STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error('storage transaction aborted'));
    });
  },

  // The bytes kept under `name`, or null.
  async get(name) {
    try {
      const value = await this.run('readonly', (s) => s.get(name));
      return value instanceof ArrayBuffer ? value : null;
    } catch (e) {
      return null;
    }
  },

  // Keeps `bytes` under `name`, drops the table's other format versions. {ok, error}.
  async put(name, bytes) {
    const stem = name.replace(/\.v\d+$/, '.v');
    try {
      await this.run('readwrite', (s) => {
        s.openKeyCursor().onsuccess = (e) => {
          const c = e.target.result;
          if (!c) return;
          if (String(c.key).startsWith(stem) && c.key !== name) s.delete(c.key);
          c.continue();
        };
        return s.put(bytes, name);
      });
      return { ok: true };
    } catch (e) {
      return { ok: false, error: String((e && e.message) || e) };
    }
  },

  // The names of every table kept, or [] (no storage).
  async names() {
    try {
      return (await this.run('readonly', (s) => s.getAllKeys())).map(String);
    } catch (e) {
      return [];
    }
  },

  async remove(name) {
    try { await this.run('readwrite', (s) => s.delete(name)); } catch (e) { /* nothing kept */ }
  },
};
