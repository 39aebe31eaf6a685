// embind bindings for the opening explorer's book (core/explorer/explorer.h):
// which shard holds a position, and the moves of a position read from its
// shard, each a legal move of the position as shown (the board's symmetries
// are mapped back by the core).
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "core/explorer/explorer.h"
#include "core/json_writer.h"
#include "core/notation.h"

namespace {

bool readPosition(const std::string& text, zertz::Position& pos, std::string& error) {
  if (zertz::parsePositionString(text, pos, error)) return true;
  error = "position: " + error;
  return false;
}

// {"shard": n, "name": "explorer-3f.json"} for a position string, or {"error"}.
std::string explorerShardOf(const std::string& position) {
  zertz::Position pos;
  std::string error;
  if (!readPosition(position, pos, error)) return zertz::jsonError(error);
  const int shard = zertz::explorerShard(pos);
  zertz::JsonWriter w;
  return w.object().field("shard", shard).field("name", zertz::explorerShardName(shard)).end().take();
}

// The moves of `position` in shard `shard`'s text, most played first:
// {"moves":[{"move": canonical, "people":[games, wins, losses],
// "robots":[games, wins, losses]}]} (wins and losses of the side to move);
// or {"error"} naming what is wrong with the shard or the position.
std::string explorerMoves(const std::string& shardText, int shard, const std::string& position) {
  zertz::Position pos;
  std::vector<zertz::ExplorerRow> rows;
  std::string error;
  if (!readPosition(position, pos, error) || !zertz::explorerShardMoves(shardText, shard, pos, rows, error))
    return zertz::jsonError(error);
  zertz::JsonWriter w;
  w.object().key("moves").array();
  for (const zertz::ExplorerRow& r : rows) {
    w.object().field("move", zertz::moveToString(pos, r.move));
    for (auto [name, c] : {std::pair{"people", &r.counts.humans}, std::pair{"robots", &r.counts.robots}})
      w.key(name).array().value(c->games).value(c->moverWins).value(c->opponentWins).end();
    w.end();
  }
  return w.end().end().take();
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_explorer) {
  emscripten::function("explorerShardOf", &explorerShardOf);
  emscripten::function("explorerMoves", &explorerMoves);
}
