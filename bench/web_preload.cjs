// Time to a playable board with and without the preloads of index.html
// (the core and every module app.js imports), from one run: a copy of
// build/site with the preload links stripped is served beside it and the
// two are loaded alternately, each in a fresh context (cold cache).
// Usage: node bench/web_preload.cjs [LOADS]  (after make site)
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer } = require('../tests/browser/browser_util');

const root = path.resolve(__dirname, '..');
const loads = Number(process.argv[2] || 8);

(async () => {
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'zertz-site-'));
  fs.cpSync(path.join(root, 'build/site'), plain, { recursive: true });
  const index = path.join(plain, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/<link rel="(module)?preload"[^>]*>\n?/g, ''));
  const A = await startServer(plain), B = await startServer(path.join(root, 'build/site'));
  const { chromium } = require(path.join(root, 'node_modules/playwright-core'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const times = { without: [], with: [] };
  for (let i = 0; i < loads; ++i) {
    for (const [key, server] of [['without', A], ['with', B]]) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(`${server.url}?p0=human&p1=human`);
      await page.waitForSelector('body[data-ready]');
      times[key].push(await page.evaluate(() => performance.getEntriesByName('zertz-ready')[0].startTime));
      await ctx.close();
    }
  }
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  console.log(`playable board, cold cache, ${loads} loads each, load average ${os.loadavg()[0].toFixed(1)}: ` +
    `with preloads median ${median(times.with).toFixed(0)} ms, without ${median(times.without).toFixed(0)} ms`);
  await browser.close();
  A.stop(); B.stop();
  fs.rmSync(plain, { recursive: true, force: true });
})().catch((e) => { console.error(e); process.exit(1); });
