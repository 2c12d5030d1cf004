// The page loads, ImGui draws, the worker answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

let srv, browser;
before(async () => { srv = await h.startServer(); browser = await h.launch(); });
after(async () => { await browser?.close(); srv?.server.close(); });

test('the page loads without console errors and draws the ImGui UI', async () => {
  const { page, errors } = await h.openApp(browser, srv.url);
  const s = await h.state(page);
  assert.equal(s.puzzle, 'scramble_albznw_frogs.txt', 'a first visit opens a real 3x3');
  assert.equal(s.solved, false, 'shuffled');
  assert.equal(s.inner, 12);
  const shot = await h.screenshot(page, 'app-start');
  const colours = await h.distinctColours(page, shot);
  assert.ok(colours > 50, `screenshot has only ${colours} colours`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the worker answers ping and solves seed 000 with exactly 2 solutions', async () => {
  const { page } = await h.openApp(browser, srv.url);
  const pong = await h.workerRequest(page, { id: 1, type: 'ping' });
  assert.equal(pong.at(-1).type, 'pong');
  const text = fs.readFileSync(path.join(h.root, 'assets/puzzles/seed000_mockup.txt'), 'utf8');
  const events = await h.workerRequest(page, { id: 2, type: 'edge.solve', mode: 'all', puzzle: text });
  const done = events.at(-1);
  assert.equal(done.type, 'done');
  assert.equal(done.id, 2);
  assert.equal(done.result.count, 2);
  assert.equal(done.result.solutions.length, 2);
  assert.equal(events.filter((e) => e.type === 'solution').length, 2);
  const bad = await h.workerRequest(page, { id: 3, type: 'edge.solve', puzzle: 'size 3 3\nmatch nope\n' });
  assert.equal(bad.at(-1).type, 'error');
  assert.match(bad.at(-1).message, /puzzle:2: unknown match rule 'nope'/);
  await page.close();
});
