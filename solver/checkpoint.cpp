// The run manifest: which solve a checkpoint folder belongs to (marble set,
// N, index scheme) and how many levels have their table files written,
// through Boost.Serialization. Written to a temporary name and renamed, by
// rank 0 only. The shape files next to it are the bulk of the checkpoint
// (solver/retro/shape_store.h).
#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "solver.h"

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kManifestMagic = "zertz-solve-manifest";
constexpr int kManifestVersion = 2;  // 1: per-rank slots of the level-wide solver

struct Manifest {
  std::string magic = kManifestMagic;
  int version = kManifestVersion;
  int set = 0, maxRings = 0;
  uint64_t scheme = 0;
  int levelsDone = 0;

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& magic& version& set& maxRings& scheme& levelsDone;
  }
};

}  // namespace

bool Solver::loadManifest(int& levelsDone) const {
  std::ifstream in(fs::path(checkpointDir()) / "manifest.txt");
  if (!in) return false;
  Manifest m;
  try {
    boost::archive::text_iarchive ar(in);
    ar >> m;
  } catch (const std::exception&) {
    return false;
  }
  if (m.magic != kManifestMagic || m.version != kManifestVersion || m.set != int(cfg_.set) ||
      m.maxRings != ix_.maxRings() || m.scheme != ix_.schemeChecksum() || m.levelsDone < 0 ||
      m.levelsDone > ix_.maxRings())
    return false;
  levelsDone = m.levelsDone;
  return true;
}

void Solver::saveManifest(int levelsDone) const {
  Manifest m;
  m.set = cfg_.set, m.maxRings = ix_.maxRings(), m.scheme = ix_.schemeChecksum(), m.levelsDone = levelsDone;
  const fs::path path = fs::path(checkpointDir()) / "manifest.txt";
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    boost::archive::text_oarchive ar(out);
    ar << m;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, path);
}

}  // namespace zertz::solver
