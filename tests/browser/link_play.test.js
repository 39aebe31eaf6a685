// Play a friend by link, no server (web/link/): Ann starts from the start
// screen, moves, and sends the link; Bob opens it on his device, sees her
// move, answers and sends his link back; Ann's page shows both moves and
// lets her move again. A tampered link (an illegal move, an unknown board)
// is refused naming what is wrong, and Ann's game comes back; a link of
// another game asks before it replaces hers, and keeps hers when she says no.
'use strict';
const { run, settle, place, check } = require('./browser_util');

const moves = (page) => page.$$eval('[data-testid="move"]', (es) => es.length);
const link = (page) => page.inputValue('[data-testid="share-link-url"]');
const message = (page) => page.textContent('[data-testid="message"]');

async function open(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.dialogs = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => { page.dialogs.push(d.message()); d.dismiss(); });  // "Cancel"
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return page;
}

run('play a friend by link', async ({ url, browser }) => {
  const ann = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const bob = await browser.newContext({ viewport: { width: 390, height: 844 } });

  // Ann: the start screen's "by link", her move, the link offered.
  let a = await open(ann, url);
  await a.click('[data-testid="start-link"]');
  await settle(a);
  check(await a.getAttribute('[data-testid="share-link"]', 'data-waiting') === 'false', 'a game by link starts on Ann\'s turn');
  await place(a, 'W', 'd4', 'a1');
  await a.waitForFunction(() => document.querySelector('[data-testid="share-link"]').dataset.waiting === 'true');
  const toBob = await link(a);
  check(/p0=friend/.test(toBob) && /p1=human/.test(toBob) && /moves=Wd4%2Ca1/.test(toBob), `the link holds the move, Bob as the second player: ${toBob}`);
  await a.click('[data-cell="c3"]');
  await settle(a);
  check(await moves(a) === 1, 'Ann cannot play Bob\'s move on her device');

  // Bob: her move on his board, his answer, his link.
  const b = await open(bob, toBob);
  check(await moves(b) === 1, 'Bob sees Ann\'s move');
  check(await b.getAttribute('[data-testid="share-link"]', 'data-waiting') === 'false', 'and it is his turn');
  await place(b, 'G', 'c3', 'g1');
  await b.waitForFunction(() => document.querySelector('[data-testid="share-link"]').dataset.waiting === 'true');
  const toAnn = await link(b);
  check(/p0=human/.test(toAnn) && /p1=friend/.test(toAnn) && /moves=Wd4%2Ca1\+Gc3%2Cg1/.test(toAnn), `Bob's link back: ${toAnn}`);

  // Ann opens it: her game goes on, no question asked.
  await a.close();
  a = await open(ann, toAnn);
  check(a.dialogs.length === 0, `the link of her own game asks nothing: ${a.dialogs}`);
  check(await moves(a) === 2 && await a.getAttribute('[data-testid="share-link"]', 'data-waiting') === 'false', 'Ann sees both moves, her turn');
  await a.close();

  // Tampered links: refused with the reason; Ann's game comes back.
  const tampered = [
    [toAnn.replace('Gc3%2Cg1', 'Gz9%2Cg1'), /^URL: moves: move 2: move 'Gz9,g1': .* The link was refused; your last game is back\.$/],
    [toAnn.replace('p1=friend', 'p1=frend'), /^URL parameter p1: expected human, friend .*got 'frend'\. The link was refused/],
  ];
  for (const [bad, why] of tampered) {
    a = await open(ann, bad);
    const said = await message(a);
    check(why.test(said), `a tampered link is refused naming what is wrong: '${said}'`);
    check(await moves(a) === 2, `Ann's game is kept after '${said}'`);
    await a.close();
  }

  // A link of another game asks first (after the core found it valid); "Cancel" keeps Ann's.
  a = await open(ann, toAnn.replace(/moves=[^&]*/, 'moves=Bd4%2Ca1'));
  check(a.dialogs.length === 1 && /another game/.test(a.dialogs[0]), `another game's link asks: ${a.dialogs}`);
  check(await moves(a) === 2 && /Wd4/.test(await a.textContent('[data-testid="moves"]')), 'Cancel keeps Ann\'s game');
  check(a.errors.length === 0 && b.errors.length === 0, `no page errors: ${a.errors} ${b.errors}`);
  await ann.close();
  await bob.close();
});
