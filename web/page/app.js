// Entry: loads the wasm core, builds the modules and wires them together.
// Everything with behaviour lives in the modules; this file only connects
// them through `app`, the page's shared parts:
//   page/view.js     draw / redraw: board, panels, banner, move list
//   page/clicks.js   clicks on the board, the pool and the trays
//   page/listeners.js   a new position, the engine, messages
//   page/actions.js  buttons and keys, new games, import and export
// document.body.dataset.ready is set once the board is playable (used by
// tests and the load-time benchmark).
/* global createZertz */
import { on, emit } from './events.js';
import { $ } from './dom.js';
import { Model } from '../play/model.js';
import { Board } from '../play/board.js';
import { Input } from '../play/input.js';
import { Engine } from '../play/engine.js';
import { Controller } from '../play/controller.js';
import { MoveList } from '../play/movelist.js';
import { playerNames, gameOutcome } from '../play/describe.js';
import { Animator } from '../play/anim.js';
import { ResultBanner } from '../play/banner.js';
import { installMoveHover } from '../play/movehover.js';
import { installView } from './view.js';
import { installClicks } from './clicks.js';
import { installEvents } from './listeners.js';
import { installActions, startFromUrl } from './actions.js';
import { installStepBar } from './stepbar.js';
import { plugins } from './plugins.js';

// The board, its animations, the result banner and the move list.
function buildViews(app) {
  const { model, ctl } = app;
  app.board = new Board($('#board'), (cell) => app.clickCell(cell));
  app.animator = new Animator(app.board, (p) => $(`[data-player="${p}"] [data-testid="captures"]`));
  app.board.onSkip = () => app.animator.skip();
  ctl.settled = () => app.animator.idle();
  // Any click or key ends a running animation at once.
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => app.animator.skip(), true);
  app.banner = new ResultBanner($('#banner-slot'), {
    rematch: () => app.start({ ...app.config, players: app.config.players.map((p) => ({ ...p })) }),
    swap: () => app.start({ ...app.config, players: [app.config.players[1], app.config.players[0]].map((p) => ({ ...p })) }),
    review: () => emit('review-request', {}),
    export: () => app.actions.export(),
  });
  const headers = new WeakMap();  // the core's reading of each record's header
  app.moveList = new MoveList($('.moves-box'), {
    goto: (node) => ctl.gotoNode(node),
    promote: (node) => model.promote(node),
    remove: (node) => model.remove(node),
    hover: (node) => emit('move-hover', node ? { move: node.move, node } : null),
    header: (meta) => {
      if (!headers.has(meta)) headers.set(meta, JSON.parse(app.wasm.recordHeader(meta.date || '', meta.event || '', meta.player0 || '', meta.player1 || '')));
      return headers.get(meta);
    },
  });
}

async function loadPlugins(app) {
  const ctx = { wasm: app.wasm, model: app.model, board: app.board, controller: app.ctl, on, emit, slot: $('#hint-slot'),
    params: new URLSearchParams(location.search), names: app.names, outcome: app.outcome };
  for (const path of plugins) {
    try { (await import(path)).install(ctx); } catch (e) { emit('message', { text: `Could not load ${path}: ${e.message}`, kind: 'error', append: true }); }
  }
}

async function main() {
  const wasm = await createZertz();
  performance.mark('zertz-wasm');  // the core is ready (bench/web.mjs splits the load time here)
  const model = new Model(wasm);
  const engine = model.hasEngine ? new Engine() : null;
  const app = { wasm, model, engine, ctl: new Controller(model, engine), input: new Input(), thinking: false, lastPrev: null };
  // The names the player cards show, used in every message; how the game shown ended.
  app.names = () => playerNames(app.ctl.players);
  app.outcome = () => gameOutcome(model.state, model.tree.meta, !model.state.future.length && model.tree.isMain(model.node));
  buildViews(app);
  installView(app);
  installClicks(app);
  installEvents(app);
  installActions(app);
  installStepBar(app);
  startFromUrl(app);
  installMoveHover(wasm, model, app.board);
  app.redraw();
  // Offline once loaded (not on file:// or where service workers are off).
  if ('serviceWorker' in navigator && location.protocol.startsWith('http'))
    navigator.serviceWorker.register('sw.js').catch(() => {});
  await loadPlugins(app);
}

main().catch((e) => {
  const s = document.querySelector('[data-testid="status"]');
  if (s) s.textContent = `Could not start: ${e.message || e}`;
  console.error(e);
});
