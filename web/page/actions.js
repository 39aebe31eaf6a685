// @ts-check
// What the page's buttons and keys do: new games (from the URL, the dialog,
// a rematch), import and export, stepping through the game, copying.
import { emit, on } from './events.js';
import { $ } from './dom.js';
import { parseParams, buildParams, SetupDialog } from './setup.js';
import { RecordDialogs, copyText } from './records.js';
import { installKeys, keysHelp } from './keys.js';
import { resultWords } from '../play/movelist.js';
/** @typedef {import('./app.js').App} App */

// Starts cfg's game and returns '', or the core's error; on an error the
// game and players stay as they were.
/** @param {App} app */
function tryGame(app, cfg, extra = {}) {
  const before = { config: app.config, players: app.ctl.players };
  app.config = cfg;  // set first: the 'position' handlers read them
  app.ctl.setPlayers(cfg.players);
  const err = app.model.newGame(cfg.marbles, cfg.layout, extra);
  if (err) {
    app.config = before.config;
    app.ctl.setPlayers(before.players);
  }
  return err;
}

/** @param {App} app */
function startGame(app, cfg, extra = {}) {
  const err = tryGame(app, cfg, extra);
  if (err) emit('message', { text: err, kind: 'error' });
  return !err;
}

// The link reproduces the game: set-up plus moves, or the start position
// when it is not the standard one (imported or &position= games).
/** @param {App} app */
function shareParams(app) {
  const s = app.model.state;
  const fresh = app.core.fresh(s.marbles, s.layout);
  const standard = !!fresh && fresh.position === s.start;
  const cfg = { ...app.config, layout: s.layout, marbles: s.marbles };
  return buildParams(cfg, { position: standard ? '' : s.start, moves: s.moves.join(' ') });
}

// URL set-up; bad parameters are named in the message, defaults used. A
// game the URL cannot hold (a damaged or illegal link, or one with a bad
// parameter) is refused, and the saved game (`saved`: start/start.js)
// comes back in its place: a link never costs the game in progress.
// A valid link of another game than the saved one replaces it only when
// `mayReplace(saved, search)` says so (start/start.js asks the player).
/** @param {App} app @param {string|null} saved @param {(saved: string, search: string) => boolean} mayReplace */
export function startFromUrl(app, saved, mayReplace) {
  const { model, core } = app;
  let params = parseParams(location.search, core.defaultLevel());
  const load = () => {
    if (!app.engine) params.config.players = params.config.players.map(() => ({ kind: 'human' }));
    app.config = params.config;
    app.ctl.setPlayers(app.config.players);
    return model.newGame(app.config.marbles, app.config.layout, { position: params.position, moves: params.moves });
  };
  const err = load();
  if (err) params.errors.push(`URL: ${err}`);
  let errors = params.errors, restored = false;
  const refused = err || (params.moves && errors.length);
  const restoreSaved = () => {
    params = parseParams(`?${saved}`, core.defaultLevel());
    restored = !load();
    if (restored) history.replaceState(null, '', `?${saved}`);
    return restored;
  };
  if (saved && `?${saved}` !== location.search) {
    if (refused && restoreSaved()) errors = [`${errors.join('; ')}. The link was refused; your last game is back.`];
    else if (!refused && !mayReplace(saved, location.search)) restoreSaved();
  }
  if (err && !restored) model.newGame(app.config.marbles, app.config.layout);
  if (errors.length) emit('message', { text: errors.join('; '), kind: 'error' });
  if (!app.engine) emit('message', { text: 'This build has no engine: both sides are human.', kind: 'info', append: true });
}

// "Imported: Bob resigned — Ann wins (Ann – Bob, 34 moves)", in the names
// the cards now show; the result first, where a narrow screen shows it.
/** @param {App} app */
function importedMessage(app, res) {
  const names = app.names(), moves = app.model.tree.mainLine().length;
  const result = resultWords(app.model.tree.meta, names) || 'unfinished';
  const damaged = res.damaged ? `; damaged record, legal part loaded: ${res.summary}` : '';
  return `Imported: ${result} (${names[0]} – ${names[1]}, ${moves} move${moves === 1 ? '' : 's'})${damaged}`;
}

/** @param {App} app */
function recordDialogs(app) {
  return new RecordDialogs($('#dlg-import'), $('#dlg-export'), app.model, {
    onImported: (res) => {
      const tag = (k) => (res.tags && res.tags[k]) || '';
      app.config = { ...app.config, players: [{ kind: 'human', name: tag('Player0') }, { kind: 'human', name: tag('Player1') }] };
      app.ctl.setPlayers(app.config.players);
      emit('players', {});
      emit('message', { text: importedMessage(app, res), kind: res.damaged ? 'error' : 'info' });
    },
    tags: () => ({ Player0: app.names()[0], Player1: app.names()[1] }),
    // A bare move list (the core reads it), between two people.
    moveList: (text, layout, marbles) => {
      const err = tryGame(app, { layout, marbles, players: [{ kind: 'human' }, { kind: 'human' }] }, { moves: text });
      if (!err) emit('message', { text: `Imported a move list: ${app.model.state.moves.length} moves on the ${layout}-ring board, ${marbles} marbles.`, kind: 'info' });
      return err;
    },
  });
}

// The actions by name (buttons' data-action, keys.js, the result banner).
/** @param {App} app */
function actionTable(app, setup, records) {
  const { ctl, model } = app;
  const end = () => model.ply + model.state.future.length;
  const copied = (ok, yes, no) => emit('message', { text: ok ? yes : no, kind: 'info' });
  return {
    new: () => setup.open(app.config, !!app.engine),
    undo: () => ctl.undo(),
    redo: () => ctl.redo(),
    first: () => ctl.gotoPly(0),
    back: () => ctl.gotoPly(model.ply - 1),
    forward: () => ctl.gotoPly(model.ply + 1),
    last: () => ctl.gotoPly(end()),
    up: () => ctl.sibling(-1) || ctl.gotoPly(0),
    down: () => ctl.sibling(+1) || ctl.gotoPly(end()),
    import: () => records.openImport(),
    export: () => records.openExport(),
    stop: () => ctl.stop(),
    resume: () => ctl.resume(),
    pass: () => ctl.play('-'),
    'copy-position': async () => copied(await copyText(model.state.position, $('#position-string')), 'Position string copied.', 'Select the position string and copy it.'),
    'copy-link': async () => copied(await copyText(location.href), 'Link to this game copied.', location.href),
    cancel: () => { app.input.clear(); app.redraw(); },
    color: (key) => app.chooseColor(key.toUpperCase()),  // W, G or B; the key may be lower case
    coords: () => { const b = $('#show-coords'); b.checked = !b.checked; b.dispatchEvent(new Event('change')); },
    menu: () => app.toggleMenu(),
    'mark-prev': () => emit('review-step', { dir: -1 }),  // the review plugin's (review.js)
    'mark-next': () => emit('review-step', { dir: 1 }),
    help: keysHelp($('#dlg-keys')),
  };
}

// Sets app.start, app.shareParams, app.rename and app.actions, and wires
// every [data-action] button outside the dialogs, the keys and the move entry.
/** @param {App} app */
export function installActions(app) {
  app.start = (cfg, extra) => startGame(app, cfg, extra);
  app.shareParams = () => shareParams(app);
  app.rename = (p, name) => { app.ctl.players[p].name = name || ''; emit('players', {}); app.redraw(); };
  const setup = new SetupDialog($('#dlg-new'), (cfg) => app.start(cfg), (layout) => app.core.fresh('standard', layout));
  const actions = app.actions = actionTable(app, setup, recordDialogs(app));
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-action]')))
    if (!b.closest('dialog')) b.addEventListener('click', () => actions[b.dataset.action]());
  $('#show-coords').addEventListener('change', (ev) => document.body.classList.toggle('coords', /** @type {HTMLInputElement} */ (ev.target).checked));
  $('.move-entry').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const field = $('#move-input');
    if (!app.ctl.humanToMove()) { emit('message', { text: 'It is not a human player’s turn.', kind: 'error', input: true }); return; }
    if (!app.ctl.play(field.value)) field.value = '';
  });
  installKeys(actions);
  on('keys-help', () => actions.help());  // the hints' help popover's entry (hints/panel.js)
}
