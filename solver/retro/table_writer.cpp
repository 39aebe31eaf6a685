#include "solver/retro/table_writer.h"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace zertz::solver {

namespace fs = std::filesystem;

namespace {
const char* ext(tb::FileKind kind) { return kind == tb::FileKind::Wdl ? ".wdl" : ".dtm"; }

// A part's meta file: counts, then its block entries (offsets from the
// part's first stream), in tb::writeIndex's layout.
struct PartMeta {
  uint64_t wins = 0, draws = 0, losses = 0, maxPlies = 0;
  std::vector<tb::BlockEntry> entries;
};

void writeMeta(const std::string& path, const PartMeta& m) {
  std::vector<uint8_t> index;
  tb::writeIndex(m.entries, index);
  uint64_t head[5] = {m.wins, m.draws, m.losses, m.maxPlies, m.entries.size()};
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(head), sizeof head);
  out.write(reinterpret_cast<const char*>(index.data()), std::streamsize(index.size()));
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + path);
}

PartMeta readMeta(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  uint64_t head[5] = {};
  in.read(reinterpret_cast<char*>(head), sizeof head);
  if (!in) throw std::runtime_error("cannot read " + path);
  PartMeta m{head[0], head[1], head[2], head[3], std::vector<tb::BlockEntry>(head[4])};
  std::vector<uint8_t> index(head[4] * tb::kIndexEntrySize);
  in.read(reinterpret_cast<char*>(index.data()), std::streamsize(index.size()));
  if (!in) throw std::runtime_error("cannot read " + path);
  for (size_t i = 0; i < m.entries.size(); ++i) {
    const uint8_t* p = &index[i * tb::kIndexEntrySize];
    uint64_t off = 0;
    uint32_t size = 0, crc = 0;
    for (int k = 7; k >= 0; --k) off = off << 8 | p[k];
    for (int k = 3; k >= 0; --k) size = size << 8 | p[8 + k], crc = crc << 8 | p[12 + k];
    m.entries[i] = {off, size, crc};
  }
  return m;
}

void compressBlock(const std::vector<uint8_t>& raw, std::vector<uint8_t>& packed, std::ofstream& blob,
                   PartMeta& meta, uint64_t& offset, const std::string& path) {
  uLongf size = compressBound(uLong(raw.size()));
  packed.resize(size);
  if (compress2(packed.data(), &size, raw.data(), uLong(raw.size()), 9) != Z_OK)
    throw std::runtime_error("zlib compress failed");
  meta.entries.push_back({offset, uint32_t(size), tb::crc32(raw.data(), raw.size())});
  blob.write(reinterpret_cast<const char*>(packed.data()), std::streamsize(size));
  if (!blob) throw std::runtime_error("cannot write " + path);
  offset += size;
}
}  // namespace

tb::TableHeader tableHeader(const tb::Indexer& ix, int level, tb::FileKind kind) {
  tb::TableHeader h;
  h.kind = kind;
  h.marbleSet = ix.marbleSet();
  h.level = uint32_t(level);
  h.maxRings = uint32_t(ix.maxRings());
  h.schemeChecksum = ix.schemeChecksum();
  h.positions = ix.levelSize(level);
  h.positionsPerBlock = tb::blockPositions(kind);
  h.numBlocks = uint32_t((h.positions + h.positionsPerBlock - 1) / h.positionsPerBlock);
  h.dataOffset = tb::kHeaderSize + uint64_t(h.numBlocks) * tb::kIndexEntrySize;
  return h;
}

void writeTableParts(const tb::Indexer& ix, int level, LevelReader& reader, uint32_t firstWdl, uint32_t endWdl,
                     const std::string& prefix) {
  const tb::TableHeader wdl = tableHeader(ix, level, tb::FileKind::Wdl), dtm = tableHeader(ix, level, tb::FileKind::Dtm);
  const uint32_t per = wdl.positionsPerBlock / dtm.positionsPerBlock;
  const std::string wdlBlob = prefix + ".wdl.blob", dtmBlob = prefix + ".dtm.blob";
  std::ofstream wout(wdlBlob, std::ios::binary | std::ios::trunc), dout(dtmBlob, std::ios::binary | std::ios::trunc);
  if (!wout) throw std::runtime_error("cannot write " + wdlBlob);
  if (!dout) throw std::runtime_error("cannot write " + dtmBlob);
  PartMeta wm, dm;
  uint64_t woff = 0, doff = 0;
  std::vector<uint8_t> codes(wdl.positionsPerBlock), raw, packed;
  for (uint32_t b = firstWdl; b < endWdl && b < wdl.numBlocks; ++b) {
    const uint64_t first = uint64_t(b) * wdl.positionsPerBlock;
    const uint64_t n = std::min<uint64_t>(wdl.positionsPerBlock, wdl.positions - first);
    reader.read(first, n, codes.data());
    raw.assign(tb::rawBlockSize(wdl, b), 0);
    for (uint64_t i = 0; i < n; ++i) {
      const uint8_t c = codes[i];
      if (c != tb::kCodeInvalid && c != tb::kCodeDraw) wm.maxPlies = std::max<uint64_t>(wm.maxPlies, tb::codePlies(c));
      const tb::Wdl w = tb::wdlOfCode(c);
      wm.wins += w == tb::Wdl::Win, wm.losses += w == tb::Wdl::Loss, wm.draws += w == tb::Wdl::Draw;
      raw[i / 4] |= uint8_t(uint8_t(w) << (2 * (i % 4)));
    }
    compressBlock(raw, packed, wout, wm, woff, wdlBlob);
    for (uint32_t d = b * per; d < (b + 1) * per && d < dtm.numBlocks; ++d) {
      const uint64_t at = uint64_t(d) * dtm.positionsPerBlock - first;
      raw.assign(codes.begin() + long(at), codes.begin() + long(at + tb::rawBlockSize(dtm, d)));
      compressBlock(raw, packed, dout, dm, doff, dtmBlob);
    }
  }
  wout.close(), dout.close();
  if (!wout || !dout) throw std::runtime_error("cannot write " + prefix + " parts");
  dm.wins = wm.wins, dm.draws = wm.draws, dm.losses = wm.losses, dm.maxPlies = wm.maxPlies;
  writeMeta(prefix + ".wdl.meta", wm);
  writeMeta(prefix + ".dtm.meta", dm);
}

uint64_t assembleTable(const tb::Indexer& ix, int level, tb::FileKind kind, const std::vector<std::string>& prefixes,
                       const std::string& outPath) {
  tb::TableHeader h = tableHeader(ix, level, kind);
  std::vector<tb::BlockEntry> index;
  std::vector<std::string> blobs;
  uint64_t offset = 0;
  for (const std::string& prefix : prefixes) {
    PartMeta m = readMeta(prefix + ext(kind) + ".meta");
    h.wins += m.wins, h.draws += m.draws, h.losses += m.losses;
    h.maxPlies = std::max<uint32_t>(h.maxPlies, uint32_t(m.maxPlies));
    uint64_t partBytes = 0;
    for (auto e : m.entries) {
      partBytes = std::max<uint64_t>(partBytes, e.offset + e.compressedSize);
      e.offset += offset;
      index.push_back(e);
    }
    offset += partBytes;
    blobs.push_back(prefix + ext(kind) + ".blob");
  }
  if (index.size() != h.numBlocks)
    throw std::runtime_error(outPath + ": parts hold " + std::to_string(index.size()) + " of " +
                             std::to_string(h.numBlocks) + " blocks");
  std::vector<uint8_t> indexBytes;
  tb::writeIndex(index, indexBytes);
  h.indexCrc = tb::crc32(indexBytes.data(), indexBytes.size());
  uint8_t header[tb::kHeaderSize];
  tb::writeHeader(h, header);
  const std::string tmp = outPath + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header), tb::kHeaderSize);
    out.write(reinterpret_cast<const char*>(indexBytes.data()), std::streamsize(indexBytes.size()));
    std::vector<char> buf(1 << 20);
    for (const std::string& b : blobs) {
      std::ifstream in(b, std::ios::binary);
      if (!in) throw std::runtime_error("cannot read " + b);
      while (in.read(buf.data(), std::streamsize(buf.size())) || in.gcount() > 0)
        out.write(buf.data(), in.gcount());
    }
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  fs::rename(tmp, outPath);
  for (const std::string& prefix : prefixes) {
    std::error_code ec;
    fs::remove(prefix + ext(kind) + ".blob", ec);
    fs::remove(prefix + ext(kind) + ".meta", ec);
  }
  return fs::file_size(outPath);
}

}  // namespace zertz::solver
