// @ts-check
// The page's answers to the model's and the engine's events: a new
// position (its words, its animation, the shareable URL), the engine
// thinking, and messages.
import { on, emit } from './events.js';
import { $ } from './dom.js';
import { describeIsolation } from '../play/describe.js';
/** @typedef {import('./app.js').App} App */

// The position before a capture reached by navigation (the core replays it),
// for the colours the jump took.
function stateBefore(core, state) {
  return state.last && state.last.k === 'capture' ? core.replay(state.start, state.moves.slice(0, -1)) : null;
}

// The last move in words (the colours a jump took need the position
// before it), and its animation after the board shows the new position.
/** @param {App} app */
function onPosition(app) {
  let prevState = app.model.state;
  return ({ state, cause }) => {
    app.input.clear();
    clearInputMessage();  // its cause is gone with the position
    const mover = 1 - state.turn;  // turns alternate: the last move's side
    const played = cause === 'move' || cause === 'step';
    app.lastPrev = played ? prevState : stateBefore(app.core, state);
    if (played && state.isolated.length)
      emit('message', { text: `Isolated: ${describeIsolation(state, app.names()[mover])}.`, kind: 'info' });
    if (cause !== 'paused') history.replaceState(null, '', '?' + app.shareParams());
    if (played) {
      app.cancelFrame();
      app.draw();
      app.animator.play(prevState, state);
    } else {
      app.animator.skip();
      app.redraw();
    }
    prevState = state;
  };
}

// A message replaces the one shown, except that start-up errors (bad URL
// parameters, a feature module that failed to load) are kept together:
// `append` adds to an error on show instead of hiding it.
function showMessage({ text, kind, append, input }) {
  const m = $('[data-testid="message"]');
  const keep = append && m.dataset.kind === 'error' && m.textContent;
  m.textContent = keep ? `${m.textContent}; ${text}` : text;
  m.dataset.kind = keep ? 'error' : kind;
  m.toggleAttribute('data-input', !!input && !keep);
  // Where the message floats over the board (style.css), it fades after a
  // while: each message starts that time again.
  m.classList.remove('fading');
  void m.offsetWidth;  // a style flush, so the animation starts anew
  m.classList.add('fading');
}

// A message answering the player's input goes when the input goes on or
// the position changes: "First choose a marble" once one is chosen, a move
// box's error once a legal move is played.
function clearInputMessage() {
  const m = $('[data-testid="message"]');
  if (!m.hasAttribute('data-input')) return;
  m.textContent = '';
  m.removeAttribute('data-input');
}

/** @param {App} app */
export function installEvents(app) {
  on('position', onPosition(app));
  on('engine', (e) => {
    app.thinking = e.thinking;
    $('[data-testid="thinking"]').dataset.active = String(app.thinking);  // at once, not next frame
    app.redraw();
  });
  on('message', showMessage);
  on('input', clearInputMessage);
}
