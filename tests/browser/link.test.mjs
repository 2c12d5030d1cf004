// Share links in the app: open a link in a fresh page, share an edited board, Back/Forward,
// and bad links (one clear message, the default puzzle kept, nothing from the link in the page).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const dogs = fs.readFileSync(path.join(h.root, 'assets/puzzles/seed001_dogs.txt'), 'utf8');

// The link format's frame, written here independently of src/core/link/codec.cpp:
// base64url([version][length:2][payload][CRC-16/CCITT-FALSE:2]).
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function fromLink(code) {
  const bytes = [];
  let acc = 0, bits = 0;
  for (const ch of code) {
    acc = ((acc << 6) | alphabet.indexOf(ch)) & 0xffffff;
    bits += 6;
    if (bits >= 8) { bits -= 8; bytes.push((acc >> bits) & 0xff); }
  }
  return bytes;
}
function toLink(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; ++k) out += alphabet[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}
function crc16(bytes) {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let k = 0; k < 8; ++k) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xffff;
  }
  return crc;
}
function framed(version, payload) {
  const all = [version, payload.length >> 8, payload.length & 0xff, ...payload];
  const crc = crc16(all);
  return toLink([...all, crc >> 8, crc & 0xff]);
}
// A link of a payload written field by field: [[value, bits], ...].
function packed(fields) {
  const bits = [];
  for (const [v, n] of fields) for (let k = n - 1; k >= 0; --k) bits.push((v >> k) & 1);
  const payload = [];
  for (let i = 0; i < bits.length; i += 8)
    payload.push(bits.slice(i, i + 8).reduce((a, b, k) => a | (b << (7 - k)), 0));
  return framed(1, payload);
}
// A 3x3 Puzzle Box: kind 1, size-2 (3 bits), move set (2), start and target boards (4 each).
const boxLink = (start) => packed([[1, 2], [1, 3], [0, 2], ...start.map((v) => [v - 1, 4]),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((v) => [v - 1, 4])]);
// A 1x2 edge puzzle (tile 1 all +1, tile 2 all -1) with fixed tiles and an arrangement
// ([tile or 2 = empty, rotation] per cell): kind 0, rows-1, cols-1 (4 each), rule, frame,
// name scheme (2), title, motif names, arranged; motifs-1 (5), sides (motif-1: 1 bit, half);
// fixed count (9) then cell, tile (2 bits each), rotation (2); the arrangement.
const pairLink = (fixed, arrangement) => packed([[0, 2], [0, 4], [1, 4], [0, 1], [0, 1], [0, 2],
  [0, 1], [0, 1], [1, 1], [0, 5], ...[0, 0, 0, 0, 1, 1, 1, 1].flatMap((neg) => [[0, 1], [neg, 1]]),
  [fixed.length, 9], ...fixed.flatMap(([cell, tile]) => [[cell, 2], [tile, 2], [0, 2]]),
  ...arrangement.flatMap(([tile, rot]) => [[tile, 2], [rot, 2]])]);

async function loadFile(page, name, text) {
  await page.evaluate(({ name, text }) => globalThis.tilewise.openedFiles.push({ name, text }),
    { name, text });
  return h.waitState(page, `s.puzzle === ${JSON.stringify(name)}`);
}
const hashOf = (page) => page.evaluate(() => location.hash.substring(1));
const historyLength = (page) => page.evaluate(() => history.length);
// The address follows the board (throttled): wait until it holds the board's link.
async function addressSettled(page) {
  await page.waitForFunction(() => {
    const s = globalThis.tilewise.state;
    return s.link !== '' && !s.link_pending && location.hash === '#' + s.link;
  }, null, { timeout: 10000 });
  return hashOf(page);
}
async function turnCell(page, row, col) {
  const before = (await h.state(page)).cells;
  const c = await h.cellCentre(page, row, col);
  await h.humanClick(page, c.x, c.y);
  const cols = (await h.state(page)).cols;
  const i = row * cols + col;
  return h.waitState(page, `s.cells[${i}][1] === ${(before[i][1] + 1) % 4}`);
}

test('a link opens the same puzzle and arrangement in a fresh page; Share hands out that link', async () => {
  const { page: a, errors: errorsA } = await h.openApp(browser, srv.url);
  const dealt = await h.state(a);
  const loaded = await loadFile(a, 'seed001_dogs.txt', dogs);
  assert.notDeepEqual(loaded.tiles, dealt.tiles, 'the dogs puzzle differs from the default one');
  await turnCell(a, 0, 0);
  const turned = await turnCell(a, 1, 2);
  assert.equal(turned.share_url, '');
  await h.clickWidget(a, 'Share');
  const shared = await h.waitState(a, "s.share_url !== ''");
  assert.ok(shared.widgets.share_url, 'the link is shown in a text field for manual copy');
  assert.equal(await a.evaluate(() => globalThis.tilewise.lastClipboard), shared.share_url);
  assert.ok(shared.share_url.startsWith(srv.url + '#'), shared.share_url);
  const code = shared.share_url.substring(srv.url.length + 1);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.ok(code.length < 100, `a 3x3 board with its arrangement: ${code.length} characters`);
  await h.screenshot(a, 'link-shared');

  const { page: b, errors: errorsB } = await h.openApp(browser, shared.share_url);
  const opened = await h.state(b);
  assert.equal(opened.link_error, '');
  assert.equal(opened.puzzle, 'seed001_dogs.txt', 'a built-in example is named as such');
  assert.equal(opened.error, '');
  assert.equal(opened.rows, shared.rows);
  assert.equal(opened.cols, shared.cols);
  assert.deepEqual(opened.tiles, shared.tiles, 'same tiles, same sides');
  assert.deepEqual(opened.cells, shared.cells, 'same arrangement, same turns');
  assert.equal(opened.matched, shared.matched);
  assert.equal(await hashOf(b), code, 'the address keeps the link it was opened with');
  await h.screenshot(b, 'link-opened');
  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
  await a.close();
  await b.close();
});

test('playing rewrites the address in place; another puzzle adds an entry; Back and Forward', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  const startLink = await addressSettled(page);
  const length0 = await historyLength(page);
  await turnCell(page, 0, 1);
  await turnCell(page, 0, 1);
  const played = await turnCell(page, 2, 2);
  const playedLink = await addressSettled(page);
  assert.notEqual(playedLink, startLink);
  assert.equal(await historyLength(page), length0, 'turning tiles adds no history entries');

  await loadFile(page, 'seed001_dogs.txt', dogs);
  const dogsLink = await addressSettled(page);
  assert.equal(await historyLength(page), length0 + 1, 'a different puzzle adds one entry');
  const dogsTurned = await turnCell(page, 1, 1);
  const dogsTurnedLink = await addressSettled(page);
  assert.notEqual(dogsTurnedLink, dogsLink);
  assert.equal(await historyLength(page), length0 + 1);

  await page.evaluate(() => history.back());
  const back = await h.waitState(page, "s.puzzle !== 'seed001_dogs.txt'");
  assert.deepEqual(back.tiles, played.tiles, 'Back returns to the previous puzzle');
  assert.deepEqual(back.cells, played.cells, '... as it was played');
  assert.equal(await hashOf(page), playedLink);
  assert.equal(back.error, '');

  await page.evaluate(() => history.forward());
  const forward = await h.waitState(page, `JSON.stringify(s.tiles) === ${JSON.stringify(JSON.stringify(dogsTurned.tiles))}`);
  assert.deepEqual(forward.cells, dogsTurned.cells, 'Forward returns to the dogs as turned');
  assert.equal(await historyLength(page), length0 + 1, 'going back and forth adds nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad links show one clear message and keep the default puzzle', async () => {
  const { page: plain } = await h.openApp(browser, srv.url);
  const good = await addressSettled(plain);
  const dealt = await h.state(plain);
  await plain.close();
  const bytes = fromLink(good);
  assert.equal(bytes[0], 1, 'format version 1');

  const middle = Math.floor(good.length / 2);
  const flipped = good[middle] === 'A' ? 'B' : 'A';
  const cases = [
    ['tampered', good.slice(0, middle) + flipped + good.slice(middle + 1),
      /^link: the link was altered or damaged \(checksum mismatch\)$/],
    ['truncated', good.slice(0, -5), /^link: the link is cut short: copy the whole link$/],
    ['future version', framed(2, bytes.slice(3, -2)),
      /^link: made by a newer Tilewise \(link format 2; this version reads format 1\): please update$/],
    ['garbage', '<img src=x onerror="document.title=\'pwned\'">hello',
      /^link: not a Tilewise link: character 1 is not in the link alphabet/],
    ['fixed tile moved', pairLink([[0, 0]], [[1, 0], [0, 0]]),
      /^link: the board in it moves a fixed tile$/],
  ];
  for (const [what, code, message] of cases) {
    const { page, errors } = await h.openApp(browser, srv.url + '#' + code);
    const s = await h.state(page);
    assert.match(s.link_error, message, what);
    assert.equal(s.error, s.link_error, `${what}: the message is shown in the panel`);
    assert.equal(s.puzzle, 'scramble_albznw_frogs.txt', `${what}: the default puzzle is kept`);
    assert.deepEqual(s.tiles, dealt.tiles);
    assert.deepEqual(s.cells, dealt.cells);
    assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0);
    assert.equal(await page.title(), 'Tilewise', `${what}: nothing from the link runs`);
    if (what === 'tampered') await h.screenshot(page, 'link-bad-tampered');
    assert.deepEqual(errors, [], `${what}: no console errors`);
    await page.close();
  }
  // The control: the same hand-made 1x2 link with a fitting board opens.
  const { page, errors } = await h.openApp(browser, srv.url + '#' + pairLink([[0, 0]], [[0, 0], [1, 2]]));
  const pair = await h.state(page);
  assert.equal(pair.link_error, '');
  assert.equal(pair.puzzle, 'puzzle from a link');
  assert.deepEqual([pair.rows, pair.cols, pair.fixed], [1, 2, 1]);
  assert.deepEqual(pair.tiles, [[1, 1, 1, 1], [-1, -1, -1, -1]]);
  assert.deepEqual(pair.cells, [[1, 0], [2, 2]]);
  assert.equal(pair.solved, true);
  assert.deepEqual(errors, []);
  await page.close();
  // A board with an empty cell opens too: the missing tile waits in the tray.
  const holed = await h.openApp(browser, srv.url + '#' + pairLink([], [[2, 0], [0, 1]]));
  const hs = await h.state(holed.page);
  assert.equal(hs.link_error, '');
  assert.deepEqual(hs.cells, [[0, 0], [1, 1]]);
  assert.deepEqual(hs.tray, [2]);
  assert.deepEqual(holed.errors, []);
  await holed.page.close();
});

test('a bad link entered into a running page keeps the board being played', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  const turned = await turnCell(page, 1, 1);
  await page.evaluate(() => { location.hash = '#AQAB'; });
  const s = await h.waitState(page, "s.link_error !== ''");
  assert.equal(s.link_error, 'link: the link is cut short: copy the whole link');
  assert.deepEqual(s.cells, turned.cells);
  // A good link entered the same way opens (here: the dogs puzzle from another page).
  const other = await h.openApp(browser, srv.url);
  await loadFile(other.page, 'seed001_dogs.txt', dogs);
  const dogsLink = await addressSettled(other.page);
  const dogsTiles = (await h.state(other.page)).tiles;
  await other.page.close();
  await page.evaluate((code) => { location.hash = '#' + code; }, dogsLink);
  const opened = await h.waitState(page, "s.link_error === '' && s.error === ''");
  assert.deepEqual(opened.tiles, dogsTiles);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a Puzzle Box link opens the Puzzle Box mode; Share there gives a link that reopens it', async () => {
  // Hand-packed: 3x3, clockwise, start 765/849/321 turned once at Q1, target 123/456/789.
  const start = [8, 7, 5, 4, 6, 9, 3, 2, 1];
  const { page, errors } = await h.openApp(browser, srv.url + '#' + boxLink(start));
  let s = await h.waitState(page, 's.box.active');
  assert.deepEqual(s.box.board, start);
  assert.deepEqual(s.box.target, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(s.box.moves, 'cw');
  assert.equal(s.link_error, '');
  await h.clickWidget(page, 'Share puzzle');
  s = await h.waitState(page, "s.share_url.includes('#')");
  assert.equal(await page.evaluate(() => globalThis.tilewise.lastClipboard), s.share_url);
  assert.ok(s.share_url.length < 60, `${s.share_url.length} characters`);
  await h.screenshot(page, 'link-box-shared');
  const again = await h.openApp(browser, s.share_url);
  const r = await h.waitState(again.page, 's.box.active');
  assert.deepEqual(r.box.board, start);
  assert.deepEqual(r.box.target, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual([...errors, ...again.errors], []);
  await again.page.close();
  await page.close();
});
