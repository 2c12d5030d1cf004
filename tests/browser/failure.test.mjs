// Failure paths of the solver worker (issue 8): a worker killed mid-search is noticed
// (web/tilewise.js watchdog), restarted and the user told; a cancel in each phase (just
// started, searching, streaming solutions) and loading another puzzle mid-search leave
// the app usable; a second Solve while one runs replaces it and says so. After each,
// solving seed 000 works (2 solutions).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

const example = (name) => fs.readFileSync(h.root + '/assets/puzzles/' + name, 'utf8');
// Two colours on 4x4: solutions found one after another for many seconds (streaming).
// Made with: tilewise generate --rows 4 --cols 4 --motifs 2 --rule equal --seed 3
const MANY = `size 4 4
match equal
border free
tile 1 2 1 2 1
tile 2 2 2 2 2
tile 3 1 1 1 1
tile 4 1 2 1 2
tile 5 2 1 1 2
tile 6 1 1 1 2
tile 7 2 2 1 2
tile 8 2 1 2 1
tile 9 1 2 2 1
tile 10 1 1 1 2
tile 11 2 1 1 1
tile 12 1 2 2 1
tile 13 2 2 2 2
tile 14 2 1 2 2
tile 15 2 1 2 1
tile 16 2 1 1 1
`;

async function load(page, name, text) {
  await page.evaluate(([n, t]) => globalThis.tilewise.openedFiles.push({ name: n, text: t }), [name, text]);
  return h.waitState(page, `s.puzzle === ${JSON.stringify(name)}`);
}

async function cancelAndCheck(page, phase) {
  await h.clickWidget(page, 'Cancel');
  const s = await h.waitState(page, '!s.solving');
  assert.match(s.status, /cancelled/, `cancel while ${phase}`);
  const c = await h.cellCentre(page, 0, 0);  // the board still answers clicks
  const before = s.cells[0][1];
  await h.humanClick(page, c.x, c.y);
  await h.waitState(page, `s.cells[0][1] === ${(before + 1) % 4}`);
}

async function solveSeed000(page, name) {
  await load(page, name, example('seed000_mockup.txt'));
  await h.searchInWorker(page);
  const s = await h.waitState(page, '!s.solving && s.solutions === 2', 30000);
  assert.match(s.status, /^Found all 2 solutions/);
}

test('a worker killed mid-search is noticed, restarted, the user told; the next solve works', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await load(page, 'hard.txt', example('generated_7x7_hard.txt'));
  await h.searchInWorker(page);
  await h.waitState(page, 's.solving && s.progress_nodes > 0', 30000);
  const starts = await page.evaluate(() => globalThis.tilewise.workerStarts);
  const killedAt = Date.now();
  await page.evaluate(() => globalThis.tilewise.worker.terminate());  // as a crashed tab process would
  const s = await h.waitState(page, '!s.solving', 15000);
  console.log(`# killed worker noticed after ${Date.now() - killedAt} ms`);
  assert.match(s.status, /^error: the solver stopped responding; a new solver was started: press Solve to try again/);
  assert.equal(s.puzzle, 'hard.txt');  // the user's puzzle stays
  assert.equal(await page.evaluate(() => globalThis.tilewise.workerStarts), starts + 1);
  await h.screenshot(page, 'failure-worker-killed');
  await solveSeed000(page, 'after-kill.txt');
  assert.deepEqual(errors, []);
  await page.close();
});

test('cancel just after Solve, while searching, while streaming, and by loading a puzzle', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await load(page, 'hard.txt', example('generated_7x7_hard.txt'));
  await h.searchInWorker(page);  // just started: the worker may still be loading
  await cancelAndCheck(page, 'just started');
  await h.searchInWorker(page);
  await h.waitState(page, 's.solving && s.progress_nodes > 100000', 30000);
  await cancelAndCheck(page, 'searching');
  await load(page, 'many.txt', MANY);
  await h.searchInWorker(page);
  let s = await h.waitState(page, 's.solving && s.solutions > 0', 30000);
  await h.screenshot(page, 'failure-streaming');
  await cancelAndCheck(page, 'streaming solutions');
  await h.searchInWorker(page);
  await h.waitState(page, 's.solving && s.solutions > 0', 30000);
  await load(page, 'other.txt', example('cards_2x2.txt'));  // loading a puzzle stops the search
  s = await h.state(page);
  assert.equal(s.solving, false);
  assert.equal(s.solutions, 0);
  await page.waitForTimeout(500);  // late events of the stopped job change nothing
  s = await h.state(page);
  assert.equal(s.solutions, 0);
  await solveSeed000(page, 'after-cancels.txt');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a second Solve while one runs replaces it and the status says so', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  await load(page, 'many.txt', MANY);
  await h.searchInWorker(page);
  await h.waitState(page, 's.solving && s.solutions > 10', 30000);
  const starts = await page.evaluate(() => globalThis.tilewise.workerStarts);
  await h.searchInWorker(page);
  let s = await h.waitState(page, 's.status.startsWith("the running search was stopped and replaced")');
  assert.ok(s.solving);
  s = await h.waitState(page, 's.solving && s.solutions > 10', 30000);  // the new job streams
  // Replaced inside the same worker (worker_main.cpp), not by restarting it.
  assert.equal(await page.evaluate(() => globalThis.tilewise.workerStarts), starts);
  await h.screenshot(page, 'failure-replaced');
  await cancelAndCheck(page, 'replaced');
  await solveSeed000(page, 'after-replace.txt');
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad files show one clear error naming the limit; the current puzzle stays', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  const before = await h.state(page);
  const cases = [
    ['big.txt', 'x'.repeat(1048576 + 10), 'big.txt: file is larger than 1 MiB: not a puzzle file'],
    ['nul.txt', 'size 1 1\n\u0000', 'nul.txt: file contains NUL bytes: not a text puzzle file'],
    ['rows17.txt', 'size 17 3\nmatch equal\n', "rows17.txt:1: board size '17 3' is not valid: rows and columns must be whole numbers 1..16"],
    ['cards.txt', Array.from({ length: 257 }, (_, i) => `c${i} HEAD-RED TAIL-RED HEAD-BLUE TAIL-BLUE`).join('\n'),
      'cards.txt:257: too many cards: at most 256'],
    ['legend.txt', '1 HEAD-GREEN HEAD-RE;D TAIL-RED TAIL-GREEN\n', "legend.txt:1: side 'HEAD-RE;D': a colour may not contain ';' or '='"],
  ];
  for (const [name, text, message] of cases) {
    // As a person opens it: a File through the page's reader (the size check reads 1 MiB + 1).
    await page.evaluate(([n, t]) => globalThis.tilewise.readFile(new File([t], n)), [name, text]);
    const s = await h.waitState(page, `s.error.startsWith(${JSON.stringify(name)})`);
    assert.equal(s.error, message);
    assert.equal(s.puzzle, before.puzzle);
    assert.deepEqual(s.cells, before.cells);
  }
  await h.screenshot(page, 'failure-bad-file');
  assert.deepEqual(errors, []);
  await page.close();
});

test('more solutions than the worker keeps: counting goes on and the status says so', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  // Six tiles in a row, each with a colour of its own on top and colour 1 on its other sides:
  // 51840 solutions (the CLI's count), all different boards, more than the 10000 kept.
  await load(page, 'six.txt', 'size 1 6\nmatch equal\n' +
    [1, 2, 3, 4, 5, 6].map((k) => `tile ${k} ${k + 1} 1 1 1`).join('\n') + '\n');
  await h.searchInWorker(page);
  const s = await h.waitState(page, '!s.solving && s.status.startsWith("Found")', 60000);
  assert.match(s.status, /^Found all 51840 solutions .*The first 10000 are kept to browse\.$/);
  assert.equal(s.solutions, 10000);
  assert.deepEqual(errors, []);
  await page.close();
});
