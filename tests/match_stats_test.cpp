// The statistics `zertz match` and `zertz elo` report: pooled tallies, the
// Elo interval, and the sequential test that stops a match (match_stats.h).
#include <catch2/catch.hpp>

#include <cmath>

#include "cli/match_stats.h"

using namespace zertz::cli;

TEST_CASE("a tally prints its score, Elo and 95% interval, a sweep its binomial bound") {
  CHECK(tallyFigures({562, 0, 238}) == "800 games  W 562  D 0  L 238  score 70.2%  Elo +149  95% [+124, +176]");
  CHECK(tallyFigures({10, 0, 0}) == "10 games  W 10  D 0  L 0  score 100.0%  Elo +inf  95% [+140, +inf]");
  CHECK(tallyFigures({0, 0, 7}) == "7 games  W 0  D 0  L 7  score 0.0%  Elo -inf  95% [-inf, -64]");
  CHECK(tallyFigures({}) == "no games");
}

TEST_CASE("a tally is read as W-D-L of counts, and nothing else") {
  Tally t;
  REQUIRE(parseTally("288-1-111", t));
  CHECK((t.wins == 288 && t.draws == 1 && t.losses == 111));
  for (const char* bad : {"", "12-x-3", "1--2", "0-0-0", "5-0", "-1-2-3", "1-2-3-4", "1-2-3 ", "+1-2-3", "12345678-0-0"})
    CHECK_FALSE(parseTally(bad, t));
}

TEST_CASE("the SPRT's log-likelihood ratio over pairs: the normal approximation by hand") {
  Sprt s;
  s.elo0 = 0, s.elo1 = 10;
  // A symmetric spread: mean 1/2, variance (5 + 20 + 20 + 5) pairs' squared
  // distances, (2 * 5 * 1/4 + 2 * 20 * 1/16) / 100 = 0.05; s1 = 0.514390.
  PairTally even{{5, 20, 50, 20, 5}};
  const double s1 = 1 / (1 + std::pow(10.0, -10 / 400.0));
  CHECK(s.llr(even) == Approx(100 * (s1 - 0.5) * (0.5 - s1) / (2 * 0.05)));
  CHECK(s.llr(even) == Approx(-0.207).epsilon(0.01));
  // Winning more pairs than losing moves it up, to H1 once past the bound.
  PairTally ahead{{2, 10, 40, 30, 18}};
  CHECK(s.llr(ahead) > s.upper());
  CHECK(s.decision(ahead) == 1);
  PairTally behind{{18, 30, 40, 10, 2}};
  CHECK(s.llr(behind) < s.lower());
  CHECK(s.decision(behind) == -1);
  CHECK(s.decision(even) == 0);
  CHECK(s.upper() == Approx(std::log(19.0)));
  CHECK(s.lower() == Approx(-std::log(19.0)));
}

TEST_CASE("the SPRT decides nothing before its minimum number of pairs") {
  Sprt s;
  s.elo0 = 0, s.elo1 = 50;
  PairTally sweep;
  sweep.count[4] = Sprt::kMinPairs - 1;
  CHECK(s.llr(sweep) > s.upper());  // finite: the variance has a floor
  CHECK(std::isfinite(s.llr(sweep)));
  CHECK(s.decision(sweep) == 0);
  ++sweep.count[4];
  CHECK(s.decision(sweep) == 1);
}

TEST_CASE("the SPRT option takes ELO0,ELO1 with ELO0 below ELO1 and names what is wrong") {
  Sprt s;
  std::string error;
  REQUIRE(parseSprt("-5,15.5", s, error));
  CHECK((s.elo0 == -5 && s.elo1 == 15.5));
  for (const char* bad : {"", "10", "10,", ",10", "a,b", "0,1e9", "0,2000", "0,10,20", "nan,10"}) {
    error.clear();
    CHECK_FALSE(parseSprt(bad, s, error));
    CHECK(error.find("ELO0,ELO1") != std::string::npos);
  }
  CHECK_FALSE(parseSprt("20,10", s, error));
  CHECK(error.find("ELO0 must be below ELO1") != std::string::npos);
  CHECK_FALSE(parseSprt("10,10", s, error));
}
