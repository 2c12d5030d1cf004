// Shared helpers of the browser tests: a static server for build/web/site, Debian's
// Chromium driven by playwright-core, and ways to wait for and poke the app.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const siteDir = process.env.TILEWISE_SITE || path.join(root, 'build/web/site');
// Optional benchmark puzzles beside the repository (tests skip what they need from it when absent).
export const sharedDir = process.env.TILEWISE_SHARED_DIR || path.join(root, '../shared');
export const shotDir = process.env.TILEWISE_SCREENSHOTS || path.join(root, 'build/screenshots');

// An optional part left out because `missing` (under ../shared) is absent: one line in the
// log, also appended to $TILEWISE_SKIPPED_LOG (scripts/test.sh lists them at its end).
export function noteSkipped(what, missing) {
  const line = `${what} (no ${missing})`;
  console.log(`# skipped: ${line}`);
  if (process.env.TILEWISE_SKIPPED_LOG) fs.appendFileSync(process.env.TILEWISE_SKIPPED_LOG, line + '\n');
  return line;
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png',
  '.txt': 'text/plain' };

export function startServer(dir = siteDir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) { res.writeHead(403); res.end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end('not found'); return; }
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ server, url: `http://127.0.0.1:${server.address().port}/` });
  }));
}

export const chromiumArgs = ['--no-sandbox', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true, args: chromiumArgs });
}

// Waits until the app in `page` is ready and has drawn frames (after a load or reload).
export async function waitDrawn(page) {
  await page.waitForFunction(() => globalThis.tilewise?.state?.ready && globalThis.tilewise.state.frames > 5,
    null, { timeout: 60000 });
}

// Opens the app in a page of `owner` (a browser or a browser context) and waits until it has
// drawn frames. Collects console errors. A browser's page (a context of its own) is kept when
// the test closes it and opened again by the next openApp of the same size as a first visit
// would find it: the app unloaded, its origin's storage (local storage, IndexedDB, service
// worker, caches) cleared, the viewport, mouse and colour scheme as a new page has them. That
// costs a third of a new context's CPU (2.5-3.5 s of Chromium's a page under SwiftShader).
export async function openApp(owner, url, { width = 1280, height = 800, scale = 1 } = {}) {
  const pooled = typeof owner.newContext === 'function';  // a browser, not a context
  const key = `${width}x${height}@${scale}`;
  let page = pooled ? takeKept(owner, key) : null;
  if (page) {
    await firstVisitAgain(page, url, { width, height });
  } else {
    page = await owner.newPage({ viewport: { width, height }, deviceScaleFactor: scale });
    page.on('console', (m) => { if (m.type() === 'error') page.tilewiseErrors?.push(m.text()); });
    page.on('pageerror', (e) => page.tilewiseErrors?.push(String(e)));
    if (pooled) keepOnClose(owner, key, page);
  }
  const errors = [];
  page.tilewiseErrors = errors;
  await page.goto(url);
  await waitDrawn(page);
  return { page, errors };
}

const kept = new WeakMap();  // browser -> size -> pages closed by their tests
function takeKept(browser, key) {
  const pages = kept.get(browser)?.get(key) ?? [];
  while (pages.length) {
    const page = pages.pop();
    if (!page.isClosed()) return page;
  }
  return null;
}
// Keeps `page` for the next open of `key` once unloaded (about:blank: its workers stop).
async function keep(browser, key, page) {
  page.tilewiseErrors = null;
  await page.goto('about:blank');
  if (!kept.has(browser)) kept.set(browser, new Map());
  const sizes = kept.get(browser);
  if (!sizes.has(key)) sizes.set(key, []);
  sizes.get(key).push(page);
}
// `page.close()` unloads the app at once and keeps the page for reuse.
function keepOnClose(browser, key, page) {
  const close = page.close.bind(page);
  page.close = async (options) => {
    if (page.isClosed()) return;
    try {
      await keep(browser, key, page);
    } catch {
      await close(options);
    }
  };
}
// `context.close()` closes the context's other pages, unloads the app in `page` and keeps it.
function keepContextOnClose(browser, key, page) {
  const context = page.context();
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (page.isClosed()) return close(options);
    try {
      for (const other of context.pages()) if (other !== page) await other.close();
      await keep(browser, key, page);
    } catch {
      await close(options);
    }
  };
}
async function firstVisitAgain(page, url, viewport, colorScheme = 'light') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
  await cdp.detach();
  const size = page.viewportSize();
  if (size.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  await page.mouse.move(0, 0);
}

export const state = (page) => page.evaluate(() => globalThis.tilewise.state);

// Waits at least 20 s whatever `timeout` says: the wait ends as soon as the state is reached,
// and a shorter limit fails a correct page on a loaded machine (two files and their workers
// on two cores).
export async function waitState(page, predicateSource, timeout = 60000) {
  await page.waitForFunction(`(() => { const s = globalThis.tilewise.state; return ${predicateSource}; })()`,
    null, { timeout: Math.max(timeout, 20000) });
  return state(page);
}

// The state once no window is about to scroll (state.settling: a scroll asked for this frame,
// as the Puzzle Box's answer brought into sight, moves every rectangle at the next frame) and
// widget `name` (if given) is where it was a frame before: an answer that has just come in can
// still move what is below it a frame later (a desktop click on a solution row right after a
// 4x4 solve landed on the row's last place).
export async function settled(page, name) {
  const twoFramesOn = () => page.evaluate(() => new Promise((ok) =>
    requestAnimationFrame(() => requestAnimationFrame(() => ok(globalThis.tilewise.state)))));
  let s = await state(page);
  for (let waited = 0; waited < 2000; waited += 20) {
    if (s.settling) {
      await page.waitForTimeout(20);
      s = await state(page);
      continue;
    }
    if (name === undefined) return s;
    const next = await twoFramesOn();
    if (!next.settling && JSON.stringify(next.widgets[name]) === JSON.stringify(s.widgets[name]))
      return next;
    s = next;
  }
  return s;
}

// How far (CSS px, + down) widget `name` lies out of its window's sight in state `s`
// (state.widget_clips: a panel scrolled under the board on a phone, a status area's scroll);
// 0 when it is in sight: wholly, or filling its window's sight when taller than that.
export function outOfSight(s, name) {
  const r = s.widgets[name], c = s.widget_clips?.[name];
  if (!r || !c) return 0;
  const top = r[1], bottom = r[1] + r[3], seenTop = c[1], seenBottom = c[1] + c[3];
  if (r[3] > c[3]) return top > seenTop ? top - seenTop : bottom < seenBottom ? bottom - seenBottom : 0;
  return top < seenTop - 0.5 ? top - seenTop : bottom > seenBottom + 0.5 ? bottom - seenBottom : 0;
}

// The settled state once widget `name` is drawn and in sight: a widget a click just opened (a
// header, a tab) shows from the next frame on; one scrolled out of sight is scrolled into it
// as a person would, by `scrollBy(s, dy)` (a wheel or a finger over its window: dy > 0 shows
// what is further down). Throws, naming the widget and where it is, if neither works.
export async function widgetInSight(page, name, scrollBy) {
  let s = await settled(page, name);
  for (let waited = 0; !s.widgets[name] && waited < 2000; waited += 50) {
    await page.waitForTimeout(50);
    s = await state(page);
  }
  if (!s.widgets[name]) throw new Error(`no widget '${name}' drawn; widgets: ${Object.keys(s.widgets)}`);
  for (let tries = 0; outOfSight(s, name) !== 0 && tries < 12; ++tries) {
    await scrollBy(s, outOfSight(s, name));
    s = await settled(page, name);
  }
  if (outOfSight(s, name) !== 0)
    throw new Error(`widget '${name}' at [${s.widgets[name].map(Math.round)}] is out of sight ` +
      `(its window shows [${s.widget_clips[name].map(Math.round)}]) and scrolling did not bring it in`);
  return s;
}

// A mouse wheel over the window that shows widget `name` (its left margin: a child window
// under the pointer, as the Box's solution list, would take the wheel), towards it.
const wheelTowards = (page, name) => async (s, dy) => {
  const c = s.widget_clips[name];
  await page.mouse.move(c[0] + 3, c[1] + c[3] / 2);
  await page.mouse.wheel(0, Math.sign(dy) * Math.min(Math.abs(dy) + 20, 100));
  await framesLater(page);
};

export async function clickWidget(page, name, button = 'left') {
  const s = await widgetInSight(page, name, wheelTowards(page, name));
  const r = s.widgets[name];
  await humanClick(page, r[0] + r[2] / 2, r[1] + r[3] / 2, button);
}

// Resolves once the app has built `n` more frames (state.frames; ImGui reads input once a
// frame, and input waiting brings a quiet page back to the full rate at once), or after
// `patience` ms (a page in the background builds none; a navigation ends the wait too).
// A frame-paced wait, not a fixed one: as short as the frames on an idle machine, as long
// as they take under load.
export function framesLater(page, n = 2, patience = 3000) {
  return page.evaluate(({ n, patience }) => new Promise((ok) => {
    const frames = () => globalThis.tilewise?.state?.frames ?? 0;
    const until = frames() + n;
    const timer = setTimeout(ok, patience);
    const check = () => {
      if (frames() >= until) { clearTimeout(timer); ok(); } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }), { n, patience }).catch(() => {});  // the page went (a click that reloads it)
}

// A click as a person makes it: move, press, release, with frames drawn in between (ImGui
// reads the mouse once per frame).
export async function humanClick(page, x, y, button = 'left') {
  await page.mouse.move(x, y);
  await framesLater(page);
  await page.mouse.down({ button });
  await framesLater(page);
  await page.mouse.up({ button });
  await framesLater(page);
}

// A drag as a person makes it: press, move in steps a frame apart, release. (The app draws
// only changed frames, so Chromium no longer spaces input events by slow frames: a drag sent
// all at once would reach ImGui, which reads the mouse once per frame, as one click.)
// `during(page)`, if given, runs while the button is still held over the target.
export async function humanDrag(page, from, to, { steps = 10, during = null } = {}) {
  await page.mouse.move(from.x, from.y);
  await framesLater(page);
  await page.mouse.down();
  await framesLater(page);
  for (let k = 1; k <= steps; ++k) {
    await page.mouse.move(from.x + (to.x - from.x) * k / steps, from.y + (to.y - from.y) * k / steps);
    await framesLater(page, 1);
  }
  if (during) await during(page);
  await page.mouse.up();
  await framesLater(page);
}

// The centre of board cell (row, col) in page coordinates.
export async function cellCentre(page, row, col) {
  const b = (await state(page)).board;
  return { x: b.x + (col + 0.5) * b.cell, y: b.y + (row + 0.5) * b.cell };
}

// A finger on `page`, as Chrome DevTools sends touches: `finger(type, at)` (touchStart,
// touchMove, touchEnd) and gestures made with it as a person makes them, with frames in
// between (the app reads input once a frame).
export async function touchscreen(page) {
  const cdp = await page.context().newCDPSession(page);
  const finger = (type, at) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x: at.x, y: at.y }] });
  const g = {
    finger,
    async tap(at) { await finger('touchStart', at); await page.waitForTimeout(80); await finger('touchEnd', at); },
    async hold(at) { await finger('touchStart', at); await page.waitForTimeout(800); await finger('touchEnd', at); },
    async drag(from, to, { steps = 8 } = {}) {
      await finger('touchStart', from);
      await framesLater(page);
      for (let k = 1; k <= steps; ++k) {
        await finger('touchMove', { x: from.x + (to.x - from.x) * k / steps, y: from.y + (to.y - from.y) * k / steps });
        await framesLater(page, 1);
      }
      await finger('touchEnd', to);
    },
    // A tap on a control, at `across` of its width (a number field's text is left of its buttons).
    // One scrolled out of sight is first scrolled into it by a finger dragged on its window.
    async tapWidget(name, across = 0.5) {
      const r = (await widgetInSight(page, name, g.scrollTowards(name))).widgets[name];
      await g.tap({ x: r[0] + r[2] * across, y: r[1] + r[3] / 2 });
      await framesLater(page);
    },
    // A finger dragged up or down the window that shows widget `name`, in its left margin
    // beside the controls (one that lands on a field would edit it), by `dy` (+: what is
    // further down comes up) and a margin, at most 70% of the window's sight.
    scrollTowards: (name) => async (s, dy) => {
      const c = s.widget_clips[name];
      const x = c[0] + 3, reach = 0.35 * c[3];
      const by = Math.sign(dy) * Math.min(Math.abs(dy) + 24, 2 * reach);
      const y = c[1] + c[3] / 2 + by / 2;
      await g.drag({ x, y }, { x, y: y - by }, { steps: 10 });
      await framesLater(page);
    },
    detach: () => cdp.detach(),
  };
  return g;
}

// A phone (390x844 CSS px, pixel ratio 3, touch) in a new context of `browser`, the app open
// at `url` and drawn; page errors collected; `touch` its finger (touchscreen above).
export async function openPhone(browser, url, { colorScheme = 'light' } = {}) {
  const opened = await openIn(browser, url, { viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3, hasTouch: true, isMobile: true, colorScheme });
  return { ...opened, touch: await touchscreen(opened.page) };
}

// The app open and drawn at `url` in a context of `browser` made with playwright's `options`
// (viewport, colorScheme, hasTouch, ...); page errors collected. A context closed by its test
// is kept (its pages but one closed, that one unloaded) and opened again by the next openIn
// with the same options as a first visit would find it (see openApp).
export async function openIn(browser, url, options) {
  const key = 'context ' + JSON.stringify(options);
  let page = takeKept(browser, key);
  if (page) {
    await firstVisitAgain(page, url, options.viewport ?? { width: 1280, height: 720 }, options.colorScheme);
  } else {
    const context = await browser.newContext(options);
    page = await context.newPage();
    page.on('pageerror', (e) => page.tilewiseErrors?.push(String(e)));
    keepContextOnClose(browser, key, page);
  }
  const errors = [];
  page.tilewiseErrors = errors;
  await page.goto(url);
  await waitDrawn(page);
  return { context: page.context(), page, errors };
}

export async function screenshot(page, name) {
  fs.mkdirSync(shotDir, { recursive: true });
  const file = path.join(shotDir, name + '.png');
  await page.screenshot({ path: file });
  return file;
}

// Runs `scan(px, width, height, args)` over the RGBA pixels of a PNG (a file or a screenshot's
// bytes), decoded by the browser itself; `scan` is sent as its source text (no closures).
export async function scanPng(page, png, scan, args) {
  const b64 = (Buffer.isBuffer(png) ? png : fs.readFileSync(png)).toString('base64');
  return page.evaluate(async ({ b64, source, args }) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    return (0, eval)(`(${source})`)(px, c.width, c.height, args);  // a declaration's text too
  }, { b64, source: scan.toString(), args });
}

// The number of distinct colours (every 7th pixel) and the colours at `points` ([x, y] pairs,
// rounded) as [r, g, b].
function coloursOf(px, width, height, points) {
  const seen = new Set();
  for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
  const at = points.map(([x, y]) => {
    const i = 4 * (Math.round(y) * width + Math.round(x));
    return [px[i], px[i + 1], px[i + 2]];
  });
  return { distinct: seen.size, at };
}

const readPng = (page, png, points = []) => scanPng(page, png, coloursOf, points);

// Number of distinct colours in a PNG, measured by the browser itself.
export async function distinctColours(page, file) {
  return (await readPng(page, file)).distinct;
}

// The colours ([r, g, b]) of a PNG (file or bytes) at `points` ([x, y] pairs).
export async function pixels(page, png, points) {
  return (await readPng(page, png, points)).at;
}

// Sends a raw request to a fresh worker and collects events until "done" or "error".
export async function workerRequest(page, request, timeout = 30000) {
  return page.evaluate(({ request, timeout }) => new Promise((resolve, reject) => {
    const w = new Worker('worker.js');
    const events = [];
    const timer = setTimeout(() => { w.terminate(); reject(new Error('worker timeout')); }, timeout);
    w.onmessage = (e) => {
      for (const ev of JSON.parse(e.data)) {
        events.push(ev);
        if (ev.type === 'done' || ev.type === 'error' || ev.type === 'pong') {
          clearTimeout(timer); w.terminate(); resolve(events);
        }
      }
    };
    w.postMessage(JSON.stringify(request));
  }), { request, timeout });
}

// Keeps `bytes` bytes (zeros) in the page's table storage under `name`, as web/table_store.js
// keeps a table (IndexedDB "tilewise-tables", store "tables"): kept tables that are not whole.
export function keepTableBytes(page, name, bytes) {
  return page.evaluate(({ name, bytes }) => new Promise((resolve) => {
    const r = indexedDB.open('tilewise-tables', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('tables');
    r.onsuccess = () => {
      const tx = r.result.transaction('tables', 'readwrite');
      tx.objectStore('tables').put(new ArrayBuffer(bytes), name);
      tx.oncomplete = () => { r.result.close(); resolve(); };
    };
  }), { name, bytes });
}

// ImGui reads key states once per frame: holds each key of a combo ("Control+A") a few frames.
export async function pressSlowly(page, combo) {
  const keys = combo.split('+');
  for (const k of keys) { await page.keyboard.down(k); await framesLater(page); }
  for (const k of keys.reverse()) { await page.keyboard.up(k); await framesLater(page); }
}

// WCAG 2's contrast ratio of two [r, g, b] colours.
export function contrast(a, b) {
  const lum = (c) => c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, k) => sum + v * [0.2126, 0.7152, 0.0722][k], 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Opens one of the app's puzzles (assets/puzzles/<file>) as dealt, tiles in file order, the
// way a dropped file opens (the first visit opens a puzzle shuffled). Returns the state.
export async function openDealt(page, file) {
  const text = fs.readFileSync(path.join(root, 'assets/puzzles', file), 'utf8');
  await page.evaluate(({ name, text }) => globalThis.tilewise.openedFiles.push({ name, text }),
    { name: file, text });
  return waitState(page, `s.puzzle === ${JSON.stringify(file)} && s.frames > 0`, 10000);
}

// Opens the panel's More section and, inside it, each of `sections` (by their names).
export async function openMore(page, ...sections) {
  if (!(await state(page)).widgets[sections[0] ?? '\u0000']) await clickWidget(page, 'More');
  await framesLater(page, 2);
  for (const name of sections) {
    await clickWidget(page, name);
    await framesLater(page, 2);
  }
}

// Starts the solver's own search (More > Solver > Search: every solution, listed), opening
// the sections only when they are not open yet.
export async function searchInWorker(page) {
  if (!(await state(page)).widgets['Search']) await openMore(page, 'Solver');
  await clickWidget(page, 'Search');
}

// Opens the Puzzle Box's "Type the numbers" section (the start and target fields) unless it
// is open; `tap(name)`, if given, presses it (a finger: touchscreen(page).tapWidget).
export async function openBoxTyping(page, tap = null) {
  if ((await state(page)).widgets['start']) return;
  await (tap ? tap('Type the numbers') : clickWidget(page, 'Type the numbers'));
  await waitState(page, "!!s.widgets['start']", 5000);
}
