#include "feature_data.h"

#include <fstream>
#include <sstream>

#include "core/engine/eval.h"

namespace zertz::cli {

namespace {

template <class T>
void put(std::string& out, T v) {
  auto u = static_cast<std::make_unsigned_t<T>>(v);
  for (size_t i = 0; i < sizeof(T); ++i) out.push_back(char((u >> (8 * i)) & 0xff));
}

template <class T>
T get(const unsigned char*& p) {
  std::make_unsigned_t<T> u = 0;
  for (size_t i = 0; i < sizeof(T); ++i) u |= std::make_unsigned_t<T>(p[i]) << (8 * i);
  p += sizeof(T);
  return static_cast<T>(u);
}

}  // namespace

uint32_t gameHash(std::string_view name) {
  uint32_t h = 2166136261u;
  for (unsigned char c : name) h = (h ^ c) * 16777619u;
  return h;
}

uint8_t gameSplit(uint32_t hash, bool human) { return uint8_t((hash % 10 == 0 ? 1 : 0) | (human ? 2 : 0)); }

bool describePosition(const Position& pos, FeatureRow& row, std::string& error) {
  Features f;
  extractFeatures(pos, f);
  for (int i = 0; i < kFeatureCount; ++i) {
    if (f.v[i] < -32768 || f.v[i] > 32767)
      return error = std::string("feature ") + featureName(i) + " = " + std::to_string(f.v[i]) + " does not fit 16 bits", false;
    row.f[i] = int16_t(f.v[i]);
  }
  row.cells = uint8_t(pos.geo->numCells);
  row.set = uint8_t(pos.set);
  row.classic = evaluate(pos, classicEvalParams());
  return true;
}

std::string featureFileHeader() {
  std::string h = "zertz-features " + std::to_string(kFeatureFileVersion) + " " + std::to_string(kFeatureCount) + " ";
  for (int i = 0; i < kFeatureCount; ++i) h += std::string(i ? "," : "") + featureName(i);
  return h + "\n";
}

void appendFeatureRow(std::string& out, const FeatureRow& r) {
  put(out, r.game);
  put(out, r.ply);
  put(out, r.cells);
  put(out, r.set);
  put(out, r.result);
  put(out, r.split);
  put(out, r.exact);
  put(out, uint8_t(r.hasSearch ? 1 : 0));
  put(out, r.classic);
  put(out, r.hasSearch ? r.search : 0);
  for (int16_t v : r.f) put(out, v);
}

bool readFeatureFile(std::string_view bytes, std::vector<FeatureRow>& rows, std::string& error) {
  const size_t eol = bytes.find('\n');
  const std::string header = featureFileHeader();
  if (eol == std::string_view::npos || bytes.substr(0, eol + 1) != header) {
    const std::string got(bytes.substr(0, std::min<size_t>(eol, 60)));
    const bool older = got.rfind("zertz-features 1 ", 0) == 0;
    return error = (older ? "a version 1 feature file (no search values): make it again with this build (header '"
                          : "not a feature file of this build (header '") +
                   got + "...', expected '" + header.substr(0, 60) + "...')",
           false;
  }
  const size_t body = bytes.size() - eol - 1;
  if (body % kFeatureRowBytes)
    return error = "truncated: " + std::to_string(body % kFeatureRowBytes) + " bytes after the last whole row (rows are " +
                   std::to_string(kFeatureRowBytes) + " bytes)",
           false;
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data()) + eol + 1;
  for (size_t n = 0; n < body / kFeatureRowBytes; ++n) {
    FeatureRow r;
    r.game = get<uint32_t>(p), r.ply = get<uint16_t>(p);
    r.cells = get<uint8_t>(p), r.set = get<uint8_t>(p), r.result = get<int8_t>(p);
    r.split = get<uint8_t>(p), r.exact = get<uint8_t>(p);
    const uint8_t flags = get<uint8_t>(p);
    r.classic = get<int32_t>(p), r.search = get<int32_t>(p);
    r.hasSearch = flags & 1;
    const size_t offset = eol + 1 + n * kFeatureRowBytes;
    if (flags > 1 || (!r.hasSearch && r.search != 0) || r.set > 1 || r.result < -1 || r.result > 1 || r.split > 3 ||
        r.exact > 1)
      return error = "row " + std::to_string(n) + " (byte " + std::to_string(offset) + "): a field is out of range", false;
    for (int16_t& v : r.f) v = get<int16_t>(p);
    rows.push_back(r);
  }
  return true;
}

bool readWeightsFile(const std::string& path, std::shared_ptr<const LearnedWeights>& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return error = path + ": cannot read the file", false;
  std::stringstream text;
  text << in.rdbuf();
  auto w = std::make_shared<LearnedWeights>();
  if (!parseWeights(text.str(), *w, error)) return error = path + ": " + error, false;
  out = w;
  return true;
}

}  // namespace zertz::cli
