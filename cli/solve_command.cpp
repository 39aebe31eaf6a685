// Proof search from the protocol and the command line.
//   protocol: solve [time <ms>] [nodes <n>] [threads <k>]  ->  = win <plies> | = loss <plies> | = draw | = unknown
//   zertz solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [--threads K] [MOVE...]
// With k threads the root's moves are split into k parts proved at the same
// time (core's ProofLimits::parts, as the browser's hint workers do), each
// with its own proof memory; the node budget is per thread.
// The protocol answer is exactly the value; `solve_info` adds the details
// (exactness of the distance, best move, nodes, whether tables were used).
#include "solve_command.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "command.h"
#include "core/notation.h"
#include "protocol.h"
#include "table_sources.h"
#include "thread_pool.h"

namespace zertz::cli {

bool parseCount(const std::string& text, uint64_t max, uint64_t& out) {
  if (text.empty() || text.size() > 12) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + uint64_t(c - '0');
  }
  if (v == 0 || v > max) return false;
  out = v;
  return true;
}

// Either limit given alone is the whole budget: the default node cap
// (ProofLimits::maxNodes) must not end a 60 s solve after 40 s unasked, and
// the default 1 s clock must not end a node-bounded solve (a reproducible
// one) early on a loaded machine.
bool parseProofLimits(const std::vector<std::string>& a, ProofLimits& limits, std::string& error) {
  bool time = false, nodes = false;
  for (size_t i = 0; i < a.size(); i += 2) {
    if (i + 1 >= a.size()) return error = "'" + a[i] + "' needs a value", false;
    uint64_t v;
    if (a[i] == "time") {
      if (!parseCount(a[i + 1], 3'600'000, v)) return error = "time: expected milliseconds 1..3600000, got '" + a[i + 1] + "'", false;
      limits.maxSeconds = double(v) / 1000.0;
      time = true;
    } else if (a[i] == "nodes") {
      if (!parseCount(a[i + 1], uint64_t(1) << 40, v)) return error = "nodes: expected a positive count, got '" + a[i + 1] + "'", false;
      limits.maxNodes = v;
      nodes = true;
    } else if (a[i] == "threads") {
      if (!parseCount(a[i + 1], 256, v)) return error = "threads: expected 1..256, got '" + a[i + 1] + "'", false;
      limits.parts = int(v);
    } else {
      return error = "unknown option '" + a[i] + "' (expected time <ms>, nodes <n> or threads <k>)", false;
    }
  }
  if (time && !nodes) limits.maxNodes = 0;
  if (nodes && !time) limits.maxSeconds = 0;
  return true;
}

std::string proofInfoText(const Position& pos, const ProofResult& r) {
  std::string s = valueText(r.value);
  if (r.value.outcome == Outcome::Win || r.value.outcome == Outcome::Loss)
    s += r.value.exact ? " exact" : " bound";
  if (r.hasBest) s += " best " + moveToString(pos, r.best);
  s += " nodes " + std::to_string(r.nodes) + " tables " + (r.usedTables ? "yes" : "no");
  if (!r.why.empty()) s += " (" + r.why + ")";
  return s;
}

// Table probes are serialized: the table reader is not thread-safe.
ProofResult proveInThreads(const Game& game, const ProofLimits& limits, ProofMemories* memories) {
  const int threads = std::max(1, limits.parts);
  if (memories)
    while (memories->size() < size_t(threads)) memories->push_back(std::make_unique<ProofMemory>(limits.ttLog2));
  auto memoryOf = [&](int i) { return memories ? (*memories)[size_t(i)].get() : nullptr; };
  if (threads == 1) return prove(game, limits, memoryOf(0));
  ProofLimits shared = limits;
  if (limits.probe) {
    auto lock = std::make_shared<std::mutex>();
    shared.probe = [lock, inner = limits.probe](const Position& p, GameValue& out) {
      std::lock_guard<std::mutex> hold(*lock);
      return inner(p, out);
    };
  }
  std::vector<ProofResult> parts(static_cast<size_t>(threads));
  runOnThreads(threads, [&](int i) {
    ProofLimits own = shared;
    own.part = i;
    parts[size_t(i)] = prove(game, own, memoryOf(i));
  });
  return combineRootParts(parts);
}

namespace {

// Tables, when a --tables option installed a probe for proof search.
ProofLimits sessionLimits(const Session& s) {
  ProofLimits limits;
  if (s.tables) limits.probe = tablesProofProbe(s.tables);
  return limits;
}

RegisterProtocolCommand cmdSolve("solve", "solve [time <ms>] [nodes <n>] [threads <k>]: exact value by proof search (win/loss <plies>, draw, unknown)", [](Session& s, const std::vector<std::string>& a) {
  ProofLimits limits = sessionLimits(s);
  std::string error;
  if (!parseProofLimits(a, limits, error)) return Reply::failure(error);
  // The session keeps proof memories (core/proof/proof.h), one per thread:
  // solving again a ply later starts from what the last solve learned.
  ProofResult r = proveInThreads(s.game, limits, &s.proofMemories);
  s.lastSolve = proofInfoText(s.game.position(), r);
  return Reply::success(valueText(r.value));
});

RegisterProtocolCommand cmdSolveInfo("solve_info", "solve_info: details of the last solve (exact/bound, best move, nodes)", [](Session& s, const std::vector<std::string>&) {
  if (s.lastSolve.empty()) return Reply::failure("no solve yet");
  return Reply::success(s.lastSolve);
});

RegisterCommand solveCommand("solve", "solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [--threads K] [MOVE...]: proof search", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  std::string text = takeOption(args, "--position");
  bool ok = !text.empty() ? parsePositionString(text, pos, error)
                          : startPosition(takeOption(args, "--marbles", "standard"), takeOption(args, "--layout", "37"), pos, error);
  if (!ok) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  std::vector<std::string> opts;
  for (const char* name : {"--time", "--nodes", "--threads"}) {
    std::string v = takeOption(args, name);
    if (!v.empty()) opts.insert(opts.end(), {std::string(name + 2), v});
  }
  ProofLimits limits;
  if (!parseProofLimits(opts, limits, error)) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  Game game(pos);
  for (size_t i = 0; i < args.size(); ++i) {
    Move m;
    if (!parseLegalMove(game.position(), args[i], m, error))
      return std::fprintf(stderr, "zertz solve: move %zu '%s': %s\n", i + 1, args[i].c_str(), error.c_str()), 2;
    game.play(m);
  }
  ProofResult r = proveInThreads(game, limits, nullptr);
  std::printf("%s  %.3f s\n", proofInfoText(game.position(), r).c_str(), r.seconds);
  return 0;
});

}  // namespace
}  // namespace zertz::cli
