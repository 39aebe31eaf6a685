// Prints the number of table positions and shapes of every level up to N,
// from the solver's own indexer (core/tb_index.h), for bench/scale_model.py.
// Usage: scale_model_sizes <blitz|standard> N
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/tables/tb_index.h"

int main(int argc, char** argv) {
  zertz::MarbleSetId set;
  if (argc != 3 || !zertz::parseMarbleSet(argv[1], set)) {
    std::fprintf(stderr, "usage: scale_model_sizes <blitz|standard> N\n");
    return 2;
  }
  int n = std::atoi(argv[2]);
  if (n < 1 || n > zertz::tb::kMaxTableRings) {
    std::fprintf(stderr, "N must be 1..%d\n", zertz::tb::kMaxTableRings);
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  zertz::tb::Indexer ix(set, n);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (int l = 1; l <= n; ++l)
    std::printf("level %d positions %llu shapes %d\n", l, (unsigned long long)ix.levelSize(l), ix.numShapes(l));
  std::fprintf(stderr, "indexer built in %.2f s\n", s);
  return 0;
}
