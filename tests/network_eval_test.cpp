// The network evaluation (learned.h, weights/eval-v2.txt): its file is read
// exactly or refused with a reason, exchanging the players negates it, and
// its integer arithmetic is the fitted model.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/engine/learned.h"
#include "core/engine/players.h"
#include "core/movegen.h"
#include "random_games.h"
#include "weights_text.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

// The text with the line starting with `prefix` (the first one) replaced.
std::string withLine(const std::string& text, const std::string& prefix, const std::string& line) {
  const size_t at = text.find("\n" + prefix) + 1;
  REQUIRE(at != 0);
  return text.substr(0, at) + line + text.substr(text.find('\n', at));
}

// Inputs of every quiet position of random games on every board and set.
template <class Check>
void forQuietInputs(uint64_t seed, Check check) {
  forQuietPositions(seed, [&](const Position& pos) {
    Features f;
    extractFeatures(pos, f);
    int32_t in[kNetInputs];
    networkInputs(f, in);
    check(pos, f, in);
  });
}

double crelu(double t) { return std::clamp(t, 0.0, 1.0); }

// G(a) of the model in floating point, in points.
double hiddenModel(const LearnedWeights& w, const int32_t in[kNetInputs]) {
  double g = 0;
  for (int j = 0; j < w.hidden; ++j) {
    double t = double(w.netB[j]) / LearnedWeights::kWeightOne;
    for (int k = 0; k < kNetInputs; ++k) t += double(w.netW[j][k]) / LearnedWeights::kWeightOne * in[k] / kFeatureUnit;
    g += w.netV[j] * crelu(t);
  }
  return g;
}

}  // namespace

TEST_CASE("the compiled-in network is the repository's eval-v2 file, read without error", "[learned][network]") {
  REQUIRE(builtinNetwork() != nullptr);
  LearnedWeights fromFile;
  std::string error;
  REQUIRE(parseWeights(weightsFileText("eval-v2.txt"), fromFile, error));
  CHECK(fromFile.hidden > 0);
  CHECK(fromFile.hidden == builtinNetwork()->hidden);
  for (int j = 0; j < fromFile.hidden; ++j) {
    CHECK(fromFile.netV[j] == builtinNetwork()->netV[j]);
    for (int k = 0; k < kNetInputs; ++k) CHECK(fromFile.netW[j][k] == builtinNetwork()->netW[j][k]);
  }
  CHECK(builtinWeights()->hidden == 0);  // the default is the linear model
}

TEST_CASE("a damaged network file is refused with the line and the reason", "[learned][network]") {
  const std::string good = weightsFileText("eval-v2.txt");
  const std::string hidden = "hidden " + std::to_string(builtinNetwork()->hidden) + " " + std::to_string(kNetInputs);
  CHECK_THAT(refusal(resealed(withLine(good, "hidden ", "hidden 0 28"))), Catch::Contains("expected 'hidden <1..32> <inputs>'"));
  CHECK_THAT(refusal(resealed(withLine(good, "hidden ", "hidden 33 28"))), Catch::Contains("expected 'hidden"));
  CHECK_THAT(refusal(resealed(withLine(good, "hidden ", "hidden 2 27"))), Catch::Contains("27 network inputs, but this build has 28"));
  CHECK_THAT(refusal(resealed(withLine(good, "h ", "h 1 2 3"))), Catch::Contains("hidden unit 1: expected 2 + 28 integers"));
  std::string unit = "h 0 0";  // b, v and all but the last input weight
  for (int k = 1; k < kNetInputs; ++k) unit += " 0";
  CHECK_THAT(refusal(resealed(withLine(good, "h ", unit + " 2001"))), Catch::Contains("hidden unit 1: expected") && Catch::Contains("|W| <= 2000"));
  CHECK_THAT(refusal(resealed(withLine(good, "h ", unit + " 1 1"))), Catch::Contains("hidden unit 1: expected 2 + 28 integers"));
  CHECK_THAT(refusal(resealed(withLine(good, "h ", "x"))), Catch::Contains("expected 'h <b> <v> <28 weights>' (hidden unit 1)"));
  const size_t lastUnit = good.rfind("\nh ") + 1;
  CHECK_THAT(refusal(resealed(good.substr(0, lastUnit) + "checksum 0\n")),
             Catch::Contains("expected 'h <b> <v> <28 weights>' (hidden unit " + std::to_string(builtinNetwork()->hidden) + ")"));
  CHECK_THAT(refusal(resealed(withLine(good, "zertz-eval-weights", "zertz-eval-weights 3"))), Catch::Contains("version 3 unknown"));
  std::string flipped = good;
  const size_t digit = flipped.find_first_of("123456789", lastUnit + 2);
  flipped[digit] = flipped[digit] == '9' ? '8' : '9';
  CHECK_THAT(refusal(flipped), Catch::Contains("does not match"));
  CHECK(good.find(hidden) != std::string::npos);
}

TEST_CASE("exchanging the players negates the network's term: the mirror is an involution", "[learned][network]") {
  const LearnedWeights& w = *builtinNetwork();
  for (int k = 0; k < kNetInputs; ++k) {
    const InputMirror m = networkInputMirror(k), back = networkInputMirror(m.index);
    CHECK(back.index == k);
    CHECK(back.sign == m.sign);
  }
  int checked = 0;
  forQuietInputs(41, [&](const Position&, const Features&, const int32_t in[kNetInputs]) {
    int32_t mirrored[kNetInputs];
    for (int k = 0; k < kNetInputs; ++k) {
      const InputMirror m = networkInputMirror(k);
      mirrored[k] = m.sign * in[m.index];
    }
    CHECK(networkTerm(mirrored, w) == -networkTerm(in, w));
    ++checked;
  });
  CHECK(checked > 100);
}

TEST_CASE("the network evaluation is the linear part plus G(a) - G(S a), in points", "[learned][network]") {
  const LearnedWeights& w = *builtinNetwork();
  // Activations are kept in 1/256: each unit's value may be short by one
  // step, |v|/256 points, in each of the two sums.
  double tolerance = 2;
  for (int j = 0; j < w.hidden; ++j) tolerance += 2.0 * std::abs(w.netV[j]) / LearnedWeights::kWeightOne;
  forQuietInputs(43, [&](const Position& pos, const Features& f, const int32_t in[kNetInputs]) {
    double linear = 0;
    for (int i = 0; i < kFeatureCount; ++i) linear += w.logit[i] * f.v[i] / kFeatureUnit;
    int32_t mirrored[kNetInputs];
    for (int k = 0; k < kNetInputs; ++k) mirrored[k] = networkInputMirror(k).sign * in[networkInputMirror(k).index];
    const double model = linear * w.scale + hiddenModel(w, in) - hiddenModel(w, mirrored);
    CHECK(std::abs(learnedEvaluate(pos, w) - std::clamp(model, -20000.0, 20000.0)) <= tolerance);
  });
}

TEST_CASE("players choose the network evaluation by name", "[learned][network][players]") {
  PlayerFn p;
  std::string error;
  CHECK(makePlayer("nodes:2000@net", 0, p, error));
  CHECK(evalParamsNamed("net") == &networkEvalParams());
  CHECK(evalParamsNamed("learned") == &learnedEvalParams());
  CHECK(evalParamsNamed("classic") == &classicEvalParams());
  CHECK(evalParamsNamed("nett") == nullptr);
}
