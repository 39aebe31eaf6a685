// @ts-check
// Clicks on the board, the pool and the capture trays: each is answered
// with a step, a move, or why not (in the names the player cards show).
import { emit } from './events.js';
import { $ } from './dom.js';
import { flash } from './flash.js';
import { possessive } from '../play/describe.js';
/** @typedef {import('./app.js').App} App */

const COLOUR_WORDS = { W: 'white', G: 'grey', B: 'black' };

/** @param {App} app */
export function installClicks(app) {
  const { model, ctl, input } = app;
  // Why a click did nothing: it goes once the input goes on (listeners.js).
  const say = (text) => emit('message', { text, kind: 'info', input: true });

  app.clickCell = (cell) => {
    if (app.outcome()) return say('The game is over: start a new game or a rematch.');
    if (!ctl.humanToMove()) return say(`It is ${possessive(app.names()[model.state.turn])} turn${app.thinking ? ': the computer is thinking' : ''}.`);
    const r = input.clickCell(model.state, cell);
    if (r.move) { ctl.play(r.move); return; }
    if (!r.note) emit('input', {});
    else {
      say(r.note);
      if (r.flash === 'pool') flash($('#pool'));
      if (r.flash === 'own') flash($(`[data-player="${model.state.turn}"] [data-testid="captures"]`));
    }
    app.redraw();
  };

  app.chooseColor = (c) => {
    if (!ctl.humanToMove()) return say(model.state.over ? 'The game is over.' : 'Wait for your turn.');
    if (!input.chooseColor(model.state, c)) {
      const colour = COLOUR_WORDS[c];
      const why = model.state.forcedCapture ? 'a capture is compulsory this turn'
        : model.state.fromCaptures ? `you have no ${colour} captured marble to place`
          : `the pool has no ${colour} marble left`;
      say(`You cannot place ${colour}: ${why}.`);
    } else emit('input', {});
    app.redraw();
  };

  // A capture tray is a choice only when its owner must place from it.
  app.trayClicked = (p, c) => {
    const s = model.state, n = s.caps[p]['WGB'.indexOf(c)];
    const whose = possessive(app.names()[p]), colour = COLOUR_WORDS[c];
    const why = s.over ? 'the game is over' : s.turn !== p ? `it is not ${whose} turn`
      : !s.fromCaptures ? 'captured marbles are placed only when the pool is empty' : n ? 'a capture is compulsory' : `there is no ${colour} one`;
    say(`That is ${whose} captured ${colour}: ${why}.`);
  };
}
