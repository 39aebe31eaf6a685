// Small subcommands: perft, show, bench and the terminal game.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "command.h"
#include "core/engine/bench.h"
#include "core/notation.h"
#include "protocol.h"

namespace zertz::cli {
namespace {

// Position from "--position STR" or "--variant MARBLES LAYOUT"-style options.
bool positionFromArgs(Args& args, Position& pos, std::string& error) {
  std::string text = takeOption(args, "--position");
  if (!text.empty()) return parsePositionString(text, pos, error);
  std::string marbles = takeOption(args, "--marbles", "standard");
  std::string layout = takeOption(args, "--layout", "37");
  return startPosition(marbles, layout, pos, error);
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

RegisterCommand perftCommand("perft", "perft [--marbles M] [--layout L] [--position P] DEPTH: leaf counts per depth, leaves/s", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  if (!positionFromArgs(args, pos, error)) return std::fprintf(stderr, "zertz perft: %s\n", error.c_str()), 2;
  int depth = args.empty() ? 3 : std::atoi(args[0].c_str());
  if (depth < 1 || depth > 6) return std::fprintf(stderr, "zertz perft: depth must be 1..6\n"), 2;
  for (int d = 1; d <= depth; ++d) {
    auto t0 = std::chrono::steady_clock::now();
    uint64_t n = perft(pos, d);
    double s = secondsSince(t0);
    std::printf("perft %d %llu  %.3f s  %.1f M leaves/s\n", d, (unsigned long long)n, s, s > 0 ? n / s / 1e6 : 0.0);
  }
  return 0;
});

RegisterCommand showCommand("show", "show [--marbles M] [--layout L] [--position P] [MOVE...]: ASCII board after the moves", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  if (!positionFromArgs(args, pos, error)) return std::fprintf(stderr, "zertz show: %s\n", error.c_str()), 2;
  Game game(pos);
  for (size_t i = 0; i < args.size(); ++i) {
    Move m;
    if (!parseLegalMove(game.position(), args[i], m, error))
      return std::fprintf(stderr, "zertz show: move %zu: %s\n", i + 1, error.c_str()), 2;
    game.play(m);
  }
  std::printf("%s%s\n%s\n", showBoard(game.position()).c_str(), toPositionString(game.position()).c_str(),
              describeResult(game.result(), game.position()).c_str());
  return 0;
});

RegisterCommand benchCommand("bench", "bench [DEPTH]: deterministic signature (identical on every build) and speed", [](const Args& args) {
  int depth = args.empty() ? 3 : std::atoi(args[0].c_str());
  if (depth < 1 || depth > 4) return std::fprintf(stderr, "zertz bench: depth must be 1..4\n"), 2;
  auto t0 = std::chrono::steady_clock::now();
  BenchResult r = runBench(depth);
  double s = secondsSince(t0);
  std::printf("%s\n", r.signature.c_str());
  std::fprintf(stderr, "bench: %.3f s, %.1f M perft leaves/s overall\n", s, r.perftLeaves / s / 1e6);
  return 0;
});

RegisterCommand playCommand("play", "play [--marbles M] [--layout L]: a game in the terminal (protocol commands, or a move)", [](const Args& in) {
  Args args = in;
  Position pos;
  std::string error;
  if (!positionFromArgs(args, pos, error)) return std::fprintf(stderr, "zertz play: %s\n", error.c_str()), 2;
  Session s;
  s.game = Game(pos);
  std::cout << "Zertz in the terminal. Type a move (Wd4,d7 / xb1Bb3 / -), or a protocol command\n"
               "(legal_moves, undo, genmove, help, quit).\n\n";
  std::string line;
  while (!s.quit) {
    std::cout << showBoard(s.game.position()) << describeResult(s.game.result(), s.game.position()) << "\n> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    std::string first = line.substr(0, line.find(' '));
    bool isCommand = protocolCommands().count(first) > 0;
    std::cout << handleLine(s, isCommand ? line : "play " + line);
  }
  return 0;
});

}  // namespace
}  // namespace zertz::cli
