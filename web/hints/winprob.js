// @ts-check
// The one place the view gets a win probability: the core's calibrated
// curve (core/engine/winprob.h, fitted on real games) through the door
// (core/wasm-core.js). Returns the side to move's probability (0..1) of an engine
// estimate, or null when there is none (no estimate, or a build or layout
// without a calibration): then no number is shown at all.
export function winProbability(core, result, state) {
  if (result.estimate === undefined || !state) return null;
  const p = core.winProbability(result.estimate, state.layout);
  return p >= 0 && p <= 1 ? p : null;
}
