// The engine for the browser: the game's engine move (WebGame::think, called
// by web/play/engine-worker.js) and the bench and playout signatures that the
// node tests compare with the native build.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdio>

#include "core/engine/bench.h"
#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/json_writer.h"
#include "core/notation.h"
#include "wasm/web_game.h"

using namespace emscripten;

namespace zertz::wasm {

std::string WebGame::think(int level, int timeMs) const {
  SearchLimits limits = limitsForLevel(level);
  if (timeMs > 0 && limits.timeMs > 0) limits.timeMs = std::min(timeMs, 600000);
  SearchResult res = zertz::think(game_, limits, level);
  JsonWriter w;
  w.object().field("move", moveToString(game_.position(), res.best)).field("score", scoreToString(res.score));
  w.field("depth", res.depth).field("nodes", res.nodes).field("winprob", winProbability(res.score, game_.position()));
  w.key("pv").array();
  Position walk = game_.position();
  for (const Move& m : res.pv) {
    w.value(moveToString(walk, m));
    walk.play(m);
  }
  return w.end().end().take();
}

namespace {

std::string benchSignature(int depth) { return runBench(depth).signature; }

// Seeded playouts as in bench.h, returned as "plies hash" (hex) for the node
// tests to compare with the native build.
std::string playoutSignature(double seed, int games) {
  uint64_t plies = 0, hash = 0;
  seededPlayouts(uint64_t(seed), games, plies, hash);
  char buf[40];
  snprintf(buf, sizeof buf, "%llu %016llx", (unsigned long long)plies, (unsigned long long)hash);
  return buf;
}

// Every build has both; the view still asks, so a trimmed build could say no.
bool hasEngine() { return true; }
bool hasRecords() { return true; }
int defaultLevel() { return kDefaultLevel; }

}  // namespace

}  // namespace zertz::wasm

EMSCRIPTEN_BINDINGS(zertz_engine) {
  using namespace zertz::wasm;
  function("benchSignature", &benchSignature);
  function("playoutSignature", &playoutSignature);
  function("hasEngine", &hasEngine);
  function("hasRecords", &hasRecords);
  function("defaultLevel", &defaultLevel);
}
