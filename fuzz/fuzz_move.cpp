// Move text (GIPF notation) in a handful of positions.
// Input: one selector byte (which position), then the move text.
// Invariants: parsers never crash; a failure names what was wrong (non-empty
// error); a move accepted by parseLegalMove is legal, prints canonically, and
// its canonical text parses back to the same move.
#include "fuzz_util.h"

using namespace zertz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const Position& pos = fuzz::samplePosition(data[0]);
  std::string_view text = fuzz::asText(data + 1, size - 1);

  Move m;
  std::string error;
  if (!parseMove(pos, text, m, error)) FUZZ_CHECK(!error.empty(), "parseMove failed without a message");

  Move legal;
  error.clear();
  if (!parseLegalMove(pos, text, legal, error)) {
    FUZZ_CHECK(!error.empty(), "parseLegalMove failed without a message");
    return 0;
  }
  FUZZ_CHECK(isLegal(pos, legal), "parseLegalMove accepted an illegal move");
  std::string canonical = moveToString(pos, legal);
  Move again;
  error.clear();
  FUZZ_CHECK(parseLegalMove(pos, canonical, again, error), "canonical text '%s' does not parse back: %s",
             canonical.c_str(), error.c_str());
  FUZZ_CHECK(again == legal, "canonical text '%s' parses to another move", canonical.c_str());
  Position next = pos;
  next.play(legal);
  FUZZ_CHECK(next.key == next.computeKey(), "Zobrist key drifted after '%s'", canonical.c_str());
  return 0;
}
