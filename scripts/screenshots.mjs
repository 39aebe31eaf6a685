// Renders the README's pictures with Chromium from build/site:
//   docs/images/desktop.png  1280x800, a middle game with hints on the board
//                            and the placement guidance of a chosen marble
//   docs/images/phone.png    390x844 (touch), the same game on a phone
//   docs/images/start-desktop.png, start-phone.png  a first visit's start screen
//   docs/images/light-desktop.png, light-phone.png  the game in the light theme
//                            (the others in the dark one, whatever the system's)
//   docs/images/friend-desktop.png, friend-phone.png  a game by link, the
//                            friend's turn: the link to send under the board
//   docs/images/clock-desktop.png, clock-phone.png  two people on one device
//                            with a 5+3 clock
// Run by `make screenshots` (after make site); `node scripts/screenshots.mjs
// analysis` renders docs/browser.md's hints-*.png and review-*.png instead,
// `puzzles` docs/puzzles.md's puzzles-*.png and docs/explorer.md's explorer-*.png.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const site = path.join(root, 'build/site');
const out = path.join(root, 'docs/images');
if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`${site} not built: run 'make site'`);
fs.mkdirSync(out, { recursive: true });

// A middle game (a legal playout with captures on both sides; white to move).
const MOVES = 'Wa1,f1 Wb1,b5 xa1Wc1 Wc2,d7 xc1Wc3 Wd1,e6 Wd6,a3 Wf4,a2 Gg4,e1 xg4We4 Bc2,b1 xc2Wc4 Bf2,g4 Gc1,f5 Ge2,c6 xe2Bg2';

const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), site, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let buf = '';
  server.stdout.on('data', (d) => { buf += d; const m = /:(\d+)\//.exec(buf); if (m) resolve(`http://127.0.0.1:${m[1]}/`); });
  server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
});
const { chromium } = require(path.join(root, 'node_modules/playwright-core'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function shoot(file, options) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark', ...options });
  const page = await ctx.newPage();
  await page.goto(`${url}?p0=human&p1=engine:3&hints=on&moves=${encodeURIComponent(MOVES)}`);
  await page.waitForSelector('body[data-ready]');
  // Hints on the board (as many as the budget gives), then a chosen marble.
  await page.waitForSelector('[data-hint]', { timeout: 20000 }).catch(() => console.error('screenshots: no hints shown'));
  await page.click('[data-pool="G"]');
  await page.click('[data-cell="d4"]');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(out, file) });
  console.log(`screenshots: ${path.relative(root, path.join(out, file))}`);
  await ctx.close();
}

// A first visit (a fresh context: no saved game) opens the start screen.
async function start(file, options) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark', ...options });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid="start"]');
  await page.screenshot({ path: path.join(out, file) });
  console.log(`screenshots: ${path.relative(root, path.join(out, file))}`);
  await ctx.close();
}

// docs/browser.md's pictures (`node scripts/screenshots.mjs analysis`), kept
// small (scaled down): the game with hints and a previewed hint, and the
// review of a real record (tutorials/lost-opening.sgf) at its decisive move.
async function analysis(name, options) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark', ...options });
  const page = await ctx.newPage();
  await page.goto(`${url}?p0=human&p1=engine:3&hints=on&hintworkers=1&moves=${encodeURIComponent(MOVES)}`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('[data-hint-move]', { timeout: 60000 });
  await page.click('.hints-moves li button');
  await page.screenshot({ path: path.join(out, `hints-${name}.png`) });
  const records = process.env.ZERTZ_RECORDS_DIR || path.join(root, '../shared/records');
  await page.goto(`${url}?p0=human&p1=human&reviewms=400`);
  await page.waitForSelector('body[data-ready]');
  if (await page.isVisible('[data-testid="import"]')) await page.click('[data-testid="import"]');
  else {  // phones: the bottom bar's menu
    await page.click('[data-testid="step-menu"]');
    await page.click('[data-menu-action="import"]');
  }
  await page.fill('[data-testid="import-text"]', fs.readFileSync(path.join(records, 'tutorials/lost-opening.sgf'), 'utf8'));
  await page.click('[data-testid="import-submit"]');
  await page.click('[data-testid="review"]');
  await page.waitForSelector('.review[data-reviewed]', { timeout: 600000 });
  const marked = await page.$('[data-testid="move"][data-mark][data-line="main"]');
  if (marked) await marked.click();
  await page.locator('[data-testid="review-graph"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(out, `review-${name}.png`) });
  console.log(`screenshots: docs/images/hints-${name}.png, review-${name}.png`);
  await ctx.close();
}

// docs/puzzles.md's and docs/explorer.md's pictures (`node scripts/screenshots.mjs
// puzzles`): a puzzle after its first hint, and the explorer's tab after
// the start of a game (with the book `make site` built).
async function puzzles(name, options) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark', ...options });
  const page = await ctx.newPage();
  await page.goto(`${url}puzzles.html#ccffd36efa8e`);
  await page.waitForSelector('body[data-ready]');
  await page.click('[data-testid="puzzle-hint"]');
  await page.click('[data-pool="B"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(out, `puzzles-${name}.png`) });
  await page.goto(`${url}?p0=human&p1=human&hints=on&hintworkers=1`);
  await page.waitForSelector('body[data-ready]');
  await page.click('[data-testid="explorer-toggle"]');
  await page.waitForSelector('[data-testid="explorer-move"]', { timeout: 60000 });
  await page.waitForSelector('.explorer-engine:not(:empty)', { timeout: 30000 }).catch(() => console.error('screenshots: no engine values in the explorer'));
  await page.locator('[data-testid="explorer"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(out, `explorer-${name}.png`) });
  console.log(`screenshots: docs/images/puzzles-${name}.png, explorer-${name}.png`);
  await ctx.close();
}

// Playing people: by link (the friend moves next, so the page offers the
// link), and on one device with a clock.
async function friends(file, query, options) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark', ...options });
  const page = await ctx.newPage();
  await page.goto(`${url}?${query}&moves=${encodeURIComponent(MOVES)}`);
  await page.waitForSelector('body[data-plugins="loaded"]');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(out, file) });
  console.log(`screenshots: ${path.relative(root, path.join(out, file))}`);
  await ctx.close();
}

try {
  if (process.argv[2] === 'puzzles') {
    await puzzles('desktop', { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.6 });
    await puzzles('phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  } else if (process.argv[2] === 'analysis') {
    await analysis('desktop', { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.4 });
    await analysis('phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 0.75 });
    await analysis('landscape', { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 0.5 });
  } else {
    await shoot('desktop.png', { viewport: { width: 1280, height: 800 } });
    await shoot('phone.png', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    await start('start-desktop.png', { viewport: { width: 1280, height: 800 } });
    await start('start-phone.png', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    await shoot('light-desktop.png', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await shoot('light-phone.png', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1, colorScheme: 'light' });
    const desktop = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.6 };
    const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
    await friends('friend-desktop.png', 'p0=friend&p1=human', desktop);
    await friends('friend-phone.png', 'p0=friend&p1=human', phone);
    await friends('clock-desktop.png', 'p0=human&p1=human&clock=5%2B3', desktop);
    await friends('clock-phone.png', 'p0=human&p1=human&clock=5%2B3', phone);
  }
} finally {
  await browser.close();
  server.kill();
}
