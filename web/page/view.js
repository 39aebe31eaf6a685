// @ts-check
// The page's drawing: board, status, pool, player cards, result banner and
// move list, redrawn together once per animation frame. Pure view over the
// model's state; `app` (page/app.js) holds the shared parts.
import { emit } from './events.js';
import { $ } from './dom.js';
import { renderStatus, renderPool, renderPlayers } from '../play/panel.js';
import { moveSubject, describeMove } from '../play/describe.js';
/** @typedef {import('./app.js').App} App */

// Rings the last move took away, drawn as faint outlines until the next.
function removedByLast(state) {
  const m = state.last;
  if (!m || m.k !== 'place') return [];
  return [...(m.rm ? [m.rm] : []), ...state.isolated.map((i) => i.n)];
}

const NO_OPTIONS = { cells: new Set(), removable: new Set(), colors: new Set(), pass: false };

// What the panels need to know about the turn (panel.js renderStatus's ctx).
/** @param {App} app */
function panelContext(app, state, human, opts) {
  const { input, ctl } = app;
  return {
    names: app.names(), players: ctl.players, thinking: app.thinking, waiting: ctl.waitingToResume(), colors: opts.colors, humanTurn: human,
    chosenColor: input.color, onColor: app.chooseColor, step: input.step(state), stepText: input.stepText(state),
    onRename: app.rename, onTray: app.trayClicked,
    lastText: state.last ? describeMove(state.last, state, app.lastPrev, moveSubject(ctl.players, 1 - state.turn)) : '',
    outcome: app.outcome(),
  };
}

/** @param {App} app */
function renderButtons(app, state, human, opts) {
  const { ctl, model } = app;
  $('[data-testid="undo"]').disabled = state.moves.length === 0;
  $('[data-testid="redo"]').disabled = state.future.length === 0;
  $('[data-testid="pass"]').classList.toggle('hidden', !(human && opts.pass));
  $('[data-testid="resume"]').classList.toggle('hidden', !ctl.waitingToResume() || app.thinking);
  $('[data-testid="thinking"]').dataset.active = String(app.thinking);
  $('[data-testid="import"]').disabled = !model.hasRecords;
  $('[data-testid="export"]').disabled = !model.hasRecords;
  $('[data-testid="position-string"]').value = state.position;
}

// Sets app.draw (now) and app.redraw (at the next frame, once).
/** @param {App} app */
export function installView(app) {
  let frame = 0;
  app.draw = () => {
    frame = 0;
    const { model, ctl, input, board } = app;
    const state = model.state;
    const human = ctl.humanToMove() && !app.outcome();  // a record's resignation ends play too
    const opts = human ? input.options(state) : NO_OPTIONS;
    const ghost = input.target && input.color ? { cell: input.target, color: input.color } : null;
    board.render(state, { clickable: opts.cells, removable: opts.removable, chosen: input.chosen(), ghost, last: state.last, removedOutline: removedByLast(state) });
    const ctx = panelContext(app, state, human, opts);
    renderStatus($('[data-testid="status"]'), state, ctx);
    renderPool($('#pool'), state, ctx);
    renderPlayers($('#players'), state, ctx);
    app.banner.render(state, ctx.names, ctx.outcome);
    app.moveList.render(model, ctx.names);
    renderButtons(app, state, human, opts);
    // Overlays re-apply their ring attributes here; `placing` is the chosen
    // colour and ring while the player picks the ring to remove (else null).
    const placing = opts.removable.size ? { color: input.color, target: input.target } : null;
    emit('drawn', { state, placing });
    if (!document.body.dataset.ready) {
      document.body.dataset.ready = '1';
      performance.mark('zertz-ready');  // navigation -> playable board (bench/web.mjs)
      setTimeout(() => emit('ready', {}), 0);
    }
  };
  app.redraw = () => { if (!frame) frame = requestAnimationFrame(app.draw); };
  app.cancelFrame = () => { cancelAnimationFrame(frame); frame = 0; };
}
