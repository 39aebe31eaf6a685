// The opening explorer: for the positions of the first plies of many games,
// each move played from them with its games and results, separately for
// games between people and games against robots.
//
// Positions and moves are merged under the board's symmetries: a position is
// known by its canonical key (core/symmetry.h), and a move by the canonical
// key of the position it leads to, so a mirrored opening counts once, and the
// moves of any orientation are found by matching their children's keys.
// Zobrist keys are compile-time constants, so native and wasm agree.
//
// The book file (docs/explorer.md) is JSON, written and read here only.
// Pure: no I/O.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/game.h"

namespace zertz {

struct ExplorerCounts {
  uint32_t games = 0, moverWins = 0, opponentWins = 0;  // the rest: draws and games without a result
  void add(const ExplorerCounts& o) { games += o.games, moverWins += o.moverWins, opponentWins += o.opponentWins; }
};

struct ExplorerEntry {
  ExplorerCounts humans, robots;
};

// One variant's tree ("standard 37"): position key -> child key -> counts.
struct ExplorerTree {
  std::unordered_map<uint64_t, std::map<uint64_t, ExplorerEntry>> positions;
  std::unordered_map<uint64_t, int> firstPly;  // the earliest ply a position was seen at
};

struct ExplorerBook {
  int plies = 8;     // every position before this ply is kept
  int minGames = 5;  // deeper positions are kept while they have this many games
  int maxPlies = 40;
  std::map<std::string, ExplorerTree> variants;  // by variant name: marble set and layout token
};

// "standard 37": the name a position's variant has in the book.
std::string explorerVariant(const Position& pos);

// Adds one game's first maxPlies moves. winner: 0 or 1, -1 for a draw or no
// result; robots: a player of the game is a robot.
void addExplorerGame(ExplorerBook& book, const Position& start, const std::vector<Move>& moves, int winner, bool robots);

// Drops the positions the book does not keep (deeper than `plies` with fewer
// than minGames games), so what is written is what is read.
void pruneExplorerBook(ExplorerBook& book);

// The book is written in kExplorerShards shards by a hash of the position
// key, so the browser loads only the shard of the position shown
// (a few tens of KB) instead of the whole book.
constexpr int kExplorerShards = 256;
int explorerShardOf(uint64_t positionKey);
std::string explorerShardName(int shard);  // "explorer-3f.json"
int explorerShard(const Position& pos);    // of its canonical key
std::string explorerShardJson(const ExplorerBook& book, int shard);
// One shard; false with an error naming the variant, position or entry that
// is wrong (a position of another shard is an error too).
bool parseExplorerShard(std::string_view text, int shard, ExplorerBook& out, std::string& error);

// The moves of pos the book knows, most played first: for each a legal move
// of pos (the first in legal-move order of its symmetry class) and its counts.
struct ExplorerRow {
  Move move;
  ExplorerEntry counts;
};
std::vector<ExplorerRow> explorerMoves(const ExplorerBook& book, const Position& pos);
// The same moves read straight from the text of pos's shard, every entry of
// the shard checked as parseExplorerShard checks it, without building the
// book (the browser asks for one position at a time, and its download
// carries no map of the whole shard).
bool explorerShardMoves(std::string_view text, int shard, const Position& pos, std::vector<ExplorerRow>& out, std::string& error);

}  // namespace zertz
