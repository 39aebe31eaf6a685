// The only file that includes emscripten: embind bindings over core/.
#include <emscripten/bind.h>

#include "core/bench.h"

using namespace emscripten;

static std::string benchSignature(int depth) { return zertz::runBench(depth).signature; }

EMSCRIPTEN_BINDINGS(zertz) {
  function("benchSignature", &benchSignature);
}
