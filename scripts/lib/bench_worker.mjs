// Shared pieces of the WebAssembly-vs-native benchmark scripts: the app's solver worker
// driven directly from a page, the CPU time of this script's Chromium processes (and of their
// worker threads alone), and native
// commands timed by /usr/bin/time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// One worker kept for the whole run; requests one at a time, events collected in the page.
export async function startWorker(page) {
  await page.evaluate(() => {
    globalThis.benchWorker = new Worker('worker.js');
    globalThis.benchEvents = [];
    globalThis.benchWorker.onmessage = (e) => {  // each event stamped with its arrival time
      const at = performance.now();
      globalThis.benchEvents.push(...JSON.parse(e.data).map((ev) => ({ ...ev, at })));
    };
  });
  await ask(page, { id: 0, type: 'ping' }, (e) => e.type === 'pong');
}

// Sends a request and resolves with all events once `until` holds for one of its events.
export async function ask(page, request, until = (e) => e.type === 'done' || e.type === 'error', timeout = 900000) {
  return page.evaluate(({ request, until, timeout }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const test = new Function('e', `return (${until})(e);`);
    globalThis.benchEvents = [];
    globalThis.benchWorker.postMessage(JSON.stringify(request));
    const poll = () => {
      const hit = globalThis.benchEvents.find((e) => e.id === request.id && test(e));
      if (hit) return resolve({ events: globalThis.benchEvents.slice(), ms: performance.now() - t0, t0 });
      if (performance.now() - t0 > timeout) return reject(new Error('timeout: ' + JSON.stringify(request)));
      setTimeout(poll, 5);
    };
    poll();
  }), { request, until: until.toString(), timeout });
}

// CPU milliseconds used so far by this script's descendants (Chromium's processes): all of
// them (total) and the worker threads' alone (worker: threads named "DedicatedWorker", from
// /proc/PID/task/TID/stat), so the page's own work can be told from the solver's.
function statCpuMs(file) {
  const stat = fs.readFileSync(file, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10 };  // utime + stime, 100 ticks/s
}
export function browserCpu() {
  const parent = new Map(), cpu = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = statCpuMs(`/proc/${d}/stat`);
      parent.set(Number(d), s.parent);
      cpu.set(Number(d), s.ms);
    } catch (e) { /* gone */ }
  }
  let total = 0, worker = 0;
  for (const [pid, ms] of cpu) {
    let p = pid;
    while (p > 1 && p !== process.pid) p = parent.get(p) ?? 0;
    if (p !== process.pid || pid === process.pid) continue;
    total += ms;
    try {
      for (const t of fs.readdirSync(`/proc/${pid}/task`))
        if (fs.readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').startsWith('DedicatedWorker'))
          worker += statCpuMs(`/proc/${pid}/task/${t}/stat`).ms;
    } catch (e) { /* gone */ }
  }
  return { total, worker };
}
export const browserCpuMs = () => browserCpu().total;

// The largest peak resident size (VmHWM, MiB) among this script's Chromium processes.
export function peakRssMiB() {
  let peak = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      let p = Number(d);
      while (p > 1 && p !== process.pid) p = statCpuMs(`/proc/${p}/stat`).parent;
      if (p !== process.pid || Number(d) === process.pid) continue;
      const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${d}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Math.round(Number(m[1]) / 1024));
    } catch (e) { /* gone */ }
  }
  return peak;
}

export async function withCpu(work) {
  const c0 = browserCpu();
  const r = await work();
  const c1 = browserCpu();
  return { ...r, cpu_ms: c1.total - c0.total, worker_cpu_ms: c1.worker - c0.worker };
}

// Runs a native command under /usr/bin/time: its output, exit status, wall and CPU seconds.
export function timed(command, argv, env = {}) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', command, ...argv],
    { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 26 });
  const [wall, user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { stdout: r.stdout, status: r.status, wall_s: wall, cpu_s: user + sys };
}

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
export const sum = (xs) => xs.reduce((a, b) => a + b, 0);
