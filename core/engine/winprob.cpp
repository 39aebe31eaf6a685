#include "core/engine/winprob.h"

#include <cmath>

#include "core/engine/search.h"

namespace zertz {

namespace {

// From bench/calibrate.py over `zertz calibrate --nodes 50000` (see
// bench/calibration.md, which lists the same numbers; a test checks that).
constexpr WinProbCurve kCurves[] = {
    {0.0, 0.1},  // 37
    {0.0, 0.1},  // 48
    {0.0, 0.1},  // 61
};

}  // namespace

int winProbFamily(const Geometry& g) { return g.numCells < 48 ? 37 : g.numCells < 61 ? 48 : 61; }

WinProbCurve winProbCurve(int family) { return kCurves[family == 37 ? 0 : family == 48 ? 1 : 2]; }

double winProbability(int score, const Geometry& g) {
  if (score > kWinBound) return 1.0;
  if (score < -kWinBound) return 0.0;
  WinProbCurve c = winProbCurve(winProbFamily(g));
  return 1.0 / (1.0 + std::exp(-(c.a + c.b * score / 100.0)));
}

}  // namespace zertz
