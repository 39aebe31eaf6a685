// The `zertz engine` protocol: a Session driven by the input's lines
// (cli/protocol.h handleLine), with the core commands of cli/protocol.cpp
// (variant, setposition, play, undo, redo, legal_moves, showboard, ...).
// Search commands (genmove, analyze, solve) are not linked: they are bounded
// by time, not by input, and would only slow the fuzzer down. perft is run
// only at depth 0 or 1 for the same reason.
// Invariants: no crash and no exception escapes; every reply is framed
// "= ...\n\n" or "? ...\n\n" (or "" for blank/comment lines); the session's
// game stays consistent (position string round-trips).
#include <string>

#include "cli/protocol.h"
#include "fuzz_util.h"

using namespace zertz;

namespace {

bool expensive(std::string_view line) {
  auto start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  line = line.substr(start);
  if (line.substr(0, 5) != "perft") return false;
  return line.find_first_of("23456789") != std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::asText(data, size);
  cli::Session s;
  int lines = 0;
  size_t pos = 0;
  while (pos <= text.size() && !s.quit && ++lines <= 64) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(pos, end - pos));
    pos = end + 1;
    if (expensive(line)) continue;
    std::string reply = cli::handleLine(s, line);
    if (reply.empty()) continue;
    FUZZ_CHECK(reply.size() >= 3 && (reply[0] == '=' || reply[0] == '?') &&
                   reply.compare(reply.size() - 2, 2, "\n\n") == 0,
               "badly framed reply to '%.60s': '%.200s'", line.c_str(), reply.c_str());
    FUZZ_CHECK(reply[0] == '=' || reply.size() > 4, "error reply without a message for '%.60s'", line.c_str());
  }
  const Position& p = s.game.position();
  FUZZ_CHECK(p.key == p.computeKey(), "session position has a stale Zobrist key");
  Position q;
  std::string error;
  std::string printed = toPositionString(p);
  FUZZ_CHECK(parsePositionString(printed, q, error) && q == p, "session position '%s' does not round-trip: %s",
             printed.c_str(), error.c_str());
  return 0;
}
