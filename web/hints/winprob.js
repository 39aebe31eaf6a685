// @ts-check
// The one place the view gets a win probability: the core's calibrated
// model (core/engine/winprob.h, fitted on real games: the score and the
// position's features) through the door (core/wasm-core.js). Returns the side
// to move's probability (0..1) of an engine estimate at state.position, or
// null when there is none (no estimate, or a build without the model): then
// no number is shown at all.
export function winProbability(core, result, state) {
  if (result.estimate === undefined || !state) return null;
  const p = core.winProbability(result.estimate, state.position);
  return p >= 0 && p <= 1 ? p : null;
}
