// Endgame-table files and the narrow probe API over them (Fathom-like).
//
// One file per (marble set, ring count n, kind): "<set>-<n>.wdl" and
// "<set>-<n>.dtm" (tableFileName). Layout, little endian:
//   header (kHeaderSize bytes, CRC32 of its first 100 bytes at offset 100)
//   block index: numBlocks entries {u64 offset from dataOffset,
//                u32 compressed size, u32 CRC32 of the decompressed block}
//                (CRC32 of the whole index in the header)
//   blocks: zlib streams (RFC 1950, what DecompressionStream('deflate')
//           reads), each holding positionsPerBlock consecutive positions:
//           WDL 2 bits per position (4 per byte, low bits first),
//           DTM 1 byte per position (a Code, see below).
// One probe needs one block of one file: one HTTP Range request.
//
// What this file does: parse and verify header and index, say which byte
// range holds a position, and read the value from a decompressed block after
// checking its CRC. What it does not do: probe a position (tb_reader.h), I/O
// or decompression (cli/ uses zlib, the browser DecompressionStream). A
// damaged file gives a TbStatus error, never a value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/tables/tb_index.h"
#include "core/value.h"

namespace zertz::tb {

constexpr uint32_t kFormatVersion = 1;
constexpr size_t kHeaderSize = 104;
constexpr size_t kIndexEntrySize = 16;
constexpr char kMagic[8] = {'Z', 'E', 'R', 'T', 'Z', 'T', 'B', 0x1a};

enum class FileKind : uint32_t { Wdl = 1,
                                 Dtm = 2 };
constexpr uint32_t kWdlBlockPositions = 1u << 16;  // 16 KiB raw
constexpr uint32_t kDtmBlockPositions = 1u << 14;  // 16 KiB raw

// Value codes. In DTM files and the solver: 0 invalid (someone has won, or
// no legal move), 1 draw, d + 2 for "the game ends in d plies with perfect
// play", d odd = the side to move wins, d even = it loses.
constexpr uint8_t kCodeInvalid = 0, kCodeDraw = 1;
constexpr int kMaxPlies = 253;
constexpr uint8_t codeForPlies(int d) { return uint8_t(d + 2); }
constexpr bool codeIsWin(uint8_t c) { return c >= 2 && ((c - 2) & 1); }
constexpr bool codeIsLoss(uint8_t c) { return c >= 2 && !((c - 2) & 1); }
constexpr int codePlies(uint8_t c) { return c - 2; }
// The exact value a valid DTM code stands for (kCodeInvalid: Unknown).
constexpr GameValue valueOfCode(uint8_t c) {
  if (c == kCodeInvalid) return {};
  if (c == kCodeDraw) return {Outcome::Draw, -1, true};
  return {codeIsWin(c) ? Outcome::Win : Outcome::Loss, codePlies(c), true};
}

// 2-bit WDL codes of WDL files.
enum class Wdl : uint8_t { Invalid = 0,
                           Draw = 1,
                           Win = 2,
                           Loss = 3 };
constexpr Wdl wdlOfCode(uint8_t c) {
  return c == kCodeInvalid ? Wdl::Invalid : c == kCodeDraw ? Wdl::Draw
                                        : codeIsWin(c)     ? Wdl::Win
                                                           : Wdl::Loss;
}

enum class TbStatus : uint8_t {
  Ok,
  Truncated,          // fewer bytes than the header/index/block needs
  BadMagic,           // not a Zèrtz table file
  BadVersion,         // format version this build cannot read
  BadHeaderChecksum,  // header damaged
  BadHeader,          // impossible field values
  WrongTables,        // other marble set / level / kind than asked for
  WrongScheme,        // written under another index scheme (checksum differs)
  BadIndexChecksum,   // block index damaged
  BadBlockChecksum,   // block damaged (CRC of decompressed data differs)
  BadBlockSize,       // decompressed block has the wrong length
  OutOfRange,         // index beyond the file's positions
};
const char* statusText(TbStatus s);

struct TableHeader {
  uint32_t version = kFormatVersion;
  FileKind kind = FileKind::Wdl;
  uint32_t marbleSet = 0;
  uint32_t level = 0;     // ring count of every position in this file
  uint32_t maxRings = 0;  // N of the table set it belongs to
  uint32_t indexScheme = kIndexScheme;
  uint64_t schemeChecksum = 0;
  uint64_t positions = 0;
  uint32_t positionsPerBlock = 0;
  uint32_t numBlocks = 0;
  uint64_t dataOffset = 0;
  uint32_t indexCrc = 0;
  uint32_t maxPlies = 0;
  uint64_t wins = 0, draws = 0, losses = 0;  // over valid positions
};

struct BlockEntry {
  uint64_t offset = 0;  // from dataOffset
  uint32_t compressedSize = 0;
  uint32_t rawCrc = 0;
};

// Where a position lives: the byte range to fetch and the slot inside the
// decompressed block.
struct BlockRef {
  uint32_t block = 0;
  uint64_t fileOffset = 0;
  uint32_t compressedSize = 0;
  uint32_t rawSize = 0;
  uint32_t rawCrc = 0;
  uint32_t slot = 0;
};

uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc = 0);

std::string tableFileName(MarbleSetId set, int level, FileKind kind);
uint32_t blockPositions(FileKind kind);
uint32_t rawBlockSize(const TableHeader& h, uint32_t block);

void writeHeader(const TableHeader& h, uint8_t out[kHeaderSize]);
void writeIndex(const std::vector<BlockEntry>& entries, std::vector<uint8_t>& out);

// Parses and verifies the first kHeaderSize bytes.
TbStatus parseHeader(const uint8_t* data, size_t size, TableHeader& out);
// The header belongs to these tables (set, level, kind, scheme, size).
TbStatus checkHeader(const TableHeader& h, const Indexer& ix, int level, FileKind kind);
// Parses and verifies the block index (numBlocks * kIndexEntrySize bytes
// starting at kHeaderSize).
TbStatus parseIndex(const TableHeader& h, const uint8_t* data, size_t size,
                    std::vector<BlockEntry>& out);
TbStatus locate(const TableHeader& h, const std::vector<BlockEntry>& index, uint64_t position,
                BlockRef& out);
// Verifies a decompressed block against ref and reads one value: the DTM
// code for DTM files, the Wdl for WDL files (as uint8_t).
TbStatus readValue(const TableHeader& h, const BlockRef& ref, const uint8_t* raw, size_t size,
                   uint8_t& value);

}  // namespace zertz::tb
