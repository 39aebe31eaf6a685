// Proof search from the protocol and the command line.
//   protocol: solve [time <ms>] [nodes <n>]  ->  = win <plies> | = loss <plies> | = draw | = unknown
//   zertz solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [MOVE...]
// The protocol answer is exactly the value; `solve_info` adds the details
// (exactness of the distance, best move, nodes, whether tables were used).
#include <cstdio>
#include <string>

#include "command.h"
#include "core/notation.h"
#include "core/proof.h"
#include "protocol.h"

namespace zertz::cli {
namespace {

constexpr const char* kLastSolve = "solve.last";

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

// Reads "time <ms>" / "nodes <n>" pairs; a clear message on anything else.
bool parseLimits(const std::vector<std::string>& a, ProofLimits& limits, std::string& error) {
  for (size_t i = 0; i < a.size(); i += 2) {
    if (i + 1 >= a.size()) return error = "'" + a[i] + "' needs a value", false;
    uint64_t v;
    if (a[i] == "time") {
      if (!parseCount(a[i + 1], 3'600'000, v)) return error = "time: expected milliseconds 1..3600000, got '" + a[i + 1] + "'", false;
      limits.maxSeconds = double(v) / 1000.0;
    } else if (a[i] == "nodes") {
      if (!parseCount(a[i + 1], uint64_t(1) << 40, v)) return error = "nodes: expected a positive count, got '" + a[i + 1] + "'", false;
      limits.maxNodes = v;
    } else {
      return error = "unknown option '" + a[i] + "' (expected time <ms> or nodes <n>)", false;
    }
  }
  return true;
}

std::string valueText(const ProofResult& r) {
  std::string s = proofValueName(r.value);
  if (r.value == ProofValue::Win || r.value == ProofValue::Loss) s += " " + std::to_string(r.plies);
  return s;
}

std::string infoText(const Position& pos, const ProofResult& r) {
  std::string s = valueText(r);
  if (r.value == ProofValue::Win || r.value == ProofValue::Loss)
    s += r.pliesExact ? " exact" : " bound";
  if (r.hasBest) s += " best " + moveToString(pos, r.best);
  s += " nodes " + std::to_string(r.nodes) + " tables " + (r.usedTables ? "yes" : "no");
  if (!r.why.empty()) s += " (" + r.why + ")";
  return s;
}

// Tables, when a --tables option installed a probe for proof search.
ProofLimits sessionLimits(const Session& s) {
  ProofLimits limits;
  auto it = s.extra.find("proof.probe");
  if (it != s.extra.end())
    if (auto* fn = std::any_cast<ProofProbeFn>(&it->second)) limits.probe = *fn;
  return limits;
}

RegisterProtocolCommand cmdSolve("solve", "solve [time <ms>] [nodes <n>]: exact value by proof search (win/loss <plies>, draw, unknown)", [](Session& s, const std::vector<std::string>& a) {
  ProofLimits limits = sessionLimits(s);
  std::string error;
  if (!parseLimits(a, limits, error)) return Reply::failure(error);
  ProofResult r = prove(s.game, limits);
  s.extra[kLastSolve] = infoText(s.game.position(), r);
  return Reply::success(valueText(r));
});

RegisterProtocolCommand cmdSolveInfo("solve_info", "solve_info: details of the last solve (exact/bound, best move, nodes)", [](Session& s, const std::vector<std::string>&) {
  auto it = s.extra.find(kLastSolve);
  if (it == s.extra.end()) return Reply::failure("no solve yet");
  return Reply::success(std::any_cast<std::string>(it->second));
});

RegisterCommand solveCommand("solve", "solve [--position P | --marbles M --layout L] [--time MS] [--nodes N] [MOVE...]: proof search", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  std::string text = takeOption(args, "--position");
  bool ok = !text.empty() ? parsePositionString(text, pos, error)
                          : startPosition(takeOption(args, "--marbles", "standard"), takeOption(args, "--layout", "37"), pos, error);
  if (!ok) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  std::vector<std::string> opts;
  for (const char* name : {"--time", "--nodes"}) {
    std::string v = takeOption(args, name);
    if (!v.empty()) opts.insert(opts.end(), {std::string(name + 2), v});
  }
  ProofLimits limits;
  if (!parseLimits(opts, limits, error)) return std::fprintf(stderr, "zertz solve: %s\n", error.c_str()), 2;
  Game game(pos);
  for (size_t i = 0; i < args.size(); ++i) {
    Move m;
    if (!parseLegalMove(game.position(), args[i], m, error))
      return std::fprintf(stderr, "zertz solve: move %zu '%s': %s\n", i + 1, args[i].c_str(), error.c_str()), 2;
    game.play(m);
  }
  ProofResult r = prove(game, limits);
  std::printf("%s  %.3f s\n", infoText(game.position(), r).c_str(), r.seconds);
  return 0;
});

}  // namespace
}  // namespace zertz::cli
