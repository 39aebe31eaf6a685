// The one place the view gets a win probability: the core's calibrated
// function (core's winprob, fitted on real games), through its wasm binding.
// Returns the side to move's probability (0..1) of an estimate, or null when
// this build has no calibration: then no number is shown at all.
export function winProbability(wasm, result, state) {
  if (typeof result.winprob === 'number') return result.winprob;
  if (result.estimate === undefined || !state) return null;
  if (typeof wasm.winProbability === 'function') return wasm.winProbability(result.estimate, state.position);
  return null;
}
