#include "core/tables/tb_probe.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace zertz::tb {

namespace {

// CRC-32 (zlib's polynomial), sliced by 8: s[k][b] is the CRC of byte b
// followed by k zero bytes, so eight bytes fold in with independent lookups.
// Every value read checks a whole 16 KiB block, hence the speed.
struct CrcTable {
  uint32_t t[256];
  uint32_t s[8][256];
  constexpr CrcTable() : t{}, s{} {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[i] = s[0][i] = c;
    }
    for (int k = 1; k < 8; ++k)
      for (int i = 0; i < 256; ++i) s[k][i] = (s[k - 1][i] >> 8) ^ t[s[k - 1][i] & 0xff];
  }
};
constexpr CrcTable kCrc;

void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
void put64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint32_t get32(const uint8_t* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | p[i];
  return v;
}
uint64_t get64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

}  // namespace

uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc) {
  crc = ~crc;
  size_t i = 0;
  for (; std::endian::native == std::endian::little && i + 8 <= size; i += 8) {
    uint64_t w;
    std::memcpy(&w, data + i, 8);  // the next eight bytes, first in the low bits
    w ^= crc;
    const auto& s = kCrc.s;
    crc = s[7][w & 0xff] ^ s[6][(w >> 8) & 0xff] ^ s[5][(w >> 16) & 0xff] ^ s[4][(w >> 24) & 0xff] ^
          s[3][(w >> 32) & 0xff] ^ s[2][(w >> 40) & 0xff] ^ s[1][(w >> 48) & 0xff] ^ s[0][w >> 56];
  }
  for (; i < size; ++i) crc = kCrc.t[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

const char* statusText(TbStatus s) {
  switch (s) {
    case TbStatus::Ok: return "ok";
    case TbStatus::Truncated: return "file truncated";
    case TbStatus::BadMagic: return "not a Zertz table file (bad magic)";
    case TbStatus::BadVersion: return "unsupported table format version";
    case TbStatus::BadHeaderChecksum: return "header checksum mismatch (file damaged)";
    case TbStatus::BadHeader: return "impossible header fields (file damaged)";
    case TbStatus::WrongTables: return "file belongs to other tables (marble set, ring count or kind)";
    case TbStatus::WrongScheme: return "file was written under another index scheme";
    case TbStatus::BadIndexChecksum: return "block index checksum mismatch (file damaged)";
    case TbStatus::BadBlockChecksum: return "block checksum mismatch (file damaged)";
    case TbStatus::BadBlockSize: return "block has the wrong size (file damaged)";
    case TbStatus::OutOfRange: return "position index beyond the file";
  }
  return "unknown status";
}

std::string tableFileName(MarbleSetId set, int level, FileKind kind) {
  return std::string(kMarbleSets[set].name) + "-" + std::to_string(level) +
         (kind == FileKind::Wdl ? ".wdl" : ".dtm");
}

uint32_t blockPositions(FileKind kind) {
  return kind == FileKind::Wdl ? kWdlBlockPositions : kDtmBlockPositions;
}

uint32_t rawBlockSize(const TableHeader& h, uint32_t block) {
  uint64_t first = uint64_t(block) * h.positionsPerBlock;
  uint64_t n = first >= h.positions ? 0 : std::min<uint64_t>(h.positionsPerBlock, h.positions - first);
  return h.kind == FileKind::Wdl ? uint32_t((n + 3) / 4) : uint32_t(n);
}

void writeHeader(const TableHeader& h, uint8_t out[kHeaderSize]) {
  std::memset(out, 0, kHeaderSize);
  std::memcpy(out, kMagic, 8);
  put32(out + 8, h.version);
  put32(out + 12, uint32_t(h.kind));
  put32(out + 16, h.marbleSet);
  put32(out + 20, h.level);
  put32(out + 24, h.maxRings);
  put32(out + 28, h.indexScheme);
  put64(out + 32, h.schemeChecksum);
  put64(out + 40, h.positions);
  put32(out + 48, h.positionsPerBlock);
  put32(out + 52, h.numBlocks);
  put64(out + 56, h.dataOffset);
  put32(out + 64, h.indexCrc);
  put32(out + 68, h.maxPlies);
  put64(out + 72, h.wins);
  put64(out + 80, h.draws);
  put64(out + 88, h.losses);
  put32(out + 100, crc32(out, 100));
}

void writeIndex(const std::vector<BlockEntry>& entries, std::vector<uint8_t>& out) {
  out.assign(entries.size() * kIndexEntrySize, 0);
  for (size_t i = 0; i < entries.size(); ++i) {
    put64(&out[i * kIndexEntrySize], entries[i].offset);
    put32(&out[i * kIndexEntrySize + 8], entries[i].compressedSize);
    put32(&out[i * kIndexEntrySize + 12], entries[i].rawCrc);
  }
}

TbStatus parseHeader(const uint8_t* data, size_t size, TableHeader& h) {
  if (size < kHeaderSize) return TbStatus::Truncated;
  if (std::memcmp(data, kMagic, 8) != 0) return TbStatus::BadMagic;
  if (get32(data + 100) != crc32(data, 100)) return TbStatus::BadHeaderChecksum;
  h.version = get32(data + 8);
  if (h.version != kFormatVersion) return TbStatus::BadVersion;
  uint32_t kind = get32(data + 12);
  if (kind != uint32_t(FileKind::Wdl) && kind != uint32_t(FileKind::Dtm)) return TbStatus::BadHeader;
  h.kind = FileKind(kind);
  h.marbleSet = get32(data + 16);
  h.level = get32(data + 20);
  h.maxRings = get32(data + 24);
  h.indexScheme = get32(data + 28);
  h.schemeChecksum = get64(data + 32);
  h.positions = get64(data + 40);
  h.positionsPerBlock = get32(data + 48);
  h.numBlocks = get32(data + 52);
  h.dataOffset = get64(data + 56);
  h.indexCrc = get32(data + 64);
  h.maxPlies = get32(data + 68);
  h.wins = get64(data + 72);
  h.draws = get64(data + 80);
  h.losses = get64(data + 88);
  if (h.positionsPerBlock != blockPositions(h.kind) || h.marbleSet > 1 || h.level < 1 ||
      h.level > h.maxRings || h.maxRings > uint32_t(kMaxTableRings) ||
      uint64_t(h.numBlocks) != (h.positions + h.positionsPerBlock - 1) / h.positionsPerBlock ||
      h.dataOffset != kHeaderSize + uint64_t(h.numBlocks) * kIndexEntrySize)
    return TbStatus::BadHeader;
  return TbStatus::Ok;
}

TbStatus checkHeader(const TableHeader& h, const Indexer& ix, int level, FileKind kind) {
  if (h.marbleSet != uint32_t(ix.marbleSet()) || h.level != uint32_t(level) || h.kind != kind ||
      h.maxRings != uint32_t(ix.maxRings()))
    return TbStatus::WrongTables;
  if (h.indexScheme != kIndexScheme || h.schemeChecksum != ix.schemeChecksum() ||
      h.positions != ix.levelSize(level))
    return TbStatus::WrongScheme;
  return TbStatus::Ok;
}

TbStatus parseIndex(const TableHeader& h, const uint8_t* data, size_t size,
                    std::vector<BlockEntry>& out) {
  size_t need = size_t(h.numBlocks) * kIndexEntrySize;
  if (size < need) return TbStatus::Truncated;
  if (crc32(data, need) != h.indexCrc) return TbStatus::BadIndexChecksum;
  out.resize(h.numBlocks);
  uint64_t expect = 0;
  for (uint32_t i = 0; i < h.numBlocks; ++i) {
    const uint8_t* p = data + size_t(i) * kIndexEntrySize;
    out[i] = {get64(p), get32(p + 8), get32(p + 12)};
    if (out[i].offset != expect) return TbStatus::BadHeader;  // blocks are contiguous
    expect += out[i].compressedSize;
  }
  return TbStatus::Ok;
}

TbStatus locate(const TableHeader& h, const std::vector<BlockEntry>& index, uint64_t position,
                BlockRef& out) {
  if (position >= h.positions) return TbStatus::OutOfRange;
  uint32_t block = uint32_t(position / h.positionsPerBlock);
  if (block >= index.size()) return TbStatus::OutOfRange;
  out.block = block;
  out.fileOffset = h.dataOffset + index[block].offset;
  out.compressedSize = index[block].compressedSize;
  out.rawSize = rawBlockSize(h, block);
  out.rawCrc = index[block].rawCrc;
  out.slot = uint32_t(position % h.positionsPerBlock);
  return TbStatus::Ok;
}

TbStatus readValue(const TableHeader& h, const BlockRef& ref, const uint8_t* raw, size_t size,
                   uint8_t& value) {
  if (size != ref.rawSize) return TbStatus::BadBlockSize;
  if (crc32(raw, size) != ref.rawCrc) return TbStatus::BadBlockChecksum;
  if (h.kind == FileKind::Wdl) {
    if (ref.slot / 4 >= size) return TbStatus::OutOfRange;
    value = (raw[ref.slot / 4] >> (2 * (ref.slot % 4))) & 3;
  } else {
    if (ref.slot >= size) return TbStatus::OutOfRange;
    value = raw[ref.slot];
  }
  return TbStatus::Ok;
}

}  // namespace zertz::tb
