// The learned evaluation: its weights file is read exactly or refused with a
// reason, its features and value are the same on every symmetric image of a
// position, its integer arithmetic is the fitted model, and its training
// data round-trips through the reader.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/command.h"
#include "cli/feature_data.h"
#include "core/engine/learned.h"
#include "core/engine/players.h"
#include "core/engine/search.h"
#include "core/movegen.h"
#include "core/symmetry.h"
#include "random_games.h"
#include "test_helpers.h"
#include "weights_text.h"

using namespace zertz;
using namespace zertz::testing;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

bool quiet(const Position& pos) { return pos.winner() < 0 && !hasCapture(pos); }

// check(pos, features) at every quiet position of random games.
template <class Check>
void forQuietFeatures(uint64_t seed, Check check) {
  forQuietPositions(seed, [&](const Position& pos) {
    Features f;
    extractFeatures(pos, f);
    check(pos, f);
  });
}

// A feature's value, open and late parts summed, in feature units.
double featureValue(const Position& pos, const std::string& base) {
  Features f;
  extractFeatures(pos, f);
  for (int i = 0; i + 1 < kFeatureCount; i += 2)
    if (featureName(i) == base + ".open") return double(f.v[i] + f.v[i + 1]) / kFeatureUnit;
  FAIL("no feature " << base);
  return 0;
}

}  // namespace

TEST_CASE("the compiled-in weights are the repository's weights file, read without error", "[learned]") {
  REQUIRE(builtinWeights() != nullptr);
  LearnedWeights fromFile;
  std::string error;
  REQUIRE(parseWeights(weightsFileText(builtinWeightsFile()), fromFile, error));
  CHECK(error.empty());
  for (int i = 0; i < kFeatureCount; ++i) CHECK(fromFile.fixed[i] == builtinWeights()->fixed[i]);
  CHECK(fromFile.scale == builtinWeights()->scale);
  REQUIRE(fromFile.variantCount == builtinWeights()->variantCount);
  for (int v = 0; v < fromFile.variantCount; ++v) {
    const auto &a = fromFile.variant[v], &b = builtinWeights()->variant[v];
    const LearnedModel &pa = a.model, &pb = b.model;
    CHECK((a.layout == b.layout && a.set == b.set && pa.scale == pb.scale));
    for (int i = 0; i < kFeatureCount; ++i) CHECK(pa.fixed[i] == pb.fixed[i]);
  }
}

TEST_CASE("a weights file over the first 56 features is read, the features after them weigh nothing", "[learned]") {
  // eval-v1 (the first self-play round's player, `make train`) predates the
  // features past the network's base set.
  LearnedWeights early;
  std::string error;
  REQUIRE(parseWeights(weightsFileText("eval-v1.txt"), early, error));
  CHECK(early.features == kNetworkFeatureCount);
  for (int i = kNetworkFeatureCount; i < kFeatureCount; ++i) CHECK(early.fixed[i] == 0);
  // Its evaluation reads only its own features: the sum over them.
  const Position pos = positionFrom("blitz 0:5 W.B.G 4,6,8 0,0,0 0,0,0 0");
  Features f;
  extractFeatures(pos, f);
  int64_t sum = 0;
  for (int i = 0; i < kNetworkFeatureCount; ++i) sum += early.fixed[i] * f.v[i];
  const int64_t one = LearnedWeights::kFixedOne * kFeatureUnit;
  CHECK(std::llabs(learnedEvaluate(pos, early) - sum / one) <= 1);
}

TEST_CASE("a damaged weights file is refused with the line and the reason", "[learned]") {
  const std::string good = weightsFileText("eval-v4.txt");
  // A changed digit without a new checksum: the checksum names the damage.
  const size_t w = good.find("\nw ");
  std::string flipped = good;
  const size_t digit = flipped.find_first_of("123456789", w + 3);
  flipped[digit] = flipped[digit] == '9' ? '8' : '9';
  CHECK_THAT(refusal(flipped), Catch::Contains("checksum") && Catch::Contains("does not match"));
  CHECK_THAT(refusal(good.substr(0, good.rfind("checksum"))), Catch::Contains("ends before its 'checksum' line"));
  CHECK_THAT(refusal(""), Catch::Contains("empty file"));
  CHECK_THAT(refusal(resealed(replaced(good, "zertz-eval-weights 1", "zertz-eval-weights 3"))), Catch::Contains("version 3 unknown"));
  CHECK_THAT(refusal(resealed(replaced(good, "features " + std::to_string(builtinWeights()->features), "features 3"))),
             Catch::Contains("3 features, but this build reads"));
  CHECK_THAT(refusal(resealed(replaced(good, "w bias.late", "w bias.later"))), Catch::Contains("expected 'w bias.late <number>'"));
  CHECK_THAT(refusal(resealed(replaced(good, "w bias.open ", "w bias.open nan #"))), Catch::Contains("expected 'w bias.open <number>'"));
  CHECK_THAT(refusal(resealed(replaced(good, "w prog_me.open ", "w prog_me.open 1e9 #"))), Catch::Contains("expected 'w prog_me.open"));
  CHECK_THAT(refusal(resealed(replaced(good, "w prog_me.open ", "w prog_me.open 500\n# "))), Catch::Contains("out of range"));
  CHECK_THAT(refusal(resealed(replaced(good, "\nscale ", "\nscale -"))), Catch::Contains("scale"));
  const size_t last = good.rfind("\nw ");
  CHECK_THAT(refusal(resealed(good.substr(0, last + 1) + good.substr(good.find('\n', last + 1) + 1))),
             Catch::Contains("file ends before weight") || Catch::Contains("expected 'w "));
  CHECK_THAT(refusal(good + "w extra 1\n"), Catch::Contains("unexpected line after the checksum"));
}

TEST_CASE("the learned evaluation is the fitted linear model of the features, in points", "[learned]") {
  forQuietFeatures(31, [&](const Position& pos, const Features& f) {
    const LearnedModel& w = weightsFor(pos, *builtinWeights());
    double logit = 0;
    for (int i = 0; i < kFeatureCount; ++i) logit += w.logit[i] * f.v[i] / kFeatureUnit;
    CHECK(std::abs(learnedEvaluate(pos, *builtinWeights()) - std::clamp(logit * w.scale, -20000.0, 20000.0)) <= 1.0);
  });
}

TEST_CASE("the learned evaluation is the exact integer sum of its fixed-point weights over the features", "[learned]") {
  // The evaluation sums over the weighed base features only, and extracts
  // only the features its weights need (LearnedModel::needed): neither may
  // change a value, for the linear model or the network.
  REQUIRE(builtinWeights()->needed != kAllFeatures);  // some work is skipped: the test can tell
  forQuietFeatures(37, [&](const Position& pos, const Features& all) {
    for (const LearnedModel* w : {&weightsFor(pos, *builtinWeights()), static_cast<const LearnedModel*>(builtinNetwork())}) {
      Features part;
      extractFeatures(pos, part, w->needed);
      for (int i = 0; i < kFeatureCount; ++i) {
        INFO(featureName(i));
        if (w->needed >> (i / 2) & 1) CHECK(part.v[i] == all.v[i]);
        else CHECK((part.v[i] == 0 || part.v[i] == all.v[i]));
      }
      int64_t sum = 0;
      for (int i = 0; i < w->features; ++i) sum += w->fixed[i] * all.v[i];
      const int64_t one = LearnedWeights::kFixedOne * kFeatureUnit;
      const int64_t points = sum >= 0 ? (sum + one / 2) / one : -((-sum + one / 2) / one);
      int32_t in[kNetInputs];
      networkInputs(all, in);
      CHECK(evaluateModel(pos, *w) == std::clamp<int64_t>(points + networkTerm(in, *w), -20000, 20000));
    }
  });
}

TEST_CASE("every symmetric image of a position has the same features and the same evaluations", "[learned][symmetry]") {
  // The built-in boards and random custom layouts, those with a symmetry
  // besides the identity; both marble sets; whole random games.
  Rng rng(5);
  std::vector<Geometry> layouts = builtinAndRandomLayouts(rng, 400);
  std::vector<const Geometry*> symmetric;
  for (const Geometry& g : layouts)
    if (layoutSymmetries(g).size() > 1) symmetric.push_back(&g);
  REQUIRE(symmetric.size() >= 4);
  RandomGames run;
  run.boards = symmetric;
  run.seed = 13;
  int checked = 0;
  run.atPosition = [&](const Game& game, const std::vector<Move>&, Rng&) {
    const Position& pos = game.position();
    if (!quiet(pos)) return;
    Features f;
    extractFeatures(pos, f);
    const int classic = evaluate(pos, classicEvalParams()), learned = learnedEvaluate(pos, *builtinWeights());
    const int network = learnedEvaluate(pos, *builtinNetwork());
    for (const Symmetry& s : layoutSymmetries(*pos.geo)) {
      const Position image = transformPosition(pos, s);
      Features fi;
      extractFeatures(image, fi);
      INFO("layout " << pos.geo->token << " transform " << s.transform);
      for (int i = 0; i < kFeatureCount; ++i) CHECK(fi.v[i] == f.v[i]);
      CHECK(evaluate(image, classicEvalParams()) == classic);
      CHECK(learnedEvaluate(image, *builtinWeights()) == learned);
      CHECK(learnedEvaluate(image, *builtinNetwork()) == network);
    }
    ++checked;
  };
  playRandomGames(run);
  CHECK(checked > 100);
}

TEST_CASE("a removal that cuts off a group with no vacant ring, or one to fill, is an isolation for both players",
          "[learned][features]") {
  // One column a1..a5: white, vacant, black, vacant, grey. Removing a2 cuts
  // off a1 (no vacant ring: captured) and a3-a5 (a4 to fill); removing a4
  // cuts off a5 and a1-a3 (a2 to fill): four isolations.
  const Position cut = positionFrom("blitz 0:5 W.B.G 4,6,8 0,0,0 0,0,0 0");
  REQUIRE(quiet(cut));
  CHECK(featureValue(cut, "rmiso_count") == 4);
  CHECK(featureValue(cut, "rmiso_me") > 0);
  CHECK(featureValue(cut, "rmiso_opp") > 0);
  CHECK(featureValue(cut, "vacant_odd") == 0);
  // The full board at the start: no removable ring splits the rings.
  const Position open = Position::start(kLayout37, Standard);
  CHECK(featureValue(open, "rmiso_count") == 0);
  CHECK(featureValue(open, "rmiso_me") == 0);
}

TEST_CASE("feature rows round-trip through the data file reader, and damaged files are refused", "[learned][data]") {
  std::string file = cli::featureFileHeader();
  std::vector<cli::FeatureRow> written;
  RandomGames run;
  run.seed = 17;
  run.atPosition = [&](const Game& game, const std::vector<Move>&, Rng& rng) {
    if (!quiet(game.position())) return;
    cli::FeatureRow row;
    std::string error;
    REQUIRE(cli::describePosition(game.position(), row, error));
    row.game = uint32_t(rng.next());
    row.ply = uint16_t(game.moves().size());
    row.result = int8_t(int(rng.below(3)) - 1);
    row.split = uint8_t(rng.below(4));
    row.exact = uint8_t(rng.below(2));
    row.hasSearch = rng.below(2);
    row.search = row.hasSearch ? int32_t(rng.below(60001)) - 30000 : 0;
    written.push_back(row);
    cli::appendFeatureRow(file, row);
  };
  playRandomGames(run);
  std::vector<cli::FeatureRow> read;
  std::string error;
  REQUIRE(cli::readFeatureFile(file, read, error));
  REQUIRE(read.size() == written.size());
  CHECK(read == written);
  read.clear();
  CHECK_FALSE(cli::readFeatureFile(file.substr(0, file.size() - 3), read, error));
  CHECK_THAT(error, Catch::Contains("truncated"));
  CHECK_FALSE(cli::readFeatureFile("zertz-features 3 3 a,b,c\n", read, error));
  CHECK_THAT(error, Catch::Contains("not a feature file of this build"));
  CHECK_FALSE(cli::readFeatureFile("zertz-features 1 3 a,b,c\n", read, error));
  CHECK_THAT(error, Catch::Contains("version 1") && Catch::Contains("make it again"));
  std::string badField = file;
  badField[cli::featureFileHeader().size() + 8] = 5;  // result 5
  CHECK_FALSE(cli::readFeatureFile(badField, read, error));
  CHECK_THAT(error, Catch::Contains("row 0") && Catch::Contains("out of range"));
  // A search value without its flag is damage, not a zero to be trusted.
  std::string strayValue = file;
  const size_t row0 = cli::featureFileHeader().size();
  strayValue[row0 + 11] = 0;  // flags: no search value
  strayValue[row0 + 16] = 7;  // yet a search value
  CHECK_FALSE(cli::readFeatureFile(strayValue, read, error));
  CHECK_THAT(error, Catch::Contains("row 0") && Catch::Contains("out of range"));
}

TEST_CASE("the split holds a game out by its name alone, a tenth of games", "[learned][data]") {
  int held = 0;
  for (int i = 0; i < 10000; ++i) held += cli::gameSplit(cli::gameHash("Z-game-" + std::to_string(i) + ".sgf"), false) & 1;
  CHECK(held > 900);
  CHECK(held < 1100);
  CHECK(cli::gameSplit(cli::gameHash("a.sgf"), true) == (cli::gameSplit(cli::gameHash("a.sgf"), false) | 2));
}

TEST_CASE("players choose the classic or the learned evaluation by name", "[learned][players]") {
  PlayerFn p;
  std::string error;
  CHECK(makePlayer("nodes:2000@classic", 0, p, error));
  CHECK(makePlayer("level4@learned", 0, p, error));
  CHECK_FALSE(makePlayer("level4@clasic", 0, p, error));
  CHECK_THAT(error, Catch::Contains("clasic"));
}

TEST_CASE("selfplay output round-trips through the reader, the same whatever the threads", "[learned][data]") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  auto run = [&](const std::string& threads) {
    const std::string path = dir + "/zertz_selfplay_test_" + threads + ".zf";
    cli::Args args{"--out", path, "--games", "6", "--nodes", "300", "--threads", threads, "--seed", "3"};
    REQUIRE(cli::commands().at("selfplay").run(args) == 0);
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::filesystem::remove(path);
    return ss.str();
  };
  const std::string bytes = run("1");
  CHECK(run("2") == bytes);
  std::vector<cli::FeatureRow> rows;
  std::string error;
  REQUIRE(cli::readFeatureFile(bytes, rows, error));
  REQUIRE(rows.size() > 20);
  std::string again = cli::featureFileHeader();
  for (const cli::FeatureRow& r : rows) cli::appendFeatureRow(again, r);
  CHECK(again == bytes);
  // Every board and both marble sets appear (game i: board i % 3, set (i / 3) % 2).
  std::set<std::pair<int, int>> variants;
  for (const cli::FeatureRow& r : rows) variants.insert({r.cells, r.set});
  CHECK(variants.size() == 6);
  // Every self-play row carries its search's value; a proven one agrees with the exact label.
  for (const cli::FeatureRow& r : rows) {
    CHECK(r.hasSearch);
    if (r.exact) CHECK((r.search > kWinBound ? 1 : -1) == r.result);
    else CHECK(std::abs(r.search) <= kWinBound);
  }
}

TEST_CASE("selfplay on one named variant plays every game there, a half-named or unknown one is refused",
          "[learned][data]") {
  const std::string path = std::filesystem::temp_directory_path().string() + "/zertz_selfplay_variant_test.zf";
  auto run = [&](cli::Args extra) {
    cli::Args args{"--out", path, "--games", "4", "--nodes", "300", "--seed", "5"};
    args.insert(args.end(), extra.begin(), extra.end());
    return cli::commands().at("selfplay").run(args);
  };
  REQUIRE(run({"--marbles", "blitz", "--layout", "48"}) == 0);
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::filesystem::remove(path);
  std::vector<cli::FeatureRow> rows;
  std::string error;
  REQUIRE(cli::readFeatureFile(ss.str(), rows, error));
  std::set<uint32_t> games;
  for (const cli::FeatureRow& r : rows) {
    CHECK((r.cells == 48 && r.set == Blitz));
    games.insert(r.game);
  }
  CHECK(games.size() == 4);
  CHECK(run({"--marbles", "blitz"}) == 2);
  CHECK(run({"--layout", "37"}) == 2);
  CHECK(run({"--marbles", "blitz", "--layout", "36"}) == 2);
  CHECK(run({"--marbles", "fast", "--layout", "37"}) == 2);
}

namespace {

// A linear weights file's general model with a `variant` section appended:
// the general weights again at `scale` points per logit.
std::string withVariant(const std::string& general, const std::string& header, const std::string& scale) {
  const std::string body = general.substr(0, general.rfind("checksum "));
  const size_t first = body.find("\nw ") + 1;
  return resealed(body + header + "\nscale " + scale + "\n" + body.substr(first) + "checksum \n");
}

std::string linearGeneral() {
  LearnedWeights w;
  std::string error, text = weightsFileText("eval-v3.txt");  // a file without variants
  REQUIRE(parseWeights(text, w, error));
  REQUIRE(w.variantCount == 0);
  return text;
}

}  // namespace

TEST_CASE("a variant part evaluates the positions of its layout and marble set, and only those", "[learned]") {
  const std::string general = linearGeneral();
  LearnedWeights plain, doubled;
  std::string error;
  REQUIRE(parseWeights(general, plain, error));
  const std::string twice = std::to_string(plain.scale * 2);
  REQUIRE(parseWeights(withVariant(general, "variant 37 blitz", twice.substr(0, twice.find('.') + 7)), doubled, error));
  REQUIRE(doubled.variantCount == 1);
  int blitz37 = 0, others = 0;
  forQuietPositions(41, [&](const Position& pos) {
    const int base = learnedEvaluate(pos, plain), v = learnedEvaluate(pos, doubled);
    if (pos.set == Blitz && std::string_view(pos.geo->token) == "37") {
      ++blitz37;
      CHECK(&weightsFor(pos, doubled) == &doubled.variant[0].model);
      CHECK(std::abs(v - std::clamp(2 * base, -20000, 20000)) <= 2);
    } else {
      ++others;
      CHECK(&weightsFor(pos, doubled) == static_cast<const LearnedModel*>(&doubled));
      CHECK(v == base);
    }
  });
  CHECK((blitz37 > 0 && others > 0));  // the harness reached both kinds
  // The default (`make train`) reads with its two parts.
  LearnedWeights fromFile;
  REQUIRE(parseWeights(weightsFileText(builtinWeightsFile()), fromFile, error));
  CHECK(fromFile.variantCount == 2);
}

TEST_CASE("a damaged variant section is refused with the line and the reason", "[learned]") {
  const std::string general = linearGeneral();
  const std::string scale = "600.0";
  CHECK_THAT(refusal(withVariant(general, "variant 36 blitz", scale)), Catch::Contains("'36' is not a built-in layout"));
  CHECK_THAT(refusal(withVariant(general, "variant 37 tournament", scale)), Catch::Contains("marble set 'tournament' unknown"));
  CHECK_THAT(refusal(withVariant(general, "variant 37", scale)), Catch::Contains("marble set '' unknown"));
  const std::string once = withVariant(general, "variant 48 standard", scale);
  CHECK_THAT(refusal(withVariant(once, "variant 48 standard", scale)), Catch::Contains("a second 'variant 48 standard'"));
  CHECK_THAT(refusal(withVariant(general, "variant 48 standard", "-1")), Catch::Contains("scale"));
  const std::string cut = once.substr(0, once.rfind("\nw ") + 1) + "checksum \n";
  CHECK_THAT(refusal(resealed(cut)), Catch::Contains("expected 'w ") && Catch::Contains("weight 80"));
  CHECK_THAT(refusal(withVariant(weightsFileText("eval-v2.txt"), "variant 37 blitz", scale)),
             Catch::Contains("variant sections are read in linear (version 1) files only"));
  CHECK_THAT(refusal(once + "variant 37 blitz\n"), Catch::Contains("unexpected line after the checksum"));
}
