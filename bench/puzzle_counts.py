#!/usr/bin/env python3
"""Counts of a puzzle file (docs/puzzles.md): per board, theme and difficulty.

Usage: bench/puzzle_counts.py data/puzzles/puzzles.jsonl
Prints Markdown tables for docs/puzzles.md and bench/puzzles.md. The file is
the miner's output, already checked by its reader; a line that is not JSON
is named and the script stops.
"""
import json
import sys
from collections import Counter

THEMES = ['isolation', 'forced-capture', 'zugzwang', 'multi-jump', 'race-white', 'race-grey',
          'race-black', 'race-each', 'last-ring']
BANDS = [(0, 1200), (1200, 1400), (1400, 1600), (1600, 1800), (1800, 2000), (2000, 2900)]


def main(path):
    puzzles = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                puzzles.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f'{path}: line {n}: not JSON: {e}')
    boards = Counter(' '.join(p['position'].split()[:2]) for p in puzzles)
    themes = Counter(t for p in puzzles for t in p['themes'])
    bands = Counter(next(f'{lo}-{hi - 1}' for lo, hi in BANDS if lo <= p['rating'] < hi) for p in puzzles)
    turns = Counter((p['plies'] + 1) // 2 for p in puzzles)
    found = sum(p['source']['found'] for p in puzzles)
    humans = sum(not p['source']['robots'] for p in puzzles)
    print(f'{len(puzzles)} puzzles; the game\'s player found the win in {found}; {humans} from games between two people.\n')
    print('| board | ' + ' | '.join(boards) + ' |\n|---|' + '---|' * len(boards))
    print('| puzzles | ' + ' | '.join(str(v) for v in boards.values()) + ' |\n')
    print('| theme | ' + ' | '.join(THEMES) + ' |\n|---|' + '---|' * len(THEMES))
    print('| puzzles | ' + ' | '.join(str(themes[t]) for t in THEMES) + ' |\n')
    labels = [f'{lo}-{hi - 1}' for lo, hi in BANDS]
    print('| rating | ' + ' | '.join(labels) + ' |\n|---|' + '---|' * len(labels))
    print('| puzzles | ' + ' | '.join(str(bands[b]) for b in labels) + ' |\n')
    print('| win in (winner\'s turns) | ' + ' | '.join(str(t) for t in sorted(turns)) + ' |\n|---|' + '---|' * len(turns))
    print('| puzzles | ' + ' | '.join(str(turns[t]) for t in sorted(turns)) + ' |')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: bench/puzzle_counts.py PUZZLES.jsonl')
    main(sys.argv[1])
