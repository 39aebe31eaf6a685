// @ts-check
// A tiny publish/subscribe hub shared by the view modules.
//
// Events (detail objects are plain data):
//   'position'  {state, cause}   after every change of the game; cause: move,
//                                step (one move forward), goto, new, import,
//                                tree (promote, delete); state is the wasm
//                                core's JSON view (see model.js)
//   'selection' {cells}          the input step changed (board re-highlights)
//   'engine'    {thinking, side} engine started or stopped thinking
//   'message'   {text, kind, append, input}  a user-facing note ('error' |
//                                'info'); append: add to an error on show, not
//                                replace it; input: it answers the player's
//                                input (a click that did nothing, a move box's
//                                error), and goes when the input changes
//   'input'     {}               the player's input went on (a marble chosen,
//                                a ring chosen): an input message is stale
//   'drawn'     {state}          after every board redraw (batched per frame);
//                                rings are rebuilt, so per-ring data attributes
//                                from overlays (hints) are re-applied here
//   'ready'     {}               the board is drawn and playable (once)
//   'move-hover' {move, node, el}|null  a move in the list (its element el) is hovered or focused
//                                (move: canonical text; node: its tree node)
//   'review-request' {}          start the game review (the result banner's
//                                button, like data-testid="review")
//   'keys-help' {}               open the keyboard help (keys.js)
//   'hints'     {state, result}  the hints shown now (result null when off)
// Later modules (hints) subscribe here instead of patching other modules.
const handlers = new Map();

export function on(name, fn) {
  if (!handlers.has(name)) handlers.set(name, new Set());
  handlers.get(name).add(fn);
  return () => handlers.get(name).delete(fn);
}

export function emit(name, detail) {
  for (const fn of handlers.get(name) || []) {
    try { fn(detail); } catch (e) { console.error(`handler for '${name}' failed`, e); }
  }
}
