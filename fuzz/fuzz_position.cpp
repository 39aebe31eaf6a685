// Position strings ("<marbles> <layout> <cells> <pool> <caps0> <caps1> <turn>")
// and layout tokens, including custom "off:height,..." layouts.
// Invariants: no crash; a failure has a message; an accepted string round-trips
// exactly (toPositionString(parse(s)) parses to an equal position and prints
// the same); move generation and a few plies of play work on every accepted
// position (the parser must reject states the rest of the core cannot handle).
#include "fuzz_util.h"

using namespace zertz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::asText(data, size);
  Position p;
  std::string error;
  if (!parsePositionString(text, p, error)) {
    FUZZ_CHECK(!error.empty(), "parsePositionString failed without a message");
    return 0;
  }
  FUZZ_CHECK(p.key == p.computeKey(), "parsed position has a stale Zobrist key");
  std::string printed = toPositionString(p);
  Position q;
  error.clear();
  FUZZ_CHECK(parsePositionString(printed, q, error), "printed position '%s' does not parse: %s",
             printed.c_str(), error.c_str());
  FUZZ_CHECK(q == p, "round trip changed the position: '%s'", printed.c_str());
  FUZZ_CHECK(toPositionString(q) == printed, "round trip is not exact: '%s'", printed.c_str());

  // Play a few plies (first legal move each time) with printing and parsing.
  for (int ply = 0; ply < 4 && p.winner() < 0; ++ply) {
    auto moves = legalMoves(p);
    if (moves.empty()) break;
    const Move& m = moves[(size + ply) % moves.size()];
    std::string mt = moveToString(p, m);
    Move back;
    error.clear();
    FUZZ_CHECK(parseLegalMove(p, mt, back, error) && back == m, "generated move '%s' does not parse back: %s",
               mt.c_str(), error.c_str());
    p.play(m);
    FUZZ_CHECK(p.key == p.computeKey(), "Zobrist key drifted after '%s'", mt.c_str());
  }
  return 0;
}
