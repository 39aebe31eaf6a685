// The opening explorer: exact counts per move for a fixed set of games,
// mirrored openings merged, the shards written and read back, and a damaged
// shard refused with what is wrong.
#include <catch2/catch.hpp>

#include "core/explorer/explorer.h"
#include "core/movegen.h"
#include "core/symmetry.h"
#include "test_helpers.h"

using namespace zertz;

namespace {

Position start37() {
  Position p;
  std::string error;
  REQUIRE(startPosition("standard", "37", p, error));
  return p;
}

// The rows of the book at pos as "move people-games/wins/losses robots-games/wins/losses".
std::vector<std::string> rowTexts(const std::vector<ExplorerRow>& list, const Position& pos) {
  std::vector<std::string> out;
  for (const ExplorerRow& r : list) {
    const ExplorerCounts &h = r.counts.humans, &b = r.counts.robots;
    out.push_back(moveToString(pos, r.move) + " " + std::to_string(h.games) + "/" + std::to_string(h.moverWins) + "/" +
                  std::to_string(h.opponentWins) + " " + std::to_string(b.games) + "/" + std::to_string(b.moverWins) + "/" +
                  std::to_string(b.opponentWins));
  }
  return out;
}

std::vector<std::string> rows(const ExplorerBook& book, const Position& pos) { return rowTexts(explorerMoves(book, pos), pos); }

}  // namespace

TEST_CASE("Explorer counts each move's games and results, people and robots apart", "[explorer]") {
  const Position s = start37();
  ExplorerBook book;
  const Move w = zertz::testing::legalMove(s, "Wd4,a1"), g = zertz::testing::legalMove(s, "Gd4,a1");
  const Position afterW = zertz::testing::after(s, {"Wd4,a1"});
  const Move reply = zertz::testing::legalMove(afterW, "Bc3,g1");
  addExplorerGame(book, s, {w, reply}, 0, false);  // player 0 won
  addExplorerGame(book, s, {w, reply}, 1, false);  // player 1 won
  addExplorerGame(book, s, {w}, -1, true);         // no result, against a robot
  addExplorerGame(book, s, {g}, 0, true);
  pruneExplorerBook(book);
  CHECK(rows(book, s) == std::vector<std::string>{"Wd4,a1 2/1/1 1/0/0", "Gd4,a1 0/0/0 1/1/0"});
  // After Wd4,a1 the side to move is player 1: its wins are player 1's. The
  // position is its own mirror image, and Bc3,d7 (first in legal order) stands
  // for its class, Bc3,g1 included.
  CHECK(rows(book, afterW) == std::vector<std::string>{"Bc3,d7 2/1/1 0/0/0"});
  CHECK(rows(book, zertz::testing::after(s, {"Bd4,a1"})).empty());
}

TEST_CASE("Explorer merges mirrored openings into one move", "[explorer]") {
  const Position s = start37();
  const Move m = zertz::testing::legalMove(s, "Wa1,a2");
  const std::vector<Symmetry> symmetries = layoutSymmetries(*s.geo);
  REQUIRE(symmetries.size() == 12);
  ExplorerBook book;
  addExplorerGame(book, s, {m}, 0, false);
  const Symmetry& mirror = symmetries[7];
  const Move image = Move::place(m.color, mirror.map[m.from], mirror.map[m.removed]);
  REQUIRE_FALSE(image == m);
  addExplorerGame(book, s, {image}, 1, false);
  const std::vector<std::string> r = rows(book, s);
  REQUIRE(r.size() == 1);
  CHECK(r[0].substr(r[0].find(' ')) == " 2/1/1 0/0/0");
}

TEST_CASE("Explorer keeps the first plies and deeper positions with enough games", "[explorer]") {
  const Position s = start37();
  ExplorerBook book;
  book.plies = 1, book.minGames = 2;
  const Position a = zertz::testing::after(s, {"Wd4,a1"});
  const std::vector<Move> line = {zertz::testing::legalMove(s, "Wd4,a1"), zertz::testing::legalMove(a, "Bc3,g1")};
  addExplorerGame(book, s, line, 0, false);
  pruneExplorerBook(book);
  CHECK(rows(book, s).size() == 1);
  CHECK(rows(book, a).empty());  // ply 1 with one game: dropped
  addExplorerGame(book, s, line, 0, false);
  addExplorerGame(book, s, line, 1, false);
  pruneExplorerBook(book);
  CHECK(rows(book, a).size() == 1);
}

TEST_CASE("Explorer shards are written and read back whole", "[explorer]") {
  const Position s = start37();
  ExplorerBook book;
  addExplorerGame(book, s, {zertz::testing::legalMove(s, "Wd4,a1")}, 0, false);
  addExplorerGame(book, s, {zertz::testing::legalMove(s, "Bb2,a1")}, 1, true);
  ExplorerBook read;
  std::string error;
  const int shard = explorerShard(s);
  REQUIRE(parseExplorerShard(explorerShardJson(book, shard), shard, read, error));
  CHECK(rows(read, s) == rows(book, s));
  std::vector<ExplorerRow> direct;  // one position read straight from the text, as the browser reads it
  REQUIRE(explorerShardMoves(explorerShardJson(book, shard), shard, s, direct, error));
  CHECK(rowTexts(direct, s) == rows(book, s));
  CHECK(rowTexts(direct, s).size() == 2);
  CHECK(explorerShardName(shard).size() == std::string("explorer-00.json").size());
}

TEST_CASE("A damaged explorer shard is refused with what is wrong", "[explorer]") {
  const Position s = start37();
  ExplorerBook book, read;
  addExplorerGame(book, s, {zertz::testing::legalMove(s, "Wd4,a1")}, 0, false);
  const int shard = explorerShard(s);
  const std::string good = explorerShardJson(book, shard);
  std::string error;
  CHECK_FALSE(parseExplorerShard(good, (shard + 1) % kExplorerShards, read, error));
  CHECK(error.find("shard " + std::to_string(shard) + ", expected") != std::string::npos);
  CHECK_FALSE(parseExplorerShard(good.substr(0, good.size() / 2), shard, read, error));
  CHECK(error.rfind("explorer book: ", 0) == 0);
  std::string badCount = good;
  badCount.replace(badCount.find(",1,1,0,"), 7, ",1,2,0,");  // more wins than games
  CHECK_FALSE(parseExplorerShard(badCount, shard, read, error));
  CHECK(error.find("move 0: expected [child key") != std::string::npos);
  std::vector<ExplorerRow> direct;
  std::string directError;
  CHECK_FALSE(explorerShardMoves(badCount, shard, s, direct, directError));
  CHECK(directError == error);
  std::string badVersion = good;
  badVersion.replace(badVersion.find("\"version\":1"), 11, "\"version\":9");
  CHECK_FALSE(parseExplorerShard(badVersion, shard, read, error));
  CHECK(error == "explorer book: version 9, expected 1");
}
