#include "core/engine/winprob.h"

#include <algorithm>
#include <cmath>

#include "core/engine/search.h"

namespace zertz {

namespace {

// From bench/calibrate.py over `zertz calibrate --nodes 50000` (see
// bench/calibration.md, which lists the same numbers; a test checks that),
// fitted on all 726 games. Cross-validation by game did not call for a curve
// per family: all share one.
constexpr WinProbCurve kCurves[] = {
    {1000, -0.035436, 1.190285, 1.955115},  // 37
    {1000, -0.035436, 1.190285, 1.955115},  // 48
    {1000, -0.035436, 1.190285, 1.955115},  // 61
};

}  // namespace

int winProbFamily(const Geometry& g) { return g.numCells < 48 ? 37 : g.numCells < 61 ? 48
                                                                                     : 61; }

WinProbCurve winProbCurve(int family) { return kCurves[family == 37 ? 0 : family == 48 ? 1
                                                                                       : 2]; }

double winProbability(int score, const Geometry& g) {
  if (score > kWinBound) return 1.0;
  if (score < -kWinBound) return 0.0;
  WinProbCurve c = winProbCurve(winProbFamily(g));
  double s = score;
  return 1.0 / (1.0 + std::exp(-(c.a + c.b * std::tanh(std::max(s, 0.0) / c.t) + c.c * std::tanh(std::min(s, 0.0) / c.t))));
}

}  // namespace zertz
