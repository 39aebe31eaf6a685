// @ts-check
// The explorer's counts as the panel shows them (pure, tested under node):
// a move's games, wins and losses under the people/robots filter, and the
// win bar's shares. Wins and losses are the side to move's; the other games
// are draws or have no result.
/** @typedef {import('../core/wasm-core.js').Triple} Triple */

/**
 * @param {{people: Triple, robots: Triple}} m @param {string} filter 'all', 'people' or 'robots'
 * @returns {Triple} games, wins, losses
 */
export function countsFor(m, filter) {
  if (filter === 'people') return m.people;
  if (filter === 'robots') return m.robots;
  return /** @type {Triple} */ (m.people.map((n, i) => n + m.robots[i]));
}

/**
 * The win bar: [class, share of the games] for wins, the rest, losses.
 * @param {Triple} c @returns {[string, number][]}
 */
export function shares([games, wins, losses]) {
  const g = Math.max(1, games);
  return [['bar-win', wins / g], ['bar-other', (games - wins - losses) / g], ['bar-loss', losses / g]];
}

/** @param {Triple} c @param {string} mover the side to move's name */
export function resultTip([games, wins, losses], mover) {
  const other = games - wins - losses;
  return `${mover}: ${wins} won, ${losses} lost${other ? `, ${other} drawn or unfinished` : ''} of ${games} game${games === 1 ? '' : 's'}`;
}
