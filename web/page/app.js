// @ts-check
// Entry: loads the wasm core, builds the modules and wires them together.
// Everything with behaviour lives in the modules; this file only connects
// them through `app`, the page's shared parts:
//   page/view.js     draw / redraw: board, panels, banner, move list
//   page/clicks.js   clicks on the board, the pool and the trays
//   page/listeners.js   a new position, the engine, messages
//   page/actions.js  buttons and keys, new games, import and export
// document.body.dataset.ready is set once the board is playable (used by
// tests and the load-time benchmark), data-plugins="loaded" once every
// feature module (page/plugins.js) is installed or failed.
import { on, emit } from './events.js';
import { Core } from '../core/wasm-core.js';
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
import { restoreLastGame, savedGame, mayReplace, installStart } from '../start/start.js';

/** @typedef {import('../core/wasm-core.js').GameState} GameState */
/** @typedef {{kind: string, level?: number, name?: string, timeMs?: number}} Player  kind: 'human', 'engine' or 'friend' (a friend who moves elsewhere: web/link/) */
/** @typedef {{layout: string, marbles: string, players: Player[]}} Config  a game's set-up (page/setup.js) */
/**
 * The page's shared parts: created once in main() below; each installer
 * sets the functions it owns (named after each field).
 * @typedef {Object} App
 * @property {import('../core/wasm-core.js').Core} core  the door into the wasm core
 * @property {import('../play/model.js').Model} model
 * @property {import('../play/engine.js').Engine|null} engine  null in a build without one
 * @property {import('../play/controller.js').Controller} ctl
 * @property {import('../play/input.js').Input} input
 * @property {boolean} thinking  the engine is thinking (listeners.js)
 * @property {GameState|null} lastPrev  the position before the last move, for its words (listeners.js)
 * @property {Config} config  the game's set-up (actions.js)
 * @property {() => string[]} names  the names the player cards show
 * @property {() => ReturnType<typeof gameOutcome>} outcome  how the game shown ended, or null
 * @property {Board} board  buildViews
 * @property {Animator} animator  buildViews
 * @property {ResultBanner} banner  buildViews
 * @property {MoveList} moveList  buildViews
 * @property {() => void} draw  now (view.js)
 * @property {() => void} redraw  at the next frame, once (view.js)
 * @property {() => void} cancelFrame  view.js
 * @property {(cell: string) => void} clickCell  clicks.js
 * @property {(color: string) => void} chooseColor  clicks.js
 * @property {(player: number, color: string) => void} trayClicked  clicks.js
 * @property {(cfg: Config, extra?: {position?: string, moves?: string}) => boolean} start  actions.js
 * @property {() => string} shareParams  actions.js
 * @property {(player: number, name: string) => void} rename  actions.js
 * @property {Object<string, Function>} actions  by name (actions.js)
 * @property {() => void} toggleMenu  the phone bar's menu (stepbar.js)
 */

// The board, its animations, the result banner and the move list.
/** @param {App} app */
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
  // A review is analysis: the result has been read, the board is the work.
  on('review-request', () => app.banner.close(model.state));
  const headers = new WeakMap();  // the core's reading of each record's header
  app.moveList = new MoveList($('.moves-box'), {
    goto: (node) => ctl.gotoNode(node),
    promote: (node) => model.promote(node),
    remove: (node) => model.remove(node),
    hover: (node, el) => emit('move-hover', node ? { move: node.move, node, el } : null),
    header: (meta) => {
      if (!headers.has(meta)) headers.set(meta, app.core.recordHeader(meta));
      return headers.get(meta);
    },
  });
}

/** @param {App} app */
async function loadPlugins(app) {
  /** @type {import('./plugins.js').PluginContext} */
  const ctx = { core: app.core, model: app.model, board: app.board, controller: app.ctl, on, emit, slot: $('#hint-slot'),
    params: new URLSearchParams(location.search), names: app.names, outcome: app.outcome };
  for (const path of plugins) {
    try { (await import(path)).install(ctx); } catch (e) { emit('message', { text: `Could not load ${path}: ${e.message}`, kind: 'error', append: true }); }
  }
  document.body.dataset.plugins = 'loaded';  // every plugin installed or failed (a test hook)
}

async function main() {
  const core = await Core.load();
  performance.mark('zertz-wasm');  // the core is ready (bench/web.mjs splits the load time here)
  const model = new Model(core);
  const engine = model.hasEngine ? new Engine() : null;
  // The other fields are set by buildViews and the installers below.
  const app = /** @type {App} */ ({
    core, model, engine, ctl: new Controller(model, engine), input: new Input(), thinking: false, lastPrev: null,
    // The names the player cards show, used in every message; how the game shown ended.
    names: () => playerNames(app.ctl.players),
    outcome: () => gameOutcome(model.state, model.tree.meta, !model.state.future.length && model.tree.isMain(model.node)),
  });
  buildViews(app);
  installView(app);
  installClicks(app);
  installEvents(app);
  installActions(app);
  installStepBar(app);
  const opened = restoreLastGame();  // before the URL is read: a returning player's game
  startFromUrl(app, savedGame(), mayReplace);
  installStart(app, opened);
  installMoveHover(core, model, app.board);
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
