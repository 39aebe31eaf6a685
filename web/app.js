// Entry: loads the wasm core, builds the modules and wires them together.
// Everything with behaviour lives in the modules; this file only connects
// events to views. document.body.dataset.ready is set once the board is
// playable (used by tests and the load-time benchmark).
/* global createZertz */
import { on, emit } from './events.js';
import { $ } from './dom.js';
import { Model } from './model.js';
import { Board } from './board.js';
import { Input } from './input.js';
import { Engine } from './engine.js';
import { Controller } from './controller.js';
import { renderStatus, renderPool, renderPlayers } from './panel.js';
import { MoveList } from './movelist.js';
import { playerNames, moveSubject, describeMove, describeIsolation } from './describe.js';
import { Animator } from './anim.js';
import { flash } from './flash.js';
import { ResultBanner } from './banner.js';
import { installMoveHover } from './movehover.js';
import { parseParams, buildParams, SetupDialog } from './setup.js';
import { RecordDialogs, copyText } from './records.js';
import { installKeys } from './keys.js';
import { plugins } from './plugins.js';

async function main() {
  const wasm = await createZertz();
  performance.mark('zertz-wasm');  // the core is ready (bench/web.mjs splits the load time here)
  const model = new Model(wasm);
  const engine = model.hasEngine ? new Engine('worker.js') : null;
  const ctl = new Controller(model, engine);
  const input = new Input();
  let config;
  let thinking = false;
  let frame = 0;

  let lastPrev = null;  // the position before the last move, when it was just played
  const board = new Board($('#board'), (cell) => clickCell(cell));
  const animator = new Animator(board, (p) => $(`[data-player="${p}"] [data-testid="captures"]`));
  board.onSkip = () => animator.skip();
  ctl.settled = () => animator.idle();
  // Any click or key ends a running animation at once.
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => animator.skip(), true);

  // Every click on the board is answered: a step, a move, or why not.
  function clickCell(cell) {
    if (model.state.over) return emit('message', { text: 'The game is over: start a new game or a rematch.', kind: 'info' });
    if (!ctl.humanToMove()) return emit('message', { text: `It is ${names()[model.state.turn]}’s turn${thinking ? ': it is thinking' : ''}.`, kind: 'info' });
    const r = input.clickCell(model.state, cell);
    if (r.move) { ctl.play(r.move); return; }
    if (r.note) {
      emit('message', { text: r.note, kind: 'info' });
      if (r.flash === 'pool') flash($('#pool'));
      if (r.flash === 'own') flash($(`[data-player="${model.state.turn}"] [data-testid="captures"]`));
    }
    redraw();
  }
  function chooseColor(c) {
    if (!ctl.humanToMove()) return emit('message', { text: model.state.over ? 'The game is over.' : 'Wait for your turn.', kind: 'info' });
    if (!input.chooseColor(model.state, c)) {
      const i = 'WGB'.indexOf(c);
      const why = model.state.forcedCapture ? 'a capture is compulsory this turn'
        : model.state.fromCaptures ? `you have no ${['white', 'grey', 'black'][i]} captured marble to place`
          : `the pool has no ${['white', 'grey', 'black'][i]} marble left`;
      emit('message', { text: `You cannot place ${['white', 'grey', 'black'][i]}: ${why}.`, kind: 'info' });
    }
    redraw();
  }
  const names = () => playerNames(ctl.players);
  // A capture tray is a choice only when its owner must place from it.
  function trayClicked(p, c) {
    const s = model.state, n = s.caps[p]['WGB'.indexOf(c)];
    const whose = names()[p] === 'You' ? 'your' : `${names()[p]}’s`;
    const why = s.over ? 'the game is over' : s.turn !== p ? `it is not ${names()[p] === 'You' ? 'your' : `${names()[p]}’s`} turn`
      : !s.fromCaptures ? 'captured marbles are placed only when the pool is empty' : n ? 'a capture is compulsory' : `there is no ${['white', 'grey', 'black']['WGB'.indexOf(c)]} one`;
    emit('message', { text: `That is ${whose} captured ${['white', 'grey', 'black']['WGB'.indexOf(c)]}: ${why}.`, kind: 'info' });
  }
  const banner = new ResultBanner($('#banner-slot'), {
    rematch: () => start({ ...config, players: config.players.map((p) => ({ ...p })) }),
    swap: () => start({ ...config, players: [config.players[1], config.players[0]].map((p) => ({ ...p })) }),
    review: () => emit('review-request', {}),
    export: () => actions.export(),
  });

  const moveList = new MoveList($('.moves-box'), {
    goto: (node) => ctl.gotoNode(node),
    promote: (node) => model.promote(node),
    remove: (node) => model.remove(node),
    hover: (node) => emit('move-hover', node ? { move: node.move, node } : null),
  });

  // Rings the last move took away, drawn as faint outlines until the next.
  function removedByLast(state) {
    const m = state.last;
    if (!m || m.k !== 'place') return [];
    return [...(m.rm ? [m.rm] : []), ...state.isolated.map((i) => i.n)];
  }

  function draw() {
    frame = 0;
    const state = model.state;
    const human = ctl.humanToMove();
    const opts = human ? input.options(state) : { cells: new Set(), removable: new Set(), colors: new Set(), pass: false };
    const ghost = input.target && input.color ? { cell: input.target, color: input.color } : null;
    board.render(state, { clickable: opts.cells, removable: opts.removable, chosen: input.chosen(), ghost, last: state.last, removedOutline: removedByLast(state) });
    const ctx = {
      names: names(), players: ctl.players, thinking, colors: opts.colors, humanTurn: human, chosenColor: input.color, onColor: chooseColor,
      step: input.step(state), stepText: input.stepText(state), onRename: rename, onTray: trayClicked,
      lastText: state.last ? describeMove(state.last, state, lastPrev, moveSubject(ctl.players, 1 - state.turn)) : '',
      meta: model.tree.meta, endOfMain: !state.future.length && model.tree.isMain(model.node),
    };
    renderStatus($('[data-testid="status"]'), state, ctx);
    renderPool($('#pool'), state, ctx);
    renderPlayers($('#players'), state, ctx);
    banner.render(state, ctx.names);
    moveList.render(model);
    $('[data-testid="undo"]').disabled = state.moves.length === 0;
    $('[data-testid="redo"]').disabled = state.future.length === 0;
    $('[data-testid="pass"]').classList.toggle('hidden', !(human && opts.pass));
    $('[data-testid="resume"]').classList.toggle('hidden', !ctl.waitingToResume() || thinking);
    $('[data-testid="thinking"]').dataset.active = String(thinking);
    $('[data-testid="import"]').disabled = !model.hasRecords;
    $('[data-testid="export"]').disabled = !model.hasRecords;
    $('[data-testid="position-string"]').value = state.position;
    emit('drawn', { state });  // overlays re-apply their ring attributes here
    if (!document.body.dataset.ready) {
      document.body.dataset.ready = '1';
      performance.mark('zertz-ready');  // navigation -> playable board (bench/web.mjs)
      setTimeout(() => emit('ready', {}), 0);
    }
  }
  const redraw = () => { if (!frame) frame = requestAnimationFrame(draw); };

  // The last move in words (the colours a jump took need the position
  // before it), and its animation after the board shows the new position.
  let prevState = model.state;
  // The position before a capture reached by navigation (the core replays it).
  function stateBefore(state) {
    if (!state.last || state.last.k !== 'capture') return null;
    const g = new wasm.Game();
    try {
      return g.setPosition(state.start) || g.playMoves(state.moves.slice(0, -1).join(' ')) ? null : JSON.parse(g.state());
    } finally { g.delete(); }
  }
  on('position', ({ state, cause }) => {
    input.clear();
    const mover = 1 - state.turn;  // turns alternate: the last move's side
    const played = cause === 'move' || cause === 'step';
    lastPrev = played ? prevState : stateBefore(state);
    if (played && state.isolated.length)
      emit('message', { text: `Isolated: ${describeIsolation(state, names()[mover])}.`, kind: 'info' });
    if (cause !== 'paused') history.replaceState(null, '', '?' + shareParams());
    if (played) {
      cancelAnimationFrame(frame);
      draw();
      animator.play(prevState, state);
    } else {
      animator.skip();
      redraw();
    }
    prevState = state;
  });
  on('engine', (e) => {
    thinking = e.thinking;
    $('[data-testid="thinking"]').dataset.active = String(thinking);  // at once, not next frame
    redraw();
  });
  // A message replaces the one shown, except that start-up errors (bad URL
  // parameters, a feature module that failed to load) are kept together:
  // `append` adds to an error on show instead of hiding it.
  on('message', ({ text, kind, append }) => {
    const m = $('[data-testid="message"]');
    const keep = append && m.dataset.kind === 'error' && m.textContent;
    m.textContent = keep ? `${m.textContent}; ${text}` : text;
    m.dataset.kind = keep ? 'error' : kind;
  });

  // The link reproduces the game: set-up plus moves, or the start position
  // when it is not the standard one (imported or &position= games).
  function shareParams() {
    const s = model.state;
    const probe = new wasm.Game();
    const standard = !probe.newGame(s.marbles, s.layout) && probe.positionString() === s.start;
    probe.delete();
    const cfg = { ...config, layout: s.layout, marbles: s.marbles };
    return buildParams(cfg, { position: standard ? '' : s.start, moves: s.moves.join(' ') });
  }

  function start(cfg, extra = {}) {
    const before = { config, players: ctl.players };
    config = cfg;  // set first: the 'position' handlers read them
    ctl.setPlayers(cfg.players);
    const err = model.newGame(cfg.marbles, cfg.layout, extra);
    if (err) {
      config = before.config;
      ctl.setPlayers(before.players);
      emit('message', { text: err, kind: 'error' });
    }
    return !err;
  }

  // URL set-up; bad parameters are named in the message, defaults used.
  const params = parseParams(location.search, wasm.defaultLevel());
  if (!engine) params.config.players = params.config.players.map(() => ({ kind: 'human' }));
  config = params.config;
  ctl.setPlayers(config.players);
  let err = model.newGame(config.marbles, config.layout, { position: params.position, moves: params.moves });
  if (err) {
    params.errors.push(`URL: ${err}`);
    model.newGame(config.marbles, config.layout);
  }
  if (params.errors.length) emit('message', { text: params.errors.join('; '), kind: 'error' });
  if (!engine) emit('message', { text: 'This build has no engine: both sides are human.', kind: 'info', append: true });

  const layoutState = (layout) => {
    const g = new wasm.Game();
    try { return g.newGame('standard', layout) ? null : JSON.parse(g.state()); } finally { g.delete(); }
  };
  const setup = new SetupDialog($('#dlg-new'), (cfg) => start(cfg), layoutState);
  const records = new RecordDialogs($('#dlg-import'), $('#dlg-export'), model, {
    onImported: (res) => {
      const tag = (k) => (res.tags && res.tags[k]) || '';
      config = { ...config, players: [{ kind: 'human', name: tag('Player0') }, { kind: 'human', name: tag('Player1') }] };
      ctl.setPlayers(config.players);
      emit('message', { text: `Imported: ${res.summary}${res.damaged ? ' (damaged record: legal part loaded)' : ''}`, kind: res.damaged ? 'error' : 'info' });
    },
    tags: () => ({ Player0: playerLabel(0), Player1: playerLabel(1) }),
  });
  const playerLabel = (i) => names()[i];
  function rename(p, name) {
    ctl.players[p].name = name || '';
    redraw();
  }

  const actions = {
    new: () => setup.open(config, !!engine),
    undo: () => ctl.undo(),
    redo: () => ctl.redo(),
    first: () => ctl.gotoPly(0),
    back: () => ctl.gotoPly(model.game.ply() - 1),
    forward: () => ctl.gotoPly(model.game.ply() + 1),
    last: () => ctl.gotoPly(model.game.ply() + model.state.future.length),
    up: () => ctl.sibling(-1) || ctl.gotoPly(0),
    down: () => ctl.sibling(+1) || ctl.gotoPly(model.game.ply() + model.state.future.length),
    import: () => records.openImport(),
    export: () => records.openExport(),
    stop: () => ctl.stop(),
    resume: () => ctl.resume(),
    pass: () => ctl.play('-'),
    'copy-position': async () => emit('message', { text: (await copyText(model.state.position, $('#position-string'))) ? 'Position string copied.' : 'Select the position string and copy it.', kind: 'info' }),
    'copy-link': async () => emit('message', { text: (await copyText(location.href)) ? 'Link to this game copied.' : location.href, kind: 'info' }),
    cancel: () => { input.clear(); redraw(); },
    color: (c) => chooseColor(c),
    coords: () => { const b = $('#show-coords'); b.checked = !b.checked; b.dispatchEvent(new Event('change')); },
  };
  for (const b of document.querySelectorAll('[data-action]'))
    if (!b.closest('dialog')) b.addEventListener('click', () => actions[b.dataset.action]());
  $('#show-coords').addEventListener('change', (ev) => document.body.classList.toggle('coords', ev.target.checked));
  $('.move-entry').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const field = $('#move-input');
    if (!ctl.humanToMove()) { emit('message', { text: 'It is not a human player’s turn.', kind: 'error' }); return; }
    if (!ctl.play(field.value)) field.value = '';
  });
  installKeys(actions);
  installMoveHover(wasm, model, board);
  redraw();
  // Offline once loaded (not on file:// or where service workers are off).
  if ('serviceWorker' in navigator && location.protocol.startsWith('http'))
    navigator.serviceWorker.register('sw.js').catch(() => {});
  const ctx = { wasm, model, board, controller: ctl, on, emit, slot: $('#hint-slot'), params: new URLSearchParams(location.search) };
  for (const path of plugins) {
    try { (await import(path)).install(ctx); } catch (e) { emit('message', { text: `Could not load ${path}: ${e.message}`, kind: 'error', append: true }); }
  }
}

main().catch((e) => {
  const s = document.querySelector('[data-testid="status"]');
  if (s) s.textContent = `Could not start: ${e.message || e}`;
  console.error(e);
});
