// @ts-check
// Lessons: the annotated tutorial records (copied into lessons/ by
// scripts/make-site.sh, listed in lessons/index.json) played step by step
// with their comments. The core reads the record (recordToTree keeps the
// comments) and plays every move; this page only shows states.
//
// Test hooks: data-testid="lesson-list" (one button per lesson, with
// data-lesson), "lesson-move", "lesson-comment", "lesson-step",
// "lesson-next", "lesson-back", "lesson-error"; the board's data-cell rings.
import { Core } from '../core/wasm-core.js';
import { Board } from '../play/board.js';
import { describeMove, namesOrDefault } from '../play/describe.js';

const $ = (s) => document.querySelector(s);

// The main line of a game tree: [{move, comment}] after the root's comment.
function mainLine(tree) {
  const steps = [{ move: '', comment: tree.root.comment || '' }];
  for (let n = tree.root.children && tree.root.children[0]; n; n = n.children && n.children[0])
    steps.push({ move: n.move, comment: n.comment || '' });
  return steps;
}

class Lesson {
  constructor(core, tree) {
    this.steps = mainLine(tree);
    const meta = tree.meta || {};
    this.names = namesOrDefault([meta.player0, meta.player1]);
    this.game = core.game();
    const v = meta.variant || {};
    const err = meta.start ? this.game.setPosition(meta.start) : this.game.newGame(v.marbles || 'standard', v.layout || '37');
    if (err) throw new Error(`the lesson's start: ${err}`);
    this.states = [this.game.state()];
  }

  // The state after step i (played on demand, in order).
  state(i) {
    while (this.states.length <= i) {
      const step = this.steps[this.states.length];
      const err = this.game.play(step.move);
      if (err) throw new Error(`move ${this.states.length} (${step.move}): ${err}`);
      this.states.push(this.game.state());
    }
    return this.states[i];
  }

  dispose() { this.game.free(); }
}

async function main() {
  const core = await Core.load();
  const board = new Board($('#lesson-board'));
  const error = $('[data-testid="lesson-error"]');
  const list = await (await fetch('lessons/index.json')).json();
  let lesson = null, at = 0;

  function show(i) {
    if (!lesson) return;
    at = Math.max(0, Math.min(lesson.steps.length - 1, i));
    const s = lesson.state(at);
    const m = s.last;
    board.render(s, {
      clickable: new Set(), last: at ? m : null,
      removedOutline: at && m && m.k === 'place' ? [...(m.rm ? [m.rm] : []), ...s.isolated.map((x) => x.n)] : [],
    });
    $('[data-testid="lesson-move"]').textContent = at ? `${describeMove(m, s, lesson.state(at - 1), lesson.names[1 - s.turn])}.` : 'The start position.';
    const comment = lesson.steps[at].comment.trim();
    $('[data-testid="lesson-comment"]').textContent = comment && comment !== '.' ? comment : '';
    $('[data-testid="lesson-step"]').textContent = `move ${at} of ${lesson.steps.length - 1}`;
  }

  async function open(item, button) {
    error.textContent = '';
    try {
      const text = await (await fetch(`lessons/${item.file}`)).text();
      const tree = core.recordToTree(text);
      if (tree.error) throw new Error(tree.error);
      if (lesson) lesson.dispose();
      lesson = new Lesson(core, tree);
      for (const b of document.querySelectorAll('[data-lesson]')) b.setAttribute('aria-pressed', String(b === button));
      show(0);
    } catch (e) {
      error.textContent = `${item.title}: ${e.message || e}`;
    }
  }

  const box = $('[data-testid="lesson-list"]');
  for (const item of list) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.lesson = item.file;
    b.textContent = item.title;
    b.addEventListener('click', () => open(item, b));
    box.append(b);
  }
  const steps = { first: () => show(0), back: () => show(at - 1), next: () => show(at + 1), last: () => show(Infinity) };
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-step]'))) b.addEventListener('click', () => steps[b.dataset.step]());
  document.addEventListener('keydown', (ev) => {
    const k = { ArrowLeft: 'back', ArrowRight: 'next', Home: 'first', End: 'last' }[ev.key];
    if (k && !ev.altKey && !ev.ctrlKey && !ev.metaKey) { ev.preventDefault(); steps[k](); }
  });
  if (list.length) await open(list[0], box.firstElementChild);
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  $('[data-testid="lesson-error"]').textContent = `The lessons could not be loaded: ${e.message || e}`;
  document.body.dataset.ready = '1';
});
