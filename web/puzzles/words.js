// @ts-check
// The puzzles page's words: the themes (computed by the miner,
// core/puzzles/puzzle.h) and the escalating hints (the theme, then the
// marble, then the ring). Pure, tested under node.
import { COLOR_NAMES } from '../play/model.js';

const THEMES = {
  isolation: 'isolation (cut rings off to capture them)',
  'forced-capture': 'a forced capture (a placement that makes the opponent capture)',
  zugzwang: 'zugzwang (every placement of the opponent hands over a capture)',
  'multi-jump': 'a multiple jump',
  'race-white': 'the race to a set of white marbles',
  'race-grey': 'the race to a set of grey marbles',
  'race-black': 'the race to a set of black marbles',
  'race-each': 'the race to a set of each colour',
  'last-ring': 'taking the last ring',
};

/** @param {string[]} themes */
export function themeWords(themes) {
  const words = themes.map((t) => THEMES[t] || t);
  return words.length ? `Theme: ${words.join('; ')}` : 'No theme';
}

/**
 * Hint `level` (1: theme, 2: the marble, 3: the ring) for the move to find
 * (a legal move of the core's state, or undefined when none is known): its
 * words, the ring to highlight and the pool colour to highlight.
 * @param {string[]} themes @param {import('../core/wasm-core.js').Move|undefined} m @param {number} level
 * @returns {{text: string, cell?: string, marble?: string}}
 */
export function hintText(themes, m, level) {
  if (level <= 1 || !m) return { text: `${themeWords(themes)}.` };
  if (m.k === 'capture') {
    const from = /** @type {string} */ (m.from), path = /** @type {string[]} */ (m.path);
    return level === 2 ? { text: `Capture with the marble on ${from}.`, cell: from } : { text: `Capture with the marble on ${from}, jumping to ${path[0]}.`, cell: path[0] };
  }
  if (m.k === 'pass') return { text: 'Pass.' };
  const c = /** @type {string} */ (m.c), color = COLOR_NAMES[c];
  return level === 2 ? { text: `Place a ${color} marble.`, marble: c } : { text: `Place a ${color} marble on ${m.to}.`, cell: m.to, marble: c };
}
