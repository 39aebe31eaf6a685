// Shared set-up for the browser tests: serve build/site with
// scripts/serve.mjs on a free port and drive Debian's chromium through
// playwright-core. Not a test itself (no .test.js). A test whose site,
// playwright-core or Chromium is missing is skipped (exit 77), saying which.
'use strict';
const path = require('path');
const fs = require('fs');
const { spawn } = require('child_process');
const { sourceDir, need, nativeZertz } = require('../prerequisites');

const site = path.join(sourceDir, 'build/site');
const shots = path.join(sourceDir, 'build/screenshots');
const CHROMIUM = '/usr/bin/chromium';
const PLAYWRIGHT = path.join(sourceDir, 'node_modules/playwright-core');

// Skips the test unless the built site (default build/site), playwright-core
// and Chromium are all here; call it before anything is checked.
function prerequisites(root = site) {
  need(path.join(root, 'index.html'), 'the built site', "run 'make site'");
  need(PLAYWRIGHT, 'playwright-core', "run 'bash scripts/setup.sh'");
  need(CHROMIUM, 'Chromium', "run 'bash scripts/setup.sh'");
}

// Serves a built site (default build/site) with scripts/serve.mjs on a free port.
function startServer(root = site) {
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`${root} not built: run 'make site'`);
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(sourceDir, 'scripts/serve.mjs'), root, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/[^ ]+:(\d+)\//.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}/`, stop: () => proc.kill() });
    });
    proc.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

// No wait in a browser test has a clock: every page and context waits as
// long as it takes (Playwright's timeout 0), so a loaded machine makes a test
// slower, never red. A test that hangs is ended by CTest's TIMEOUT for the
// browser tests (tests/CMakeLists.txt), a hang net far above any real run.
// Each page action is logged to stderr as it starts ("[12.3 s] click
// [data-testid=review]"), so the output of a test that hung (shown by CTest
// on a timeout) ends with the action it was waiting in.
const started = Date.now();
const TRACED = ['goto', 'click', 'dblclick', 'fill', 'press', 'check', 'selectOption', 'waitForSelector', 'waitForFunction', 'evaluate', 'screenshot'];
function traced(page) {
  if (page.traced) return page;  // browser.newPage goes through context.newPage
  page.traced = true;
  for (const name of TRACED) {
    const action = page[name].bind(page);
    page[name] = (...args) => {
      const what = typeof args[0] === 'function' ? args[0].toString() : JSON.stringify(args[0]);
      process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${name} ${(what || '').replace(/\s+/g, ' ').slice(0, 120)}\n`);
      return action(...args);
    };
  }
  return page;
}

async function launch() {
  const { chromium } = require(PLAYWRIGHT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const newPage = browser.newPage.bind(browser), newContext = browser.newContext.bind(browser);
  browser.newPage = async (...options) => {
    const page = await newPage(...options);
    page.setDefaultTimeout(0);
    page.setDefaultNavigationTimeout(0);
    return traced(page);
  };
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    context.setDefaultTimeout(0);
    context.setDefaultNavigationTimeout(0);
    const contextPage = context.newPage.bind(context);
    context.newPage = async () => traced(await contextPage());
    return context;
  };
  return browser;
}

// Opens the page and collects page errors, console errors and warnings (a
// test fails on any).
async function openPage(browser, url, viewport = { width: 1280, height: 860 }) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') page.errors.push(`${m.type()}: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return page;
}

const texts = (page, sel) => page.$$eval(sel, (es) => es.map((e) => e.textContent));
const cells = (page, sel) => page.$$eval(sel, (es) => es.map((e) => e.dataset.cell).sort());

// Waits for the next animation frame so batched redraws are in the DOM.
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// A placement by clicks: the colour from the pool, the ring, the ring removed.
async function place(page, colour, to, rm) {
  await page.click(`[data-pool="${colour}"]`);
  await settle(page);
  await page.click(`[data-cell="${to}"]`);
  await settle(page);
  await page.click(`[data-cell="${rm}"]`);
}

// Waits for the hints panel to answer: an element matches `selector`, or
// the panel says the hints failed (reported with what the hint box showed).
async function waitForHints(page, selector) {
  const box = () => page.evaluate(() => {
    const text = (sel) => { const e = document.querySelector(sel); return e ? e.textContent : null; };
    const v = document.querySelector('[data-testid="position-value"]');
    return { value: text('[data-testid="position-value"]'), note: text('[data-testid="hints-note"]'), attrs: v ? { ...v.dataset } : null,
      message: text('[data-testid="message"]') };
  }).catch((e) => ({ unreadable: e.message }));
  try {
    await page.waitForFunction((sel) => {
      const note = document.querySelector('[data-testid="hints-note"]');
      return (note && note.textContent.startsWith('Hints unavailable')) || !!document.querySelector(sel);
    }, selector);
  } catch (e) {
    throw new Error(`no hint answer (${selector}): ${e.message.split('\n')[0]}; the hint box showed ${JSON.stringify(await box())}; page errors: ${page.errors}`);
  }
  const seen = await box();
  if (seen.note && seen.note.startsWith('Hints unavailable')) throw new Error(`the hints failed: ${JSON.stringify(seen)}; page errors: ${page.errors}`);
}

// Holds the page's table requests until release() is called. A review's
// fresh workers first read the tables' headers, so a held review cannot end:
// what a test checks during a review stays there, however loaded the machine.
async function holdTables(page) {
  let release;
  const held = new Promise((r) => { release = r; });
  const tables = /\/tables\//;
  await page.context().route(tables, async (route) => { await held; await route.continue().catch(() => {}); });
  return async () => { release(); await page.context().unroute(tables); };
}

// Imports a record through the page's Import dialog (on phones, from the
// bottom bar's menu). allowDamaged, when given, sets the dialog's "import
// the replayable part of a damaged record" box.
async function importText(page, text, { allowDamaged } = {}) {
  if (await page.isVisible('[data-testid="import"]')) await page.click('[data-testid="import"]');
  else {
    await page.click('[data-testid="step-menu"]');
    await page.click('[data-menu-action="import"]');
  }
  await page.fill('[data-testid="import-text"]', text);
  if (allowDamaged !== undefined) await page.setChecked('#dlg-import [name="allow-damaged"]', allowDamaged);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
}

let failures = 0;
function check(cond, message) {
  if (!cond) { failures++; console.error(`FAIL: ${message}`); }
  return cond;
}

// Runs body(ctx) with server, browser and helpers; exits non-zero on failure.
async function run(name, body) {
  prerequisites();
  let server, browser;
  try {
    server = await startServer();
    browser = await launch();
    fs.mkdirSync(shots, { recursive: true });
    await body({ url: server.url, browser, shots });
  } catch (e) {
    failures++;
    console.error(`FAIL: ${name}: ${e.stack || e}`);
  } finally {
    if (browser) await browser.close();
    if (server) server.stop();
  }
  if (failures) { console.error(`${name}: ${failures} failure(s)`); process.exit(1); }
  console.log(`${name}: ok`);
}

module.exports = { sourceDir, prerequisites, nativeZertz, startServer, launch, run, openPage, texts, cells, settle, place, check, waitForHints, holdTables, importText };
