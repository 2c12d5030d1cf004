// Tiles that look like puzzles: each motif's shape sits on the edge's midpoint, half on each
// tile, so a matched edge shows one whole shape (the "+" half solid, the "-" half light under
// halves; both alike under colours), a mismatched edge two different halves, and the
// colour-blind look adds a pattern to every wedge. Read from the screen's pixels on a phone
// (390x844, pixel ratio 3, touch) and a desktop. Screenshots: tiles-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';
import { ocr } from './lib/words.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const COLOURS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange', 'cyan', 'pink'];

// A 3x3 board laid as dealt: the 8 edges round the centre tile match, each with its own
// motif 1..8 (the seven shapes and a second circle); the centre tile is written a quarter
// turn off, so its 4 edges do not. `halves`: Scramble Squares halves (A/a) on a free border,
// else colours inside a grey frame.
function boardText(halves) {
  const tiles = Array.from({ length: 9 }, () => [0, 0, 0, 0]);
  const cell = (r, c) => tiles[r * 3 + c];
  // [first tile, second tile, horizontal neighbours?, motif]
  const matched = [[[0, 0], [0, 1], true, 1], [[0, 1], [0, 2], true, 2], [[0, 0], [1, 0], false, 3],
    [[0, 2], [1, 2], false, 4], [[1, 0], [2, 0], false, 5], [[1, 2], [2, 2], false, 6],
    [[2, 0], [2, 1], true, 7], [[2, 1], [2, 2], true, 8]];
  const centre = [[[1, 0], [1, 1], true, 1], [[1, 1], [1, 2], true, 2], [[0, 1], [1, 1], false, 3],
    [[1, 1], [2, 1], false, 4]];
  for (const [a, b, across, m] of [...matched, ...centre]) {
    const sign = halves && m % 2 === 0 ? -1 : 1;  // heads on the first tile of odd motifs
    cell(...a)[across ? 1 : 2] = sign * m;
    cell(...b)[across ? 3 : 0] = halves ? -sign * m : m;
  }
  // The border: halves of motifs 1..8 in turn (a free border), or the grey frame.
  let k = 0;
  for (let r = 0; r < 3; ++r)
    for (let c = 0; c < 3; ++c) {
      const t = cell(r, c);
      for (const [side, edge] of [[0, r === 0], [1, c === 2], [2, r === 2], [3, c === 0]])
        if (edge) t[side] = halves ? (k % 2 ? -1 : 1) * (1 + (k++ % 8)) : 0;
    }
  const c = cell(1, 1);
  tiles[4] = [c[3], c[0], c[1], c[2]];  // a quarter turn off
  const write = (v) => (halves ? String.fromCharCode(64 + Math.abs(v) + (v < 0 ? 32 : 0)) : String(v));
  const legend = COLOURS.map((n, i) => `${halves ? String.fromCharCode(65 + i) : i + 1}=${n}`).join(' ');
  return [`# name: Shapes ${halves ? 'halves' : 'colours'}`, `# legend: ${legend}`, 'size 3 3',
    `match ${halves ? 'complement' : 'equal'}`, `border ${halves ? 'free' : 'frame0'}`,
    ...tiles.map((t, i) => `tile ${i + 1} ${t.map(write).join(' ')}`)].join('\n') + '\n';
}

// The 12 inner edges of a 3x3 board: [row, col of the first tile, horizontal neighbours?],
// the 8 matched ones first (as boardText lays them), then the centre's 4.
const EDGES = [[0, 0, true], [0, 1, true], [0, 0, false], [0, 2, false], [1, 0, false],
  [1, 2, false], [2, 0, true], [2, 1, true], [1, 0, true], [1, 1, true], [0, 1, false], [1, 1, false]];

async function open(options, halves) {
  const opened = await h.openIn(browser, srv.url, options);
  const name = `shapes_${halves ? 'halves' : 'colours'}.txt`;
  await opened.page.evaluate(({ name, text }) => globalThis.tilewise.openedFiles.push({ name, text }),
    { name, text: boardText(halves) });
  const s = await h.waitState(opened.page, `s.puzzle === '${name}' && s.frames > 0`, 10000);
  assert.equal(s.matched, 8, 'the 8 edges round the centre match, the centre\'s 4 do not');
  await h.framesLater(opened.page, 3);
  return opened;
}

// Per inner edge, read from a screenshot: each side's "shape mask" on a grid of points
// (u along the edge, v into the tile, in cells: |u| <= 0.3, 0.035 <= v <= 0.3): a point is
// shape where it differs from its wedge's colour (read at u = 0.36, v = 0.07), and the
// shape's lightness at its core; and the share of points off the wedge's main colour
// between the shape and the tile's centre (a pattern).
function readEdges(px, width, height, { board, edges, dpr }) {
  const far = (a, b, d) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > d;
  const lum = (c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  const cell = board.cell;
  return edges.map(([r, c, across]) => {
    const mid = across ? [board.x + (c + 1) * cell, board.y + (r + 0.5) * cell]
      : [board.x + (c + 0.5) * cell, board.y + (r + 1) * cell];
    // In device pixels: the edge lies between pixels e - 1 and e; a point v into the first
    // tile is pixel e - 1 - k, its mirror image in the second e + k (k = v, in pixels).
    const e = Math.round((across ? mid[0] : mid[1]) * dpr);
    const sides = [-1, 1].map((into) => {
      const point = (u, v) => {
        const k = Math.round(v * cell * dpr), a = Math.round(((across ? mid[1] : mid[0]) + u * cell) * dpr);
        const n = into < 0 ? e - 1 - k : e + k;
        const i = 4 * ((across ? a : n) * width + (across ? n : a));
        return [px[i], px[i + 1], px[i + 2]];
      };
      const bg = point(0.36, 0.07);
      const mask = [];
      for (let v = 0.035; v <= 0.3001; v += 0.015)
        for (let u = -0.3; u <= 0.3001; u += 0.015) {
          // 1: shape, 0: the wedge, 0.5: between (an anti-aliased rim), left out of comparisons
          const p = point(u, v), on = far(p, bg, 100) ? 1 : far(p, bg, 40) ? 0.5 : 0;
          mask.push(on);
        }
      // The shape's lightness at its core, next to the edge's midpoint (inside every shape).
      let core = 0;
      for (const u of [-0.02, 0.02]) for (const v of [0.04, 0.05]) core += lum(point(u, v)) / 4;
      // The shape reaches the edge: points next to it, at the midpoint.
      let touches = 0;
      for (const u of [-0.03, 0, 0.03]) if (far(point(u, 0.04), bg, 80)) ++touches;
      // Between the shape and the centre: the share of points off the commonest colour.
      const seen = new Map(), ring = [];
      for (let v = 0.28; v <= 0.42; v += 0.01)
        for (let u = -(0.46 - v); u <= 0.46 - v; u += 0.01) {
          const p = point(u, v);
          ring.push(p);
          const key = p.join();
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      const common = [...seen.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
      const patterned = ring.filter((p) => far(p, common, 60)).length / ring.length;
      return { mask, count: mask.filter((on) => on === 1).length, core: Math.round(core),
        touches, patterned, bg };
    });
    const [ma, mb] = sides.map((x) => x.mask);
    const sure = ma.map((on, k) => on !== 0.5 && mb[k] !== 0.5);
    const agree = ma.filter((on, k) => sure[k] && on === mb[k]).length / sure.filter(Boolean).length;
    return { agree, sides: sides.map(({ mask, ...rest }) => rest), masks: sides.map((s) => s.mask) };
  });
}

async function edgesOf(page, shot) {
  const s = await h.state(page);
  const dpr = await page.evaluate(() => devicePixelRatio);
  return h.scanPng(page, await page.screenshot(), readEdges, { board: s.board, edges: EDGES, dpr })
    .then(async (r) => { await h.screenshot(page, shot); return r; });
}

// The checks of a board drawn with shapes: the 8 matched edges each show one whole shape,
// mirrored across the edge, that reaches it from both sides; the shapes of different motifs
// differ; halves read apart (solid and light) or alike (colours).
function checkShapes(edges, halves, what, patterned = false) {
  const grid = edges[0].masks[0].length;
  for (let k = 0; k < 8; ++k) {
    const e = edges[k], [a, b] = e.sides;
    const label = `${what}: matched edge ${k + 1} (motif ${k + 1})`;
    if (!patterned) {  // (a pattern in the wedge hides the shape's outline from this reading)
      assert.ok(a.count >= 0.08 * grid && b.count >= 0.08 * grid,
        `${label}: a shape on both sides (${a.count}, ${b.count} of ${grid} points)`);
      assert.ok(e.agree >= 0.97, `${label}: the halves mirror each other at ${(100 * e.agree).toFixed(1)}% of points`);
    }
    assert.ok(a.touches >= 2 && b.touches >= 2, `${label}: the shape reaches the edge from both sides`);
    if (halves) {
      const [solid, light] = k % 2 === 0 ? [a, b] : [b, a];  // heads of odd motifs on the first tile
      assert.ok(light.core - solid.core >= 60,
        `${label}: the solid half (lightness ${solid.core}) is darker than the light half (${light.core})`);
    } else {
      assert.ok(Math.abs(a.core - b.core) <= 25, `${label}: both halves alike (${a.core}, ${b.core})`);
    }
  }
  if (patterned) return;
  // Different motifs, different shapes: motifs 1..7 pairwise (8 is a circle again, as 1).
  const differ = (x, y) => x.filter((on, i) => on !== 0.5 && y[i] !== 0.5 && on !== y[i]).length / x.length;
  const diffs = [];
  for (let i = 0; i < 7; ++i)
    for (let j = i + 1; j < 7; ++j) diffs.push([i + 1, j + 1, differ(edges[i].masks[1], edges[j].masks[1])]);
  console.log(`# ${what}: shapes differ at ${diffs.map(([i, j, d]) => `${i}/${j} ${(100 * d).toFixed(0)}%`).join(', ')}`);
  console.log(`# ${what}: matched agree ${edges.map((e) => (100 * e.agree).toFixed(1)).join(' ')}`);
  for (const [i, j, d] of diffs)
    assert.ok(d >= 0.03, `${what}: motifs ${i} and ${j} look alike (${(100 * d).toFixed(1)}% of points differ)`);
  // The centre's edges: two different half-shapes meet (no whole shape).
  const mismatched = edges.slice(8).map((e) => e.agree);
  const matchedLeast = Math.min(...edges.slice(0, 8).map((e) => e.agree));
  assert.ok(Math.max(...mismatched) < matchedLeast,
    `${what}: a mismatched edge mirrors as well as a matched one (${mismatched.map((x) => x.toFixed(3))} vs ${matchedLeast.toFixed(3)})`);
}

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true,
  isMobile: true };
const desktop = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

test('a phone: matched halves make whole shapes; the colour-blind look patterns the wedges', async () => {
  const { page, errors, context } = await open({ ...phone, colorScheme: 'light' }, true);
  let edges = await edgesOf(page, 'tiles-phone-light');
  checkShapes(edges, true, 'phone');
  for (const e of edges.slice(0, 8))
    for (const side of e.sides) assert.ok(side.patterned < 0.03, `no pattern yet (${side.patterned.toFixed(3)})`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await h.waitState(page, "s.look.theme === 'dark'");
  edges = await edgesOf(page, 'tiles-phone-dark');
  checkShapes(edges, true, 'phone, dark');
  // More > Look > colour-blind-safe colours, with a finger.
  const g = await h.touchscreen(page);
  const board = (await h.state(page)).board;
  await g.tapWidget('More');
  await g.tapWidget('Look');
  await g.tapWidget('Colour-blind-safe colours');
  let s = await h.waitState(page, 's.look.colour_blind');
  assert.deepEqual(s.board, board, 'the board stays where it was');
  await h.framesLater(page, 3);
  edges = await edgesOf(page, 'tiles-phone-dark-colour-blind');
  checkShapes(edges, true, 'phone, colour-blind', true);
  for (let k = 0; k < 8; ++k)
    for (const side of edges[k].sides)
      assert.ok(side.patterned >= 0.05, `motif ${k + 1}: its wedge carries a pattern (${side.patterned.toFixed(3)} of points)`);
  await page.emulateMedia({ colorScheme: 'light' });
  await h.waitState(page, "s.look.theme === 'light'");
  await h.framesLater(page, 3);
  // The key, read off the screen: colour words would name colours no longer drawn, so it
  // says the shapes (the puzzle names its motifs red, green, ... pink).
  const key = ocr(await h.screenshot(page, 'tiles-phone-light-colour-blind')).toLowerCase();
  for (const shape of ['diamond', 'hexagon', 'cross']) assert.ok(key.includes(shape), `the key says "${shape}":\n${key}`);
  for (const colour of ['purple', 'cyan', 'orange']) assert.ok(!key.includes(colour), `the key says "${colour}":\n${key}`);
  await g.detach();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a desktop: shapes under both rules, the frame plain, the colour-blind look', async () => {
  for (const halves of [true, false]) {
    const { page, errors, context } = await open({ ...desktop, colorScheme: 'dark' }, halves);
    const kind = halves ? 'halves' : 'colours';
    const edges = await edgesOf(page, `tiles-desktop-${kind}`);
    checkShapes(edges, halves, `desktop ${kind}`);
    if (!halves) {  // the grey frame carries no shape: one flat grey along the board's top
      const s = await h.state(page);
      const y = s.board.y + 0.05 * s.board.cell;
      const xs = Array.from({ length: 20 }, (_, k) => s.board.x + (0.35 + 0.3 * k / 19) * s.board.cell);
      const px = await h.pixels(page, await page.screenshot(), xs.map((x) => [x, y]));
      assert.ok(px.every((p) => p.every((v, i) => Math.abs(v - px[0][i]) <= 6)),
        `the frame side of tile 1 is plain: ${JSON.stringify(px)}`);
    }
    await h.openMore(page, 'Look');
    await h.clickWidget(page, 'Colour-blind-safe colours');
    await h.waitState(page, 's.look.colour_blind');
    await page.mouse.move(2, 2);  // no tooltip over the board
    await h.framesLater(page, 3);
    const patterned = await edgesOf(page, `tiles-desktop-${kind}-colour-blind`);
    checkShapes(patterned, halves, `desktop ${kind}, colour-blind`, true);
    for (let k = 0; k < 8; ++k)
      for (const side of patterned[k].sides)
        assert.ok(side.patterned >= 0.05, `${kind} motif ${k + 1}: a pattern (${side.patterned.toFixed(3)})`);
    await page.emulateMedia({ colorScheme: 'light' });
    await h.waitState(page, "s.look.theme === 'light'");
    await h.framesLater(page, 3);
    await h.screenshot(page, `tiles-desktop-${kind}-colour-blind-light`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
