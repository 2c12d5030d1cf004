// Count/all edge-matching searches over several workers (loaded by worker.js). The solver
// module cuts the tree into the same prefixes in every shard (src/worker/edge_shard_job.cpp);
// shard i searches the prefixes k % n == i. The merge below gives exactly the figures of a
// one-worker search: counts, nodes, tries and nodes per depth add up, the solutions kept are
// the first ones in prefix order, then sorted like the solver sorts them.
'use strict';

// The workers a pooled request asks for: its `workers`, else one a core (at most 8); 1..16.
function poolWorkers(request) {
  const wanted = request.workers !== undefined ? Number(request.workers)
    : Math.min(self.navigator.hardwareConcurrency || 1, 8);
  return Math.max(1, Math.min(16, Math.floor(wanted) || 1));
}

function edgePoolSize(request) {
  if (request.type !== 'edge.solve' || request.shards !== undefined || request.watch > 0) return 1;
  if (request.mode !== 'count' && request.mode !== 'all') return 1;
  if (request.limit) return 1;
  return poolWorkers(request);
}

function solutionLess(a, b) {  // labels in reading order, then rotations
  for (let i = 0; i < a.tiles.length; ++i) if (a.tiles[i][0] !== b.tiles[i][0]) return a.tiles[i][0] - b.tiles[i][0];
  for (let i = 0; i < a.tiles.length; ++i) if (a.tiles[i][1] !== b.tiles[i][1]) return a.tiles[i][1] - b.tiles[i][1];
  return 0;
}

class EdgePool {
  // `shown`: solutions already streamed to the app (by the probe); the pool streams only the
  // ones beyond that count, so the app's running list grows as solutions are found. The
  // "done" event carries the exact, sorted list.
  constructor(request, size, post, shown = 0) {
    this.id = request.id;
    this.post = post;
    this.started = Date.now();
    this.results = new Array(size).fill(null);
    this.progress = new Array(size).fill(null);
    this.workers = [];
    this.maxKept = 10000;
    this.streamed = 0;
    this.shown = shown;
    for (let i = 0; i < size; ++i) {
      const w = new Worker('worker.js');
      w.onmessage = (e) => this.onEvents(i, JSON.parse(e.data));
      w.onerror = (e) => this.fail(`solver worker ${i} failed: ${e.message || 'crashed'}`);
      w.postMessage(JSON.stringify({ ...request, shard: i, shards: size }));
      this.workers.push(w);
    }
  }

  onEvents(i, events) {
    if (!this.workers.length) return;
    for (const ev of events) {
      if (ev.type === 'progress') {
        this.progress[i] = ev;
        const sum = (k) => this.progress.reduce((s, p) => s + (p ? p[k] : 0), 0);
        this.post([{ type: 'progress', id: this.id, nodes: sum('nodes'), tries: sum('tries'),
          count: sum('count'), workers: this.workers.length,
          elapsed_ms: Date.now() - this.started }]);
      } else if (ev.type === 'solution') {
        if (++this.streamed > this.shown && this.streamed <= this.maxKept) {
          this.post([{ type: 'solution', id: this.id, tiles: ev.tiles }]);
        }
      } else if (ev.type === 'done') {
        this.results[i] = ev.result;
        if (this.results.every((r) => r)) this.finish(false);
      } else if (ev.type === 'error') {
        this.fail(ev.message);
      }
    }
  }

  merged(cancelled) {
    const done = this.results.filter((r) => r);
    const first = done[0] || { rows: 0, cols: 0, nodes_per_depth: [] };
    const perDepth = first.nodes_per_depth.map((_, d) => done.reduce((s, r) => s + r.nodes_per_depth[d], 0));
    const tagged = done.flatMap((r) => r.solutions);
    tagged.sort((a, b) => a.prefix - b.prefix || a.index - b.index);
    const solutions = tagged.slice(0, this.maxKept).map((s) => ({ tiles: s.tiles }));
    solutions.sort(solutionLess);
    const count = done.reduce((s, r) => s + r.count, 0);
    // Every solution its own board (no look-alike tiles): the boards add up like the counts.
    const unique = done.length > 0 && done.every((r) => r.boards_are_solutions);
    // Identical tiles searched as kinds: each board is found once, in one shard: they add up.
    const counted = done.length > 0 && done.every((r) => r.boards_counted);
    const keysKnown = unique || counted ||
      (done.length === this.results.length && done.every((r) => r.pattern_keys));
    const distinct = unique ? count : counted ? done.reduce((s, r) => s + r.distinct_boards, 0)
      : keysKnown ? new Set(done.flatMap((r) => r.pattern_keys)).size
        : Math.max(0, ...done.map((r) => r.distinct_boards));
    const listed = done.reduce((s, r) => s + (r.listed ?? r.count), 0);
    return {
      rows: first.rows, cols: first.cols, count, distinct_boards: distinct,
      distinct_boards_complete: keysKnown,
      complete: !cancelled && done.length === this.results.length && done.every((r) => r.complete),
      nodes: done.reduce((s, r) => s + r.nodes, 0), tries: done.reduce((s, r) => s + r.tries, 0),
      nodes_per_depth: perDepth, max_depth: perDepth.reduce((m, v, d) => (v ? d : m), 0),
      elapsed_ms: Date.now() - this.started, solutions, solutions_truncated: listed > solutions.length,
      workers: this.results.length,
    };
  }

  stop() { for (const w of this.workers) w.terminate(); this.workers = []; }

  finish(cancelled) {
    const result = this.merged(cancelled);
    this.stop();
    this.post([cancelled ? { type: 'done', id: this.id, cancelled: true, result } : { type: 'done', id: this.id, result }]);
  }

  fail(message) {
    if (!this.workers.length) return;
    this.stop();
    this.post([{ type: 'error', id: this.id, message }]);
  }
}
