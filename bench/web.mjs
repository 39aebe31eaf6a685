// Implementation of bench/web.sh; see there. Prints one line per figure.
import { spawnSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = process.env.ZERTZ_BIN || path.join(root, 'build/native/zertz');
const reps = Number(process.env.REPS || 7);
// Enters the first offered move by clicks (selectors re-resolved after each
// redraw), until the move list grows.
async function humanMove(page, n) {
  const count = () => page.$$eval('[data-testid="move"]', (e) => e.length);
  const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (let step = 0; step < 30 && await count() === n; ++step) {
    await frame();
    if (await count() !== n) break;
    if (await page.$('[data-cell][data-legal]:not([data-chosen])')) await page.click('[data-cell][data-legal]:not([data-chosen])');
    else if (await page.$('[data-pool], [data-own]')) await page.click('[data-pool], [data-own]');
    else if (await page.isVisible('[data-testid="pass"]')) await page.click('[data-testid="pass"]');
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

// Seconds fn takes to run (its result is dropped; closures keep what they need).
const seconds = (fn) => { const t = process.hrtime.bigint(); fn(); return Number(process.hrtime.bigint() - t) / 1e9; };

// 1. Same bench, native then wasm, alternating, best of `reps` each.
const M = await require(path.join(root, 'build/wasm/zertz.js'))({ wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/zertz.wasm')) });
const nat = [], wasm = [];
let sigN = '', sigW = '';
for (let i = 0; i < reps; ++i) {
  nat.push(seconds(() => { sigN = spawnSync(bin, ['bench', '3']).stdout.toString().trim(); }));
  wasm.push(seconds(() => { sigW = M.benchSignature(3); }));
}
// The process start is part of the native time; measure it to subtract.
const startup = [];
for (let i = 0; i < reps; ++i) startup.push(seconds(() => spawnSync(bin, ['bench', '0'])));  // rejected at once
const natBest = Math.min(...nat) - Math.min(...startup), wasmBest = Math.min(...wasm);
if (sigN !== sigW) console.log(`SIGNATURE MISMATCH native '${sigN}' wasm '${sigW}'`);
console.log(`bench depth 3: native ${natBest.toFixed(3)} s, wasm (node ${process.version}) ${wasmBest.toFixed(3)} s, ratio wasm/native ${(wasmBest / natBest).toFixed(2)} (target <= 1.1)`);

// 2./3. In Chromium against the served site.
const site = path.join(root, 'build/site');
// zertz.wasm and every script the game page can load: the root's and the feature
// folders' (web/*/), but not the puzzles, rules and lessons pages' own modules (make-site.sh says why).
const scripts = fs.readdirSync(site, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(tables|lessons|puzzles|learn)\//.test(f));
const size = ['zertz.wasm', ...scripts].reduce((s, f) => s + fs.statSync(path.join(site, f)).size, 0);
console.log(`download: the game's zertz.wasm + JS = ${(size / 1024).toFixed(1)} KB before gzip (target <= 500 KB)`);
// playwright-core first: a missing one stops the benchmark before anything starts.
const { chromium } = require(path.join(root, 'node_modules/playwright-core'));
const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), site, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const stopServer = (e) => { server.kill(); throw e; };
const url = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => { out += d; const m = /:(\d+)\//.exec(out); if (m) resolve(`http://127.0.0.1:${m[1]}/`); });
  server.on('exit', (code) => reject(new Error(`bench/web.mjs: the static server stopped (exit ${code}) before serving`)));
}).catch(stopServer);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] }).catch(stopServer);
try {
  // Five navigations, each in a fresh context (nothing cached); `readyAt` reads
  // the page's time of readiness, in ms since its navigation began.
  const coldLoads = async (address, readyAt) => {
    const loads = [];
    for (let i = 0; i < 5; ++i) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(address);
      await page.waitForSelector('body[data-ready]');
      loads.push(await readyAt(page));
      await ctx.close();
    }
    return `median ${median(loads).toFixed(0)} ms, max ${Math.max(...loads).toFixed(0)} ms over ${loads.length}`;
  };
  const gameLoads = await coldLoads(`${url}?p0=human&p1=human`, (page) => page.evaluate(() => performance.getEntriesByName('zertz-ready')[0].startTime));
  console.log(`navigation to playable board (cold cache, localhost): ${gameLoads} (target <= 1000 ms)`);
  // The puzzles page is ready once its whole puzzle file is read and a puzzle shown.
  const puzzleLoads = await coldLoads(`${url}puzzles.html`, async (page) => {
    const error = await page.textContent('[data-testid="puzzle-error"]');
    if (error) throw new Error(`bench/web.mjs: puzzles page: ${error}`);
    return page.evaluate(() => performance.now());
  });
  const puzzleFile = fs.readFileSync(path.join(site, 'puzzles/puzzles.jsonl'), 'utf8').split('\n').filter((l) => l).length;
  console.log(`navigation to the puzzles page's first puzzle (cold cache, localhost, ${puzzleFile} puzzles): ${puzzleLoads}`);

  // The same bench inside Chromium (its V8 may differ from node's).
  {
    const page = await browser.newPage();
    await page.goto(`${url}?p0=human&p1=human`);
    await page.waitForSelector('body[data-ready]');
    // Wasm and native alternate, so a change of load falls on both.
    await page.evaluate(async () => { window.benchModule = await createZertz(); });  // eslint-disable-line no-undef
    const times = [], nat2 = [];
    for (let i = 0; i < reps; ++i) {
      times.push(await page.evaluate(() => {
        const t = performance.now();
        window.benchModule.benchSignature(3);
        return (performance.now() - t) / 1000;
      }));
      nat2.push(seconds(() => spawnSync(bin, ['bench', '3'])));
    }
    const n2 = Math.min(...nat2) - Math.min(...startup);
    console.log(`bench depth 3 in Chromium: wasm ${Math.min(...times).toFixed(3)} s, native ${n2.toFixed(3)} s, ratio ${(Math.min(...times) / n2).toFixed(2)} (target <= 1.1)`);
    await page.close();
  }

  // Engine replies at the default level after human moves, from the start
  // and from a middle-game position. Reduced motion: the reply would
  // otherwise also wait for the human move's animation.
  const level = M.defaultLevel();
  const replies = [];
  for (const moves of ['', 'Wd4,d7 Bf2,e6 Bb4,f5 Gc5,a1 Wc2,g1 Ge3,a2']) {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.goto(`${url}?p0=human&p1=engine:${level}&moves=${encodeURIComponent(moves)}`);
    await page.waitForSelector('body[data-ready]');
    for (let k = 0; k < 3; ++k) {
      const n = await page.$$eval('[data-testid="move"]', (e) => e.length);
      await page.waitForFunction(() => document.querySelector('[data-testid="status"]').dataset.step);
      await humanMove(page, n);
      const t0 = Date.now();
      await page.waitForFunction((m) => document.querySelectorAll('[data-testid="move"]').length >= m + 2 ||
        document.querySelector('[data-testid="status"]').dataset.over !== undefined, n, { timeout: 60000 });
      replies.push(Date.now() - t0);
      if (await page.getAttribute('[data-testid="status"]', 'data-over') !== null) break;
    }
    await page.close();
  }
  console.log(`engine reply at default level ${level} in the worker: median ${median(replies)} ms, max ${Math.max(...replies)} ms over ${replies.length} replies (target <= 1000 ms)`);
} finally {
  await browser.close();
  server.kill();
}
