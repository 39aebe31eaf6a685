// Endgame-table files (core/tb_probe.h): header, block index, block lookup
// and value reads, with zlib inflating blocks as cli/ does.
// Input: one mode byte, then the file's bytes. Random bytes never get past the
// header CRC, so the mode bits let the fuzzer explore field values behind it:
//   bit 0: recompute the header CRC before parsing
//   bit 1: recompute the block index CRC (stored in the header, so the header
//          CRC is recomputed after it)
// Invariants: no crash or out-of-bounds read; every located block lies inside
// what the header promised; a value is returned only for a block whose size
// and CRC match, and it is in range (WDL 0..3).
#include <zlib.h>

#include <cstring>
#include <vector>

#include "core/tables/tb_reader.h"
#include "fuzz_util.h"

using namespace zertz;
using namespace zertz::tb;

namespace {

void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint32_t get32(const uint8_t* p) { return p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24; }
uint64_t get64(const uint8_t* p) { return get32(p) | uint64_t(get32(p + 4)) << 32; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  uint8_t mode = data[0];
  std::vector<uint8_t> file(data + 1, data + size);
  if (file.size() >= kHeaderSize) {
    if (mode & 2) {
      // The index CRC covers numBlocks entries; only fix it when they are present.
      uint64_t blocks = get32(file.data() + 52);
      if (kHeaderSize + blocks * kIndexEntrySize <= file.size())
        put32(file.data() + 64, crc32(file.data() + kHeaderSize, size_t(blocks) * kIndexEntrySize));
    }
    if (mode & 3) put32(file.data() + 100, crc32(file.data(), 100));
  }

  TableHeader h;
  TbStatus st = parseHeader(file.data(), file.size(), h);
  FUZZ_CHECK(std::strlen(statusText(st)) > 0, "status without text");
  if (st != TbStatus::Ok) return 0;
  std::vector<BlockEntry> index;
  st = parseIndex(h, file.data() + kHeaderSize, file.size() - kHeaderSize, index);
  if (st != TbStatus::Ok) return 0;
  FUZZ_CHECK(index.size() == h.numBlocks, "index has %zu entries, header says %u", index.size(), h.numBlocks);

  // Probe a few positions: first, last, and ones chosen by the input.
  uint64_t probes[4] = {0, h.positions ? h.positions - 1 : 0, size > 9 ? get64(data + size - 8) : 1,
                        h.positions ? (uint64_t(mode) * 40503u) % h.positions : 0};
  for (uint64_t position : probes) {
    BlockRef ref;
    if (locate(h, index, position, ref) != TbStatus::Ok) {
      FUZZ_CHECK(position >= h.positions, "locate failed for a position inside the file");
      continue;
    }
    FUZZ_CHECK(ref.rawSize <= (h.kind == FileKind::Wdl ? kWdlBlockPositions / 4 : kDtmBlockPositions),
               "raw block size %u too large", ref.rawSize);
    // The caller (cli, browser) fetches [fileOffset, fileOffset + compressedSize).
    if (ref.fileOffset > file.size() || file.size() - ref.fileOffset < ref.compressedSize) continue;
    std::vector<uint8_t> raw(ref.rawSize + 1);
    uLongf rawLen = uLongf(raw.size());
    int rc = uncompress(raw.data(), &rawLen, file.data() + ref.fileOffset, ref.compressedSize);
    if (rc != Z_OK) continue;
    uint8_t value = 0xEE;
    st = readValue(h, ref, raw.data(), rawLen, value);
    if (st != TbStatus::Ok) continue;
    FUZZ_CHECK(rawLen == ref.rawSize, "value read from a block of the wrong size");
    FUZZ_CHECK(crc32(raw.data(), rawLen) == ref.rawCrc, "value read from a block with a bad CRC");
    if (h.kind == FileKind::Wdl) FUZZ_CHECK(value <= 3, "WDL value %u out of range", value);
    TableProbe pr;
    pr.status = ProbeStatus::Found;
    pr.value = h.kind == FileKind::Dtm ? valueOfCode(value) : valueOfCode(kCodeDraw);
    (void)probeText(pr);
  }
  return 0;
}
