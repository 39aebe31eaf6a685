// zertz-solve: the MPI retrograde solver and its table verifier.
//   mpirun -np K zertz-solve --marbles blitz --rings N --out DIR [--resume] [--quiet]
//          [--keep-checkpoints] [--cache-mb MB] [--stop-after-level L] [--level L [--shapes A:B]]
//          [--crash-after SHAPES] [--step-delay MS]   (test hooks)
//   zertz-solve verify DIR [--brute-rings R] [--samples S] [--retro-limit P]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "solver.h"
#include "solver/retro/verify.h"

namespace {

void usage(FILE* out = stderr) {
  std::fprintf(out,
               "usage: zertz-solve --marbles <blitz|standard> --rings N --out DIR [--resume] [--quiet]\n"
               "                   [--keep-checkpoints]   (keep DIR/checkpoint after a successful run)\n"
               "                   [--cache-mb MB]   (lower-level shapes kept in memory per rank, default 1024)\n"
               "                   [--deal dynamic|static]   (shapes claimed first-come, default; or i-th to rank i mod K)\n"
               "                   [--stop-after-level L]   (stop once level L's tables are written)\n"
               "                   [--level L [--shapes A:B | --part I/J]]   (solve shapes A..B-1, or the I-th of J\n"
               "                                  equal ranges, of level L only, e.g. one job of an array; implies\n"
               "                                  --resume; a later run without --level writes the tables)\n"
               "                   [--crash-after SHAPES] [--step-delay MS]   (test hooks: SIGKILL / pause per shape)\n"
               "       zertz-solve verify DIR [--brute-rings R] [--samples S] [--retro-limit POSITIONS]\n"
               "                          [--whole-level-limit POSITIONS]   (larger levels: read through a block cache)\n");
}

bool number(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && end && *end == 0;
}

// "A:B" (shapes A..B-1) or "I/J" (part I of J), 0 <= A <= B.
bool shapeRange(const std::string& s, char sep, int& from, int& to) {
  size_t colon = s.find(sep);
  double a = 0, b = 0;
  if (colon == std::string::npos || !number(s.substr(0, colon), a) || !number(s.substr(colon + 1), b)) return false;
  if (a < 0 || b < a || b > 1e9 || a != int(a) || b != int(b)) return false;
  from = int(a), to = int(b);
  return true;
}

// `verify DIR [options]`; false, with a message on rank 0, when it is bad.
bool parseVerifyArgs(const std::vector<std::string>& args, int rank, zertz::solver::VerifyConfig& vc) {
  bool ok = args.size() >= 2;
  if (ok) vc.dir = args[1];
  for (size_t i = 2; ok && i < args.size(); i += 2) {
    double v = 0;
    ok = i + 1 < args.size() && number(args[i + 1], v) && v >= 0 && v <= 1e15;
    if (ok && args[i] == "--brute-rings" && v <= zertz::tb::kMaxTableRings) vc.bruteRings = int(v);
    else if (ok && args[i] == "--samples" && v <= 1e9) vc.samples = int(v);
    else if (ok && args[i] == "--retro-limit") vc.retroLimit = uint64_t(v);
    else if (ok && args[i] == "--whole-level-limit") vc.wholeLevelLimit = uint64_t(v);
    else ok = false;
    if (!ok && rank == 0) std::fprintf(stderr, "zertz-solve verify: bad or incomplete option '%s'\n", args[i].c_str());
  }
  if (args.size() < 2 && rank == 0) std::fprintf(stderr, "zertz-solve verify: needs a table directory\n");
  return ok;
}

// The solve's options; false, with a message on rank 0, when one is bad,
// unknown or inconsistent with another, or a required one is missing.
bool parseSolveArgs(const std::vector<std::string>& args, int rank, zertz::solver::Config& cfg) {
  bool ok = true, haveSet = false, haveRings = false;
  for (size_t i = 0; ok && i < args.size(); ++i) {
    const std::string a = args[i];
    double v = 0;
    auto value = [&]() -> bool { return i + 1 < args.size() && !args[i + 1].empty(); };
    if (a == "--resume") cfg.resume = true;
    else if (a == "--keep-checkpoints") cfg.keepCheckpoints = true;
    else if (a == "--deal" && value() && (args[i + 1] == "static" || args[i + 1] == "dynamic"))
      cfg.dynamicDeal = args[++i] == "dynamic";
    else if (a == "--quiet") cfg.quiet = true;
    else if (a == "--marbles" && value()) ok = haveSet = zertz::parseMarbleSet(args[++i], cfg.set);
    else if (a == "--out" && value()) cfg.out = args[++i];
    else if (a == "--rings" && value() && number(args[i + 1], v) && v >= 1 && v <= zertz::tb::kMaxTableRings)
      cfg.maxRings = int(v), haveRings = true, ++i;
    else if (a == "--crash-after" && value() && number(args[i + 1], v) && v >= 0) cfg.crashAfter = int64_t(v), ++i;
    else if (a == "--step-delay" && value() && number(args[i + 1], v) && v >= 0 && v <= 60000)
      cfg.stepDelayMs = int(v), ++i;
    else if (a == "--stop-after-level" && value() && number(args[i + 1], v) && v >= 1 && v <= zertz::tb::kMaxTableRings)
      cfg.stopAfterLevel = int(v), ++i;
    else if (a == "--cache-mb" && value() && number(args[i + 1], v) && v >= 0 && v <= 1e7)
      cfg.cacheBytes = uint64_t(v) << 20, ++i;
    else if (a == "--level" && value() && number(args[i + 1], v) && v >= 1 && v <= zertz::tb::kMaxTableRings)
      cfg.onlyLevel = int(v), ++i;
    else if (a == "--shapes" && value() && shapeRange(args[i + 1], ':', cfg.shapesFrom, cfg.shapesTo)) ++i;
    else if (a == "--part" && value() && shapeRange(args[i + 1], '/', cfg.partIndex, cfg.partCount) &&
             cfg.partIndex < cfg.partCount)
      ++i;
    else ok = false;
    if (!ok && rank == 0) std::fprintf(stderr, "zertz-solve: bad or incomplete option '%s'\n", a.c_str());
  }
  if (ok && cfg.onlyLevel > cfg.maxRings) {
    ok = false;
    if (rank == 0) std::fprintf(stderr, "zertz-solve: --level %d is above --rings %d\n", cfg.onlyLevel, cfg.maxRings);
  }
  if (ok && (cfg.shapesTo >= 0 || cfg.partCount > 0) && cfg.onlyLevel == 0) {
    ok = false;
    if (rank == 0) std::fprintf(stderr, "zertz-solve: --shapes and --part need --level\n");
  }
  if (cfg.onlyLevel > 0) cfg.resume = true;  // a share of a level always continues a solve
  return ok && haveSet && haveRings && !cfg.out.empty();
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<std::string> args(argv + 1, argv + argc);
  int code = 0;
  try {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
      if (rank == 0) usage(stdout);
    } else if (!args.empty() && args[0] == "verify") {
      zertz::solver::VerifyConfig vc;
      if (!parseVerifyArgs(args, rank, vc)) {
        if (rank == 0) usage();
        code = 2;
      } else {
        code = rank == 0 ? zertz::solver::verifyTables(vc) : 0;
      }
    } else {
      zertz::solver::Config cfg;
      if (!parseSolveArgs(args, rank, cfg)) {
        if (rank == 0) usage();
        code = 2;
      } else {
        zertz::solver::Solver solver(MPI_COMM_WORLD, cfg);
        code = solver.run();
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zertz-solve: rank %d: %s\n", rank, e.what());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return code;
}
