#include "core/proof/accuracy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/json.h"
#include "core/json_writer.h"

namespace zertz {

double moveAccuracy(double before, double after) {
  const double loss = std::max(0.0, before - after) * 100.0;
  return std::clamp(103.1668 * std::exp(-0.04354 * loss) - 3.1669, 0.0, 100.0);
}

namespace {

struct JudgedMove {
  int player;       // 0: the side to move at position 0
  size_t position;  // the position the move was played from
  double accuracy;
};

// Every move between two valued positions, with the stretch's values carried back.
std::vector<JudgedMove> judgedMoves(const std::vector<std::optional<PositionValue>>& values,
                                    std::vector<std::optional<double>>& probability) {
  std::vector<JudgedMove> out;
  probability.assign(values.size(), std::nullopt);
  for (size_t from = 0; from < values.size();) {
    size_t to = from;
    while (to < values.size() && values[to]) ++to;
    std::vector<PositionValue> stretch;
    for (size_t i = from; i < to; ++i) stretch.push_back(*values[i]);
    const std::vector<PositionValue> carried = stretch.size() >= 2 ? reviewLine(stretch).values : stretch;
    for (size_t i = 0; i < carried.size(); ++i) probability[from + i] = carried[i].probability();
    for (size_t i = 0; i + 1 < carried.size(); ++i)
      out.push_back({int((from + i) % 2), from + i, moveAccuracy(carried[i].probability(), 1.0 - carried[i + 1].probability())});
    from = to + 1;
  }
  return out;
}

double standardDeviation(const std::vector<double>& xs) {
  double mean = 0, squares = 0;
  for (double x : xs) mean += x;
  mean /= double(xs.size());
  for (double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / double(xs.size()));
}

// The weight of the move from `position`: how much player 0's win percentage
// moved over the window of valued positions ending there.
double volatility(const std::vector<std::optional<double>>& probability, size_t position, size_t window) {
  std::vector<double> xs;
  for (size_t i = position + 1; i-- > 0 && xs.size() < window;)
    if (probability[i]) xs.push_back(100.0 * (i % 2 ? 1.0 - *probability[i] : *probability[i]));
  return xs.size() < 2 ? 0.5 : std::clamp(standardDeviation(xs), 0.5, 12.0);
}

}  // namespace

LineAccuracy lineAccuracy(const std::vector<std::optional<PositionValue>>& values) {
  std::vector<std::optional<double>> probability;
  const std::vector<JudgedMove> moves = judgedMoves(values, probability);
  const size_t window = std::clamp<size_t>(moves.size() / 10, 2, 8);
  std::array<double, 2> weighted{0, 0}, weights{0, 0}, inverse{0, 0};
  LineAccuracy out;
  for (const JudgedMove& m : moves) {
    const double w = volatility(probability, m.position, window);
    weighted[m.player] += w * m.accuracy;
    weights[m.player] += w;
    inverse[m.player] += 1.0 / std::max(m.accuracy, 1.0);
    ++out.moves[m.player];
  }
  for (int p = 0; p < 2; ++p)
    if (out.moves[p]) out.percent[p] = (weighted[p] / weights[p] + out.moves[p] / inverse[p]) / 2.0;
  return out;
}

std::string reviewAccuracyJson(std::string_view valuesJson) {
  Json doc;
  std::string error;
  if (!parseJson(valuesJson, doc, error)) return jsonError(error);
  if (doc.kind != Json::Array) return jsonError("expected a JSON array of position values");
  std::vector<std::optional<PositionValue>> values;
  for (size_t i = 0; i < doc.items.size(); ++i) {
    const Json& e = doc.items[i];
    if (e.kind == Json::Null) {
      values.emplace_back();
      continue;
    }
    PositionValue v;
    if (e.kind != Json::String) return jsonError("entry " + std::to_string(i) + ": expected a value text or null");
    if (!parseValueText(e.text, v, error)) return jsonError("entry " + std::to_string(i) + ": " + error);
    values.emplace_back(v);
  }
  const LineAccuracy a = lineAccuracy(values);
  JsonWriter w;
  w.object().key("accuracy").array();
  for (double p : a.percent) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f", p);
    p < 0 ? w.null() : w.raw(text);
  }
  w.end().key("moves").array().value(a.moves[0]).value(a.moves[1]).end();
  return w.end().take();
}

}  // namespace zertz
