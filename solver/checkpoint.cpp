// Checkpoints: solver state through Boost.Serialization, bulk values as raw
// files. Every write goes to a temporary name and is renamed into place, so
// a kill leaves either the old or the new file, never a torn one; the
// metadata carries the CRC and size of its raw file and is written last.
//
// Two slots alternate (seq % 2). All ranks save at the same collective
// point, so after a crash ranks differ by at most one sequence number and
// the newest sequence every rank still holds is a consistent restart point.
#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/tables/tb_probe.h"
#include "solver.h"

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {

struct Meta {
  std::string magic = "zertz-solve-checkpoint";
  int version = 1;
  int set = 0, maxRings = 0, ranks = 0, rank = 0;
  uint64_t scheme = 0;
  uint64_t seq = 0;
  int level = 1, sliceDone = 0;
  bool regionDone = false;
  int64_t steps = 0;
  uint64_t valuesSize = 0;
  uint32_t valuesCrc = 0;
  std::vector<uint32_t> levelCrcs;  // CRC32 of this rank's file of each finished level

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar & magic & version & set & maxRings & ranks & rank & scheme & seq & level & sliceDone &
        regionDone & steps & valuesSize & valuesCrc & levelCrcs;
  }
};

void writeRaw(const fs::path& path, const std::vector<uint8_t>& data) {
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, path);
}

bool readRaw(const fs::path& path, std::vector<uint8_t>& data, uint64_t size) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  data.resize(size);
  in.read(reinterpret_cast<char*>(data.data()), std::streamsize(size));
  return in.gcount() == std::streamsize(size) && in.peek() == EOF;
}

bool readMeta(const fs::path& path, Meta& m) {
  std::ifstream in(path);
  if (!in) return false;
  try {
    boost::archive::text_iarchive ar(in);
    ar >> m;
  } catch (const std::exception&) {
    return false;
  }
  return m.magic == "zertz-solve-checkpoint" && m.version == 1;
}

}  // namespace

std::string Solver::rankFile(const std::string& what, int rank) const {
  return (fs::path(cfg_.out) / "checkpoint" /
          (std::string(kMarbleSets[cfg_.set].name) + "-N" + std::to_string(ix_.maxRings()) + "-r" +
           std::to_string(rank) + "of" + std::to_string(size_) + "-" + what))
      .string();
}

void Solver::saveLevel(int level) {
  fs::create_directories(fs::path(cfg_.out) / "checkpoint");
  writeRaw(rankFile("L" + std::to_string(level) + ".bin", rank_), values_[level]);
  levelCrc_[level] = tb::crc32(values_[level].data(), values_[level].size());
  MPI_Barrier(comm_);
}

void Solver::saveCheckpoint() {
  fs::create_directories(fs::path(cfg_.out) / "checkpoint");
  ++seq_;
  std::string slot = "slot" + std::to_string(seq_ % 2);
  const std::vector<uint8_t> empty;
  const auto& current = level_ <= ix_.maxRings() ? values_[level_] : empty;
  writeRaw(rankFile(slot + ".bin", rank_), current);
  Meta m;
  m.set = cfg_.set, m.maxRings = ix_.maxRings(), m.ranks = size_, m.rank = rank_;
  m.scheme = ix_.schemeChecksum();
  m.seq = seq_, m.level = level_, m.sliceDone = sliceDone_, m.regionDone = regionDone_;
  m.steps = steps_;
  m.valuesSize = current.size();
  m.valuesCrc = tb::crc32(current.data(), current.size());
  for (int l = 1; l < level_ && l <= ix_.maxRings(); ++l) m.levelCrcs.push_back(levelCrc_[l]);
  fs::path meta = rankFile(slot + ".meta", rank_), tmp = meta;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    boost::archive::text_oarchive ar(out);
    ar << m;
  }
  fs::rename(tmp, meta);
  MPI_Barrier(comm_);
  lastCheckpoint_ = MPI_Wtime();
}

bool Solver::loadCheckpoint() {
  // Newest valid sequence per slot on this rank.
  Meta slots[2];
  bool ok[2] = {};
  for (int s = 0; s < 2; ++s) {
    ok[s] = readMeta(rankFile("slot" + std::to_string(s) + ".meta", rank_), slots[s]) &&
            slots[s].set == int(cfg_.set) && slots[s].maxRings == ix_.maxRings() &&
            slots[s].ranks == size_ && slots[s].rank == rank_ && slots[s].scheme == ix_.schemeChecksum();
  }
  uint64_t newest = 0;
  for (int s = 0; s < 2; ++s)
    if (ok[s]) newest = std::max(newest, slots[s].seq);
  uint64_t common = 0;
  MPI_Allreduce(&newest, &common, 1, MPI_UINT64_T, MPI_MIN, comm_);
  int have = -1;
  for (int s = 0; s < 2; ++s)
    if (ok[s] && slots[s].seq == common) have = s;
  const Meta* m = have >= 0 ? &slots[have] : nullptr;
  // The raw files must be intact too.
  bool good = common > 0 && m;
  if (good && m->level <= ix_.maxRings()) {
    uint64_t mySize = localSize(m->level, rank_);
    std::vector<uint8_t>& cur = values_[m->level];
    if (m->valuesSize == 0) cur.assign(mySize, tb::kCodeInvalid);
    else good = m->valuesSize == mySize && readRaw(rankFile("slot" + std::to_string(have) + ".bin", rank_), cur, mySize) &&
                tb::crc32(cur.data(), cur.size()) == m->valuesCrc;
  }
  for (int l = 1; good && m && l < m->level && l <= ix_.maxRings(); ++l) {
    uint64_t mySize = localSize(l, rank_);
    good = readRaw(rankFile("L" + std::to_string(l) + ".bin", rank_), values_[l], mySize) &&
           size_t(l - 1) < m->levelCrcs.size() &&
           tb::crc32(values_[l].data(), values_[l].size()) == m->levelCrcs[size_t(l - 1)];
  }
  int mine = good ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm_);
  if (!all) {
    if (rank_ == 0)
      std::fprintf(stderr, "zertz-solve: no usable checkpoint for %s N=%d on %d ranks in %s; starting over\n",
                   kMarbleSets[cfg_.set].name, ix_.maxRings(), size_, cfg_.out.c_str());
    for (auto& v : values_) v.clear();
    return false;
  }
  seq_ = m->seq, level_ = m->level, sliceDone_ = m->sliceDone, regionDone_ = m->regionDone;
  for (size_t l = 0; l < m->levelCrcs.size() && l + 1 < levelCrc_.size(); ++l) levelCrc_[l + 1] = m->levelCrcs[l];
  steps_ = m->steps;
  return true;
}

}  // namespace zertz::solver
