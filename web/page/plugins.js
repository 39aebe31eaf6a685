// Feature modules loaded after the board is playable (paths from page/app.js)
// Each exports install(ctx) with ctx = {wasm, model, board,
// controller, on, emit, slot, params, names() (as the player cards show
// them; 'players' is emitted when they change), outcome() (describe.js
// gameOutcome of the game shown)}: subscribe to 'position' to compute,
// and to 'drawn' to set data attributes on board.ringElement(cell) (rings
// are rebuilt on every redraw) or draw into board.overlayLayer() (kept
// across redraws; the module owns its content), and put panel content into `slot`
// (#hint-slot in the side panel). Add a path here to enable a module.
export const plugins = ['../hints/hints.js', '../review/review.js'];
