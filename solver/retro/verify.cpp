#include "solver/retro/verify.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/rng.h"
#include "core/tables/tb_brute.h"
#include "core/tables/tb_probe.h"

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One table file, read a block at a time: every block is decompressed and
// checked (CRC, size) when read. Levels up to kWholeLevel positions are
// decoded whole on first use; larger ones (blitz 7: 2.2e10 positions) go
// through a cache of blocks, so verify samples them in bounded memory.
class TableFile {
 public:
  TableFile(const fs::path& path, const tb::Indexer& ix, int level, tb::FileKind kind) : path_(path), in_(path, std::ios::binary) {
    if (!in_) throw Failure(path.string() + ": missing");
    std::vector<uint8_t> head(tb::kHeaderSize);
    in_.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    check(tb::parseHeader(head.data(), size_t(in_.gcount()), h_), "header");
    check(tb::checkHeader(h_, ix, level, kind), "header");
    std::vector<uint8_t> index(size_t(h_.numBlocks) * tb::kIndexEntrySize);
    in_.read(reinterpret_cast<char*>(index.data()), std::streamsize(index.size()));
    check(tb::parseIndex(h_, index.data(), size_t(in_.gcount()), index_), "block index");
    in_.seekg(0, std::ios::end);
    size_ = uint64_t(in_.tellg());
  }
  const tb::TableHeader& header() const { return h_; }
  // Decompressed, checked block b.
  const std::vector<uint8_t>& block(uint32_t b) {
    auto it = cache_.find(b);
    if (it != cache_.end()) return it->second;
    if (cache_.size() >= 4096) cache_.clear();
    tb::BlockRef ref;
    check(tb::locate(h_, index_, uint64_t(b) * h_.positionsPerBlock, ref), "block " + std::to_string(b));
    if (ref.fileOffset + ref.compressedSize > size_) check(tb::TbStatus::Truncated, "block " + std::to_string(b));
    packed_.resize(ref.compressedSize);
    in_.clear();
    in_.seekg(std::streamoff(ref.fileOffset));
    in_.read(reinterpret_cast<char*>(packed_.data()), std::streamsize(packed_.size()));
    std::vector<uint8_t> raw(ref.rawSize);
    uLongf size = ref.rawSize;
    if (!in_ || uncompress(raw.data(), &size, packed_.data(), ref.compressedSize) != Z_OK)
      throw Failure(path_.string() + ": block " + std::to_string(b) + ": zlib stream damaged");
    raw.resize(size);
    uint8_t dummy = 0;
    check(tb::readValue(h_, ref, raw.data(), raw.size(), dummy), "block " + std::to_string(b));
    return cache_[b] = std::move(raw);
  }
  // The value of position i: DTM code, or the 2-bit WDL.
  uint8_t at(uint64_t i) {
    const std::vector<uint8_t>& raw = block(uint32_t(i / h_.positionsPerBlock));
    const uint64_t slot = i % h_.positionsPerBlock;
    return h_.kind == tb::FileKind::Wdl ? (raw[slot / 4] >> (2 * (slot % 4))) & 3 : raw[slot];
  }

 private:
  void check(tb::TbStatus s, const std::string& where) const {
    if (s != tb::TbStatus::Ok) throw Failure(path_.string() + ": " + where + ": " + tb::statusText(s));
  }
  fs::path path_;
  std::ifstream in_;
  tb::TableHeader h_;
  std::vector<tb::BlockEntry> index_;
  uint64_t size_ = 0;
  std::vector<uint8_t> packed_;
  std::map<uint32_t, std::vector<uint8_t>> cache_;
};

struct Tables {
  std::unique_ptr<tb::Indexer> ix;
  std::vector<std::unique_ptr<TableFile>> dtm;  // per level
  std::vector<std::vector<uint8_t>> whole;      // per level: every code, when small enough

  uint8_t code(int level, uint64_t idx) const {
    if (!whole[level].empty()) return whole[level][idx];
    return dtm[level]->at(idx);
  }
  uint8_t codeOf(const Position& p) const {
    if (p.winner() >= 0) return tb::codeForPlies(0);  // the side to move has lost
    int level;
    uint64_t idx;
    std::string why;
    if (!ix->index(p, level, idx, &why)) throw Failure("position outside the tables: " + why);
    return code(level, idx);
  }
};

// Every block of both files of a level intact, WDL = DTM everywhere; keeps
// the codes when the level is small enough.
void checkLevel(Tables& t, int level, const fs::path& wdlPath, uint64_t wholeLimit) {
  TableFile wdl(wdlPath, *t.ix, level, tb::FileKind::Wdl);
  TableFile& dtm = *t.dtm[level];
  const uint64_t n = dtm.header().positions;
  if (n <= wholeLimit) t.whole[level].resize(n);
  for (uint64_t i = 0; i < n; ++i) {
    const uint8_t c = dtm.at(i);
    if (wdl.at(i) != uint8_t(tb::wdlOfCode(c)))
      throw Failure(wdlPath.string() + ": position " + std::to_string(i) + " disagrees with the DTM file");
    if (n <= wholeLimit) t.whole[level][i] = c;
  }
}

std::string describe(const Position& p, uint8_t code) {
  return toPositionString(p) + " (stored code " + std::to_string(code) + ")";
}

// Retro-consistency of one position against the stored successor codes.
void retroCheck(const Tables& t, int level, uint64_t idx, const std::string& file) {
  uint8_t stored = t.code(level, idx);
  Position p;
  bool valid = t.ix->decode(level, idx, p);
  int minLoss = 1 << 20, maxWin = -1, moves = 0;
  bool draw = false;
  if (valid)
    forEachLegalMove(p, [&](const Move& m) {
      Position q = p;
      q.play(m);
      uint8_t c = t.codeOf(q);
      ++moves;
      if (c == tb::kCodeInvalid) throw Failure(file + ": successor of " + describe(p, stored) + " is invalid");
      if (c == tb::kCodeDraw) draw = true;
      else if (tb::codeIsLoss(c)) minLoss = std::min(minLoss, tb::codePlies(c));
      else maxWin = std::max(maxWin, tb::codePlies(c));
    });
  uint8_t expect;
  if (!moves) expect = tb::kCodeInvalid;
  else if (minLoss < (1 << 20)) expect = tb::codeForPlies(minLoss + 1);
  else if (draw) expect = tb::kCodeDraw;
  else expect = tb::codeForPlies(maxWin + 1);
  if (stored != expect)
    throw Failure(file + ": position " + std::to_string(idx) + " " + describe(p, stored) +
                  " is not the best over its successors (expected code " + std::to_string(expect) + ")");
}

uint64_t compareBrute(const Tables& t, tb::BruteForce& bf, const std::string& what) {
  bf.solve();
  for (size_t v = 0; v < bf.size(); ++v) {
    uint8_t stored = t.codeOf(bf.at(v)), brute = bf.code(v);
    if (stored != brute)
      throw Failure(what + ": tables say code " + std::to_string(stored) + ", brute force " +
                    std::to_string(brute) + " for " + toPositionString(bf.at(v)));
  }
  return bf.size();
}

void verifySet(const VerifyConfig& cfg, MarbleSetId set, int maxRings) {
  Tables t;
  t.ix = std::make_unique<tb::Indexer>(set, maxRings);
  t.dtm.resize(maxRings + 1);
  t.whole.resize(maxRings + 1);
  const char* name = kMarbleSets[set].name;
  for (int level = 1; level <= maxRings; ++level) {
    fs::path dtm = fs::path(cfg.dir) / tb::tableFileName(set, level, tb::FileKind::Dtm);
    fs::path wdl = fs::path(cfg.dir) / tb::tableFileName(set, level, tb::FileKind::Wdl);
    t.dtm[level] = std::make_unique<TableFile>(dtm, *t.ix, level, tb::FileKind::Dtm);
    checkLevel(t, level, wdl, cfg.wholeLevelLimit);
    std::printf("verify %s level %d: %llu positions, files intact\n", name, level,
                (unsigned long long)t.ix->levelSize(level));
  }
  Rng rng(0x5eed0000u + set);
  for (int level = 1; level <= maxRings; ++level) {
    std::string file = (fs::path(cfg.dir) / tb::tableFileName(set, level, tb::FileKind::Dtm)).string();
    uint64_t n = t.ix->levelSize(level), checked = 0;
    if (n <= cfg.retroLimit) {
      for (uint64_t i = 0; i < n; ++i) retroCheck(t, level, i, file);
      checked = n;
    } else {
      for (uint64_t k = 0; k < cfg.retroLimit; ++k) retroCheck(t, level, rng.next() % n, file);
      checked = cfg.retroLimit;
    }
    std::printf("verify %s level %d: retro-consistency on %llu positions%s\n", name, level,
                (unsigned long long)checked, checked == n ? " (all)" : " (random)");
    uint64_t nodes = 0;
    if (level <= cfg.bruteRings) {
      // Every position of the level, one graph per shape (its embedding
      // geometry holds all successors).
      for (int s = 0; s < t.ix->numShapes(level); ++s) {
        tb::BruteForce bf;
        uint64_t stride = t.ix->shapeStride(level);
        for (uint64_t i = s * stride; i < (s + 1) * stride; ++i) {
          Position p;
          if (t.ix->decode(level, i, p)) bf.addRoot(p);
        }
        nodes += compareBrute(t, bf, file);
      }
      std::printf("verify %s level %d: brute force agrees on every position (%llu graph nodes)\n", name,
                  level, (unsigned long long)nodes);
    } else {
      int roots = 0;
      for (int k = 0; k < cfg.samples; ++k) {
        Position p;
        if (!t.ix->decode(level, rng.next() % n, p)) continue;
        tb::BruteForce bf;
        bf.addRoot(p);
        nodes += compareBrute(t, bf, file);
        ++roots;
      }
      std::printf("verify %s level %d: brute force agrees from %d random roots (%llu graph nodes)\n", name,
                  level, roots, (unsigned long long)nodes);
    }
  }
}

}  // namespace

int verifyTables(const VerifyConfig& cfg) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines as they come
  try {
    if (!fs::is_directory(cfg.dir)) throw Failure(cfg.dir + ": not a directory");
    int found = 0;
    for (int set = 0; set < 2; ++set) {
      fs::path first = fs::path(cfg.dir) / tb::tableFileName(MarbleSetId(set), 1, tb::FileKind::Dtm);
      if (!fs::exists(first)) continue;
      // N from the first file's header; every file must agree with it.
      std::ifstream in(first, std::ios::binary);
      uint8_t head[tb::kHeaderSize] = {};
      in.read(reinterpret_cast<char*>(head), tb::kHeaderSize);
      tb::TableHeader h;
      if (tb::TbStatus s = tb::parseHeader(head, size_t(in.gcount()), h); s != tb::TbStatus::Ok)
        throw Failure(first.string() + ": header: " + tb::statusText(s));
      verifySet(cfg, MarbleSetId(set), int(h.maxRings));
      ++found;
    }
    if (!found) throw Failure(cfg.dir + ": no table files (<set>-1.dtm)");
    std::printf("verify: OK\n");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "verify FAILED: %s\n", e.what());
    return 1;
  }
}

}  // namespace zertz::solver
