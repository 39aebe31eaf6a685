// @ts-check
// Feature modules loaded after the board is playable (paths from page/app.js)
// Each exports install(ctx) with ctx = {core (core/wasm-core.js), model, board,
// controller, on, emit, slot, params, names() (as the player cards show
// them; 'players' is emitted when they change), outcome() (describe.js
// gameOutcome of the game shown)}: subscribe to 'position' to compute,
// and to 'drawn' to set data attributes on board.ringElement(cell) (rings
// are rebuilt on every redraw) or draw into board.overlayLayer() (kept
// across redraws; the module owns its content), and put panel content into `slot`
// (#hint-slot in the side panel). Add a path here to enable a module.
/**
 * What a plugin's install(ctx) gets.
 * @typedef {Object} PluginContext
 * @property {import('../core/wasm-core.js').Core} core
 * @property {import('../play/model.js').Model} model
 * @property {import('../play/board.js').Board} board
 * @property {import('../play/controller.js').Controller} controller
 * @property {typeof import('./events.js').on} on
 * @property {typeof import('./events.js').emit} emit
 * @property {HTMLElement} slot
 * @property {URLSearchParams} params
 * @property {() => string[]} names
 * @property {() => ReturnType<typeof import('../play/describe.js').gameOutcome>} outcome
 */
export const plugins = ['../hints/hints.js', '../review/review.js', '../explorer/explorer.js', '../link/link.js', '../clock/clock.js', '../sound/sound.js'];
