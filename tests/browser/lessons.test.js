// Lessons: the tutorial records (copied into the site by make-site.sh)
// read by the core (recordToTree keeps the comments) and played step by
// step with their comments, each move in words.
'use strict';
const { run, openPage, check } = require('./browser_util');

run('lessons', async ({ url, browser }) => {
  const les = await openPage(browser, `${url}lessons.html`);
  check((await les.$$('[data-testid="lesson-list"] button')).length === 4, 'four lessons listed');
  check(await les.textContent('[data-testid="lesson-error"]') === '', `no lesson error: ${await les.textContent('[data-testid="lesson-error"]')}`);
  const comments = [];
  for (let i = 0; i < 8; ++i) {
    await les.click('[data-testid="lesson-next"]');
    comments.push(await les.textContent('[data-testid="lesson-comment"]'));
  }
  check(comments.some((c) => /Gun/.test(c)), `the tutorial's comments are shown: ${comments.filter(Boolean).join(' | ')}`);
  check(/placed (white|grey|black) on [a-g]\d/.test(await les.textContent('[data-testid="lesson-move"]')) ||
    /jumped/.test(await les.textContent('[data-testid="lesson-move"]')), 'each step is written in words');
  check((await les.$$('#lesson-board [data-marble]')).length > 0, 'the board shows the marbles played');
  check(/move 8 of \d+/.test(await les.textContent('[data-testid="lesson-step"]')), 'the step counter follows');
  await les.keyboard.press('ArrowLeft');
  check(/move 7 of/.test(await les.textContent('[data-testid="lesson-step"]')), 'ArrowLeft steps back');
  await les.click('[data-lesson="lost-opening.sgf"]');
  await les.waitForSelector('[data-lesson="lost-opening.sgf"][aria-pressed="true"]');
  check(/move 0 of/.test(await les.textContent('[data-testid="lesson-step"]')) && /lost opening/i.test(await les.textContent('[data-testid="lesson-comment"]')),
    `another lesson opens at its start with its comment: ${await les.textContent('[data-testid="lesson-comment"]')}`);
  check(les.errors.length === 0, `no page errors: ${les.errors}`);
});
