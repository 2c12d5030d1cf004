// What the browser tests read off the screen as a player would: Debian's tesseract-ocr on a
// screenshot, and the one list of workshop words a player must never meet on a screen
// (first_screen.test.mjs, words.test.mjs). Figures for the curious live behind "Details"
// toggles, which these checks leave closed.
import { execFile, execFileSync } from 'node:child_process';

// Workshop words: the project's own vocabulary, and what reads like a developer's log.
export const WORKSHOP_WORDS = [
  /\bseeds?\b/i, /mock-?up/i, /card format/i, /complement/i, /free border/i, /table sizes?/i,
  /\bMiB\b/, /\bGiB\b/, /\bnodes?\b/i, /solution\(s\)/i, /\b\d+\.\d+\.\d+\b/, /\bv\d+\.\d+/i,
  /tilewise \d/i, /\bpartition/i, /\bworkers?\b/i, /\bM\/s\b/, /\b\d+ ms\b/, /\bIDA\b/,
  /\bdepth\b/i, /lower bound/i, /\bstates\b/i, /\bpattern (data)?bases?\b/i, /\bbudget\b/i,
  /\bjson\b/i, /\berror:/i, /\bnull\b/, /\bundefined\b/, /\bNaN\b/,
];

const tesseractArgs = (file) => [file, '-', '--psm', '11'];
// One thread per OCR: the same text at half the CPU (tesseract's OpenMP threads spin while
// they wait; the browser and the other OCR lane keep the cores busy anyway).
const env = { ...process.env, OMP_THREAD_LIMIT: '1' };

// The text tesseract reads in a PNG file (sparse text: every line it finds, in any order).
export function ocr(file) {
  return execFileSync('tesseract', tesseractArgs(file),
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env });
}

// The same, without blocking: the browser goes on to the next screen meanwhile.
export function ocrLater(file) {
  return new Promise((resolve, reject) => execFile('tesseract', tesseractArgs(file), { encoding: 'utf8', env },
    (err, out) => (err ? reject(err) : resolve(out))));
}

// The workshop words found in `text`, as "word (in: line)" strings.
export function workshopWords(text) {
  const found = [];
  for (const line of text.split('\n'))
    for (const bad of WORKSHOP_WORDS) {
      const m = line.match(bad);
      if (m) found.push(`'${m[0]}' in "${line.trim()}"`);
    }
  return found;
}
