// @ts-check
// The player's puzzle rating and the choice of the next puzzle (pure but for
// the storage it is given; tested under node).
//
// Elo against the puzzle's rating: a try scores 1 when solved with at most
// the theme hint, 0.5 when solved after the marble hint, 0 when missed or
// solved after the ring hint. K is 40 for the first 10 tries, then 24, so a
// new player finds their level quickly. Each puzzle moves the rating once,
// on its first result.

export const START_RATING = 1300;
const SEEN_KEPT = 400;  // the ids of the latest tries, not offered again soon

/** @typedef {{rating: number, tries: number, streakBest: number, seen: string[]}} Profile */

/** @param {number} player @param {number} puzzle @param {number} score 0, 0.5 or 1 @param {number} tries before this one */
export function nextRating(player, puzzle, score, tries) {
  const expected = 1 / (1 + 10 ** ((puzzle - player) / 400));
  return Math.round(player + (tries < 10 ? 40 : 24) * (score - expected));
}

/** @param {boolean} solved @param {number} hints how many hints were shown (theme, marble, ring) */
export const tryScore = (solved, hints) => (!solved || hints >= 3 ? 0 : hints === 2 ? 0.5 : 1);

/**
 * The profile kept in `storage` (localStorage), a fresh one when it is
 * missing or unreadable.
 * @param {Storage|null} storage @returns {Profile}
 */
export function loadProfile(storage) {
  const fresh = { rating: START_RATING, tries: 0, streakBest: 0, seen: [] };
  try {
    const p = JSON.parse((storage && storage.getItem('zertz-puzzles')) || 'null');
    if (!p || !Number.isFinite(p.rating) || !Number.isFinite(p.tries) || !Array.isArray(p.seen)) return fresh;
    return { rating: p.rating, tries: p.tries, streakBest: Number(p.streakBest) || 0, seen: p.seen.filter((s) => typeof s === 'string') };
  } catch {
    return fresh;
  }
}

/** @param {Storage|null} storage @param {Profile} p */
export function saveProfile(storage, p) {
  p.seen = p.seen.slice(-SEEN_KEPT);
  try { if (storage) storage.setItem('zertz-puzzles', JSON.stringify(p)); } catch { /* private mode: the rating lasts the visit */ }
}

/**
 * A puzzle near `target`: of those not in `seen` (all when every one is),
 * one of the `spread` closest in rating, picked by `random` (0..1).
 * @template {{id: string, rating: number}} P
 * @param {P[]} puzzles @param {number} target @param {Iterable<string>} seen @param {() => number} random @param {number} [spread]
 * @returns {P}
 */
export function choosePuzzle(puzzles, target, seen, random, spread = 8) {
  const skip = new Set(seen);
  const fresh = puzzles.filter((p) => !skip.has(p.id));
  const pool = (fresh.length ? fresh : puzzles).slice().sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target));
  return pool[Math.floor(random() * Math.min(spread, pool.length))];
}

// Streak mode: the n-th puzzle of a streak (from 0) aims this high, from
// the easiest puzzles up, so a streak gets harder as it goes.
/** @param {number} lowest @param {number} n */
export const streakTarget = (lowest, n) => lowest + 60 * n;
