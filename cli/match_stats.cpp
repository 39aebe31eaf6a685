#include "match_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "command.h"

namespace zertz::cli {

double eloOf(double score) {
  score = std::clamp(score, 1e-4, 1 - 1e-4);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double scoreOf(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

std::string tallyFigures(const Tally& t) {
  const int n = t.games();
  if (n == 0) return "no games";
  const double s = (t.wins + 0.5 * t.draws) / n;
  const double var = (t.wins * std::pow(1 - s, 2) + t.draws * std::pow(0.5 - s, 2) + t.losses * std::pow(s, 2)) / n;
  const double se = std::sqrt(var / n);
  char buf[200];
  const int head = std::snprintf(buf, sizeof buf, "%d games  W %d  D %d  L %d  ", n, t.wins, t.draws, t.losses);
  char* rest = buf + head;
  const size_t room = sizeof buf - size_t(head);
  if (t.wins == n || t.losses == n) {
    // A clean sweep has no spread: the exact binomial bound instead
    // (p^n = 0.025 for the 95% two-sided interval).
    const double bound = eloOf(std::pow(0.025, 1.0 / n));
    if (t.wins == n) std::snprintf(rest, room, "score 100.0%%  Elo +inf  95%% [%+.0f, +inf]", bound);
    else std::snprintf(rest, room, "score 0.0%%  Elo -inf  95%% [-inf, %+.0f]", -bound);
    return buf;
  }
  std::snprintf(rest, room, "score %.1f%%  Elo %+.0f  95%% [%+.0f, %+.0f]", 100 * s, eloOf(s), eloOf(s - 1.96 * se),
                eloOf(s + 1.96 * se));
  return buf;
}

namespace {

constexpr long long kMaxCount = 9999999;  // a tally's count: seven digits

// A decimal number within +-1000 and nothing else.
bool eloValue(const std::string& text, double& out) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("+-.0123456789") != std::string::npos) return false;
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end && *end == 0 && std::isfinite(out) && std::fabs(out) <= 1000;
}

}  // namespace

bool parseTally(const std::string& text, Tally& t) {
  const size_t a = text.find('-'), b = a == std::string::npos ? a : text.find('-', a + 1);
  if (b == std::string::npos) return false;
  long long wins = 0, draws = 0, losses = 0;
  if (!parseInteger(text.substr(0, a), 0, kMaxCount, wins) || !parseInteger(text.substr(a + 1, b - a - 1), 0, kMaxCount, draws) ||
      !parseInteger(text.substr(b + 1), 0, kMaxCount, losses) || wins + draws + losses == 0)
    return false;
  t = Tally{int(wins), int(draws), int(losses)};
  return true;
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const PairTally& t) const {
  const int n = t.pairs();
  if (n == 0) return 0;
  double mean = 0, square = 0;
  for (int k = 0; k <= 4; ++k) {
    const double x = k / 4.0;  // the pair's score per game
    mean += t.count[k] * x, square += t.count[k] * x * x;
  }
  mean /= n;
  // Pairs that all scored alike leave no spread: a floor of a tenth of one
  // pair's half point keeps the ratio finite (kMinPairs guards the start).
  const double variance = std::max(square / n - mean * mean, 1.0 / (16.0 * 10.0 * n));
  const double s0 = scoreOf(elo0), s1 = scoreOf(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

int Sprt::decision(const PairTally& t) const {
  if (t.pairs() < kMinPairs) return 0;
  const double v = llr(t);
  return v >= upper() ? 1 : v <= lower() ? -1
                                         : 0;
}

bool parseSprt(const std::string& text, Sprt& out, std::string& error) {
  const size_t comma = text.find(',');
  Sprt s;
  if (comma == std::string::npos || !eloValue(text.substr(0, comma), s.elo0) || !eloValue(text.substr(comma + 1), s.elo1))
    return error = "--sprt needs ELO0,ELO1 (two Elo differences within +-1000, e.g. 0,20), got '" + text + "'", false;
  if (!(s.elo0 < s.elo1)) return error = "--sprt " + text + ": ELO0 must be below ELO1", false;
  out = s;
  return true;
}

}  // namespace zertz::cli
