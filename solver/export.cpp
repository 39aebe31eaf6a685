// Writes the finished levels as table files (format: core/tb_probe.h) and a
// manifest.json for the browser. Rank 0 streams each level from the ranks'
// level files (shared storage, as on a cluster), so its memory holds one
// block at a time; zlib output is deterministic for one zlib build, hence
// bit-identical files for any rank count.
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/tables/tb_probe.h"
#include "solver.h"

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {

// Reads a level's values in index order from the per-rank files: block g
// of 2^blockShift values is the next block of rank g % K's file.
class LevelReader {
 public:
  LevelReader(const std::vector<std::string>& files, uint64_t positions, int blockShift)
      : positions_(positions), blockShift_(blockShift) {
    for (const std::string& f : files) {
      in_.emplace_back(f, std::ios::binary);
      if (!in_.back()) throw std::runtime_error("cannot read " + f);
      names_.push_back(f);
    }
  }
  // Next n values (n <= what is left).
  void read(uint8_t* out, uint64_t n) {
    while (n) {
      uint64_t block = next_ >> blockShift_;
      uint64_t blockEnd = std::min(positions_, (block + 1) << blockShift_);
      uint64_t k = std::min(n, blockEnd - next_);
      size_t r = size_t(block % in_.size());
      in_[r].read(reinterpret_cast<char*>(out), std::streamsize(k));
      if (uint64_t(in_[r].gcount()) != k) throw std::runtime_error("short level file " + names_[r]);
      out += k, n -= k, next_ += k;
    }
  }

 private:
  std::vector<std::ifstream> in_;
  std::vector<std::string> names_;
  uint64_t positions_, next_ = 0;
  int blockShift_;
};

void writeTable(const fs::path& path, tb::TableHeader h, LevelReader& reader) {
  std::vector<tb::BlockEntry> index(h.numBlocks);
  std::vector<uint8_t> data, codes(h.positionsPerBlock), raw, packed;
  std::vector<uint8_t> blob;
  for (uint32_t b = 0; b < h.numBlocks; ++b) {
    uint64_t first = uint64_t(b) * h.positionsPerBlock;
    uint64_t n = std::min<uint64_t>(h.positionsPerBlock, h.positions - first);
    reader.read(codes.data(), n);
    raw.assign(tb::rawBlockSize(h, b), 0);
    for (uint64_t i = 0; i < n; ++i) {
      uint8_t c = codes[i];
      if (c != tb::kCodeInvalid && c != tb::kCodeDraw) h.maxPlies = std::max<uint32_t>(h.maxPlies, tb::codePlies(c));
      tb::Wdl w = tb::wdlOfCode(c);
      h.wins += w == tb::Wdl::Win, h.losses += w == tb::Wdl::Loss, h.draws += w == tb::Wdl::Draw;
      if (h.kind == tb::FileKind::Wdl) {
        raw[i / 4] |= uint8_t(uint8_t(w) << (2 * (i % 4)));
      } else {
        raw[i] = c;
      }
    }
    uLongf size = compressBound(uLong(raw.size()));
    packed.resize(size);
    if (compress2(packed.data(), &size, raw.data(), uLong(raw.size()), 9) != Z_OK)
      throw std::runtime_error("zlib compress failed");
    index[b] = {blob.size(), uint32_t(size), tb::crc32(raw.data(), raw.size())};
    blob.insert(blob.end(), packed.begin(), packed.begin() + long(size));
  }
  std::vector<uint8_t> indexBytes;
  tb::writeIndex(index, indexBytes);
  h.indexCrc = tb::crc32(indexBytes.data(), indexBytes.size());
  uint8_t header[tb::kHeaderSize];
  tb::writeHeader(h, header);
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header), tb::kHeaderSize);
    out.write(reinterpret_cast<const char*>(indexBytes.data()), std::streamsize(indexBytes.size()));
    out.write(reinterpret_cast<const char*>(blob.data()), std::streamsize(blob.size()));
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, path);
}

}  // namespace

void Solver::exportTables() {
  MPI_Barrier(comm_);
  if (rank_ == 0) {
    std::string manifest = "{\n  \"format\": " + std::to_string(tb::kFormatVersion) +
                           ",\n  \"marbles\": \"" + kMarbleSets[cfg_.set].name +
                           "\",\n  \"maxRings\": " + std::to_string(ix_.maxRings()) +
                           ",\n  \"indexScheme\": " + std::to_string(tb::kIndexScheme) +
                           ",\n  \"schemeChecksum\": \"" + std::to_string(ix_.schemeChecksum()) +
                           "\",\n  \"files\": [\n";
    uint64_t totalPositions = 0, wdlBytes = 0, dtmBytes = 0;
    for (int level = 1; level <= ix_.maxRings(); ++level) {
      for (tb::FileKind kind : {tb::FileKind::Wdl, tb::FileKind::Dtm}) {
        std::vector<std::string> files;
        for (int r = 0; r < size_; ++r) files.push_back(rankFile("L" + std::to_string(level) + ".bin", r));
        LevelReader reader(files, ix_.levelSize(level), kBlockShift);
        tb::TableHeader h;
        h.kind = kind;
        h.marbleSet = cfg_.set;
        h.level = uint32_t(level);
        h.maxRings = uint32_t(ix_.maxRings());
        h.schemeChecksum = ix_.schemeChecksum();
        h.positions = ix_.levelSize(level);
        h.positionsPerBlock = tb::blockPositions(kind);
        h.numBlocks = uint32_t((h.positions + h.positionsPerBlock - 1) / h.positionsPerBlock);
        h.dataOffset = tb::kHeaderSize + uint64_t(h.numBlocks) * tb::kIndexEntrySize;
        std::string name = tb::tableFileName(cfg_.set, level, kind);
        writeTable(fs::path(cfg_.out) / name, h, reader);
        uint64_t bytes = fs::file_size(fs::path(cfg_.out) / name);
        (kind == tb::FileKind::Wdl ? wdlBytes : dtmBytes) += bytes;
        manifest += std::string(level == 1 && kind == tb::FileKind::Wdl ? "" : ",\n") +
                    "    {\"level\": " + std::to_string(level) + ", \"kind\": \"" +
                    (kind == tb::FileKind::Wdl ? "wdl" : "dtm") + "\", \"name\": \"" + name +
                    "\", \"bytes\": " + std::to_string(bytes) + ", \"positions\": " +
                    std::to_string(h.positions) + "}";
      }
      totalPositions += ix_.levelSize(level);
    }
    manifest += "\n  ]\n}\n";
    std::ofstream(fs::path(cfg_.out) / (std::string(kMarbleSets[cfg_.set].name) + ".json")) << manifest;
    std::printf("tables: %llu positions, WDL %llu bytes (%.3f bit/position), DTM %llu bytes (%.3f bit/position)\n",
                  (unsigned long long)totalPositions, (unsigned long long)wdlBytes,
                  8.0 * wdlBytes / totalPositions, (unsigned long long)dtmBytes, 8.0 * dtmBytes / totalPositions);
  }
  MPI_Barrier(comm_);
}

}  // namespace zertz::solver
