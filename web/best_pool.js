// Best-board searches (edge.best) over several workers (loaded by worker.js), the way
// `tilewise best --threads N` runs them (src/core/edge/best/best_parallel.cpp): N independent
// searches with seeds S, S+1, ..., S+N-1, nothing shared; the best board wins, ties to the
// lowest seed, so a step budget (max_nodes, per search) gives the CLI's board and score.
// Events are the one-worker ones: an improvement whenever any search beats the pool's best
// (its board, its time since the request), progress with the steps of all searches added up,
// and one done; Cancel (finish(true)) ends every worker at once and answers with the best
// board heard so far.
'use strict';

function bestPoolSize(request) {  // (poolWorkers: edge_pool.js, loaded before this file)
  return request.type === 'edge.best' ? poolWorkers(request) : 1;
}

class BestPool {
  constructor(request, size, post) {
    this.id = request.id;
    this.post = post;
    this.started = Date.now();
    const seed = request.seed !== undefined ? Number(request.seed) : 1;
    this.maxScore = 0;
    this.best = null;          // {score, board, worker} of the pool's best board so far
    this.improvements = [];    // [ms, score] of the pool, as the CLI lists them
    this.nodes = new Array(size).fill(0);
    this.results = new Array(size).fill(null);
    this.workers = [];
    for (let i = 0; i < size; ++i) {
      const w = new Worker('worker.js');
      w.onmessage = (e) => this.onEvents(i, JSON.parse(e.data));
      w.onerror = (e) => this.fail(`best-board worker ${i} failed: ${e.message || 'crashed'}`);
      w.postMessage(JSON.stringify({ ...request, seed: seed + i, workers: 1 }));
      this.workers.push(w);
    }
  }

  elapsed() { return Date.now() - this.started; }

  // A search's board: the pool's best when better (ties: the lower seed's, as the CLI; a
  // search's own last word, its done, replaces its board).
  offer(i, score, board) {
    if (this.best && (score < this.best.score || (score === this.best.score && i > this.best.worker))) return;
    const better = !this.best || score > this.best.score;
    this.best = { score, board, worker: i };
    if (!better) return;
    const ms = this.elapsed();
    this.improvements.push([ms, score]);
    this.post([{ type: 'improvement', id: this.id, score, max_score: this.maxScore, ms, board,
      worker: i, workers: this.workers.length }]);
  }

  onEvents(i, events) {
    if (!this.workers.length) return;
    for (const ev of events) {
      if (ev.type === 'improvement') {
        this.maxScore = ev.max_score;
        this.offer(i, ev.score, ev.board);
      } else if (ev.type === 'progress') {
        this.nodes[i] = ev.nodes;
        const now = Date.now();  // at the pace of one worker's slices, not N times it
        if (now - (this.progressAt ?? 0) < 30) continue;
        this.progressAt = now;
        this.post([{ type: 'progress', id: this.id, nodes: this.nodes.reduce((s, n) => s + n, 0),
          score: this.best ? this.best.score : -1, max_score: this.maxScore, elapsed_ms: this.elapsed(),
          workers: this.workers.length }]);
      } else if (ev.type === 'done') {
        this.results[i] = ev.result;
        this.nodes[i] = ev.result.nodes;
        this.maxScore = ev.result.max_score;
        this.offer(i, ev.result.score, ev.result.board);
        // Every search done, or one has matched every edge (nothing left to better).
        if (this.results.every((r) => r) || ev.result.score >= ev.result.max_score) this.finish(false);
      } else if (ev.type === 'error') {
        this.fail(ev.message);
      }
    }
  }

  stop() { for (const w of this.workers) w.terminate(); this.workers = []; }

  finish(cancelled) {
    if (!this.workers.length) return;
    const size = this.workers.length;
    this.stop();
    const best = this.best || { score: -1, board: [] };
    const result = { score: best.score, max_score: this.maxScore, board: best.board,
      elapsed_ms: this.elapsed(), improvements: this.improvements,
      nodes: this.nodes.reduce((s, n) => s + n, 0), interrupted: cancelled, threads: size,
      workers: size, winner: best.worker ?? 0 };
    this.post([cancelled ? { type: 'done', id: this.id, cancelled: true, result } : { type: 'done', id: this.id, result }]);
  }

  fail(message) {
    if (!this.workers.length) return;
    this.stop();
    this.post([{ type: 'error', id: this.id, message }]);
  }
}
