// Entry point of the `zertz` tool: dispatches to a registered subcommand.
#include <cstdio>
#include <exception>

#include "command.h"
#include "core/engine/learned.h"

int main(int argc, char** argv) {
  using namespace zertz::cli;
  Args args(argv + 1, argv + argc);
  std::string name = args.empty() ? "play" : args[0];
  if (!args.empty()) args.erase(args.begin());
  if (name == "help" || name == "--help" || name == "-h" || !commands().count(name)) {
    bool known = name == "help" || name == "--help" || name == "-h";
    std::fprintf(known ? stdout : stderr, "%susage: zertz <command> [args]\n",
                 known ? "" : ("zertz: unknown command '" + name + "'\n").c_str());
    for (auto& [n, info] : commands()) std::fprintf(known ? stdout : stderr, "  %s\n", info.usage.c_str());
    return known ? 0 : 2;
  }
  // The learned evaluation's compiled-in weights are checked before any
  // command runs: a damaged file stops the tool, it never evaluates wrongly.
  // Only the training-data writer runs without them (it uses the features,
  // not the weights), so that a changed feature set can be trained again.
  if (name != "features" && !zertz::builtinWeights()) {
    std::fprintf(stderr, "zertz: the learned evaluation's weights are refused: %s\n", zertz::builtinWeightsError().c_str());
    return 1;
  }
  if (name != "features" && !zertz::builtinNetwork()) {
    std::fprintf(stderr, "zertz: the network evaluation's weights are refused: %s\n", zertz::builtinNetworkError().c_str());
    return 1;
  }
  try {
    return commands()[name].run(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zertz %s: %s\n", name.c_str(), e.what());
    return 1;
  }
}
