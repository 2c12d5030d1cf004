// Offline and installable: the manifest, the icons, the service worker's build-tied cache,
// loading/solving/sharing with no network, replacing an old build, Chromium's installability.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

// BUILD_ID and FILES as the build wrote them into the site's sw.js.
function serviceWorkerOf(dir) {
  const text = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const id = text.match(/const BUILD_ID = '([^']*)';/)?.[1];
  const files = text.match(/const FILES = '([^']*)'\.split/)?.[1].split(' ');
  return { text, id, files };
}
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');
const pngSize = (file) => {
  const b = fs.readFileSync(file);
  assert.equal(b.subarray(1, 4).toString(), 'PNG', `${file} is a PNG`);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

// Opens the app in `context` and waits until the service worker controls the page.
async function openControlled(context, url) {
  const { page, errors } = await h.openApp(context, url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return { page, errors };
}
// Polls an async condition (page.waitForFunction does not wait for promises).
async function until(condition, timeout = 30000) {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await condition()) return;
  throw new Error('timed out waiting for ' + condition);
}
const cacheContents = (page) => page.evaluate(async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname.replace(/^.*\//, '')).sort();
  }
  return out;
});

test('the build writes a manifest, both icons and a service worker tied to the build', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(h.siteDir, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.name, 'Tilewise');
  assert.ok(manifest.short_name);
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.scope, './');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((i) => i.sizes).sort();
  assert.deepEqual(sizes, ['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const [w, hgt] = pngSize(path.join(h.siteDir, icon.src));
    assert.equal(`${w}x${hgt}`, icon.sizes, icon.src);
  }

  const sw = serviceWorkerOf(h.siteDir);
  assert.match(sw.id, /^[0-9a-f]{16}$/, 'the placeholder was replaced');
  assert.ok(!sw.text.includes('@TILEWISE_'));
  for (const f of ['index.html', 'tilewise.js', 'offline.js', 'worker.js', 'edge_pool.js', 'best_pool.js', 'table_store.js', 'tilewise_app.js', 'tilewise_app.wasm',
    'tilewise_worker.js', 'tilewise_worker.wasm', 'manifest.webmanifest', 'icon-192.png', 'icon-512.png'])
    assert.ok(sw.files.includes(f), `the service worker caches ${f}`);
  // The id is a hash of exactly those files as built (src/app/make_sw.cmake).
  const digests = sw.files.map((f) => sha256(fs.readFileSync(path.join(h.siteDir, f)))).join('');
  assert.equal(sw.id, sha256(digests).substring(0, 16));
});

// The budget a phone pays on the first visit: every file of the site, gzip -9, summed.
const kSiteBudget = 650 * 1024;
test(`the whole site weighs at most ${kSiteBudget} bytes gzipped`, () => {
  const sizes = {};
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else sizes[path.relative(h.siteDir, f)] = zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
    }
  };
  walk(h.siteDir);
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const largest = Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 4);
  console.log(`site: ${total} bytes gzipped (${Object.keys(sizes).length} files; ` +
    largest.map(([f, n]) => `${f} ${n}`).join(', ') + ')');
  assert.ok(Object.keys(sizes).some((f) => f.endsWith('.wasm')), 'the site has its wasm files');
  assert.ok(total <= kSiteBudget, `the site weighs ${total} bytes gzipped, over ${kSiteBudget}`);
});

test('offline after one visit: the app loads, solves seed 000 in the worker and shares', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await openControlled(context, srv.url);
  const { id, files } = serviceWorkerOf(h.siteDir);
  assert.deepEqual(await cacheContents(first.page), { ['tilewise-' + id]: [...files].sort() });
  const online = await h.state(first.page);
  await first.page.close();

  await context.setOffline(true);
  const failed = [];
  const { page, errors } = await openControlled(context, srv.url);
  page.on('requestfailed', (r) => failed.push(r.url()));
  await page.reload();
  await h.waitDrawn(page);
  assert.equal(await page.evaluate(() => navigator.onLine), false, 'the page is offline');
  assert.deepEqual((await h.state(page)).tiles, online.tiles, 'the same puzzle (kept in the address)');
  assert.equal((await h.state(page)).puzzle, online.puzzle);

  await h.openDealt(page, 'seed000_mockup.txt');
  await h.searchInWorker(page);
  const solved = await h.waitState(page, '!s.solving && s.solutions === 2');
  assert.match(solved.status, /^Found all 2 solutions/);
  await h.clickWidget(page, 'Next >');
  await h.waitState(page, 's.solved');
  await h.clickWidget(page, 'Share');
  const shared = await h.waitState(page, "s.share_url !== ''");
  assert.ok(shared.share_url.startsWith(srv.url + '#'));
  await h.screenshot(page, 'pwa-offline-solved');
  assert.deepEqual(failed, [], 'no request went unanswered');
  assert.deepEqual(errors, []);

  // The same with the server gone altogether (and the browser back "online").
  await context.setOffline(false);
  srv.server.closeAllConnections();
  await new Promise((resolve) => srv.server.close(resolve));
  await page.reload();
  await h.waitDrawn(page);
  const pong = await h.workerRequest(page, { id: 1, type: 'ping' });
  assert.equal(pong.at(-1).type, 'pong', 'the worker module loads from the cache too');
  assert.deepEqual(errors, []);
  await context.close();
  srv = await h.startServer();  // for the tests after this one
});

// "Deploys" build n into a copy of the site: another app script, another service worker id.
function deploy(dir, n) {
  fs.appendFileSync(path.join(dir, 'tilewise.js'), `\n// build ${n}\n`);
  const sw = serviceWorkerOf(dir);
  const id = `b${n}` + sw.id.substring(2);
  fs.writeFileSync(path.join(dir, 'sw.js'), sw.text.replace(sw.id, id));
  return id;
}
// Checks for an update from a second, idle page of the site (an update() called from the
// app's own page, which draws frames all the time, started ~60 s late in headless Chromium;
// browsers also check on every navigation). Returns that page: a client of the site too.
async function checkForUpdate(context, url, page) {
  const checker = await context.newPage();
  await checker.goto(url + 'manifest.webmanifest');
  await checker.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await until(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)));
  return checker;
}
// Waits until the waiting worker has taken over after the last page of the old build closed,
// asking the service workers themselves: a page of the site opened while the old worker is
// still active would be its client, and the new worker's clients.claim() would then reload
// that page under the test's feet.
async function takenOver(context) {
  const states = () => Promise.all(context.serviceWorkers().map((w) => w.evaluate(() => {
    const r = self.registration;
    return r.waiting === null && r.installing === null && r.active?.state === 'activated';
  }).catch(() => false)));
  await until(async () => (await states()).includes(true));
}
const appScript = (page) => page.evaluate(() => fetch('tilewise.js').then((r) => r.text()));
const onlyCache = (page, id) =>
  until(() => page.evaluate((name) => caches.keys().then((k) => k.length === 1 && k[0] === name), 'tilewise-' + id));

test('a new build is cached whole beside the old one and takes over when the old page is gone or on Update', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tilewise-site-'));
  fs.cpSync(h.siteDir, dir, { recursive: true });
  const local = await h.startServer(dir);
  try {
    const context = await browser.newContext();
    const { page: old, errors } = await openControlled(context, local.url);
    const oldId = serviceWorkerOf(dir).id;
    const id2 = deploy(dir, 2);
    const checker = await checkForUpdate(context, local.url, old);
    const both = await cacheContents(old);
    assert.deepEqual(Object.keys(both).sort(), ['tilewise-' + id2, 'tilewise-' + oldId].sort());
    assert.deepEqual(both['tilewise-' + id2], both['tilewise-' + oldId], 'the new build is cached whole');
    // The open page keeps getting its own build's files, never the new one's.
    assert.ok(!(await appScript(old)).includes('build 2'));
    assert.equal((await h.waitState(old, 's.update_ready')).update_ready, true, 'the page offers it');
    await h.screenshot(old, 'pwa-update-ready');
    await old.close();
    await checker.close();
    await takenOver(context);

    const { page, errors: pageErrors } = await openControlled(context, local.url);
    await onlyCache(page, id2);
    assert.ok((await appScript(page)).includes('build 2'));
    assert.equal((await h.state(page)).update_ready, false);

    // Build 3 while this page is open: Update reloads the page into it, the board kept.
    const c = await h.cellCentre(page, 1, 1);
    await h.humanClick(page, c.x, c.y);
    const played = await h.waitState(page, 's.cells[4][1] === 1');
    await page.waitForFunction(() => location.hash === '#' + globalThis.tilewise.state.link);
    const id3 = deploy(dir, 3);
    const checker3 = await checkForUpdate(context, local.url, page);
    await h.waitState(page, 's.update_ready');
    await Promise.all([page.waitForEvent('load'), h.clickWidget(page, 'Update')]);
    await h.waitDrawn(page);
    assert.ok((await appScript(page)).includes('build 3'));
    await onlyCache(page, id3);
    const updated = await h.state(page);
    assert.deepEqual(updated.cells, played.cells, 'the board survives the update (in the link)');
    assert.equal(updated.update_ready, false);
    await checker3.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  } finally {
    local.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('under a sub-path: installable files, cache, offline reload and links stay in that path', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tilewise-host-'));
  fs.cpSync(h.siteDir, path.join(parent, 'games', 'tilewise'), { recursive: true });
  const host = await h.startServer(parent);
  const url = host.url + 'games/tilewise/';
  try {
    const context = await browser.newContext();
    const { page, errors } = await openControlled(context, url);
    const scope = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope));
    assert.equal(scope, url);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      return (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(cached.every((p) => p.startsWith('/games/tilewise/')), cached.join(' '));
    await context.setOffline(true);
    await page.reload();
    await h.waitDrawn(page);
    await h.clickWidget(page, 'Share');
    const shared = await h.waitState(page, "s.share_url !== ''");
    assert.ok(shared.share_url.startsWith(url + '#'), shared.share_url);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    host.server.close();
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

test('Chromium reports no installability errors', async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tilewise-profile-'));
  // A persistent profile: a plain (incognito) context is never installable.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: h.chromiumArgs, viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await openControlled(context, srv.url);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, []);
    assert.equal(manifest.url, srv.url + 'manifest.webmanifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
