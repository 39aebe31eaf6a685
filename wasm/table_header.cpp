// The endgame-table file layout the hint worker needs to fetch a table with
// HTTP Range requests (web/hints/hints-worker.js): how many bytes the header is,
// and, from a header's bytes, the set's ring count and the size of the block
// index that follows it. The header is parsed and its checksum verified by
// the core's table reader (core/tables/tb_reader.h), so the page reads no
// byte offsets.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "core/json_writer.h"
#include "core/tables/tb_reader.h"

namespace {

// {"headerSize":104,"indexEntrySize":16}: what to fetch first.
std::string tableLayout() {
  return zertz::JsonWriter()
      .object()
      .field("headerSize", zertz::tb::kHeaderSize)
      .field("indexEntrySize", zertz::tb::kIndexEntrySize)
      .end()
      .take();
}

// A table file's header (its first headerSize bytes) as
// {"maxRings":n,"level":n,"blocks":n,"indexBytes":n}, or {"error":...}
// naming what is wrong (truncated, not a table, damaged header...).
std::string tableHeader(const emscripten::val& bytes) {
  const std::vector<uint8_t> b = emscripten::vecFromJSArray<uint8_t>(bytes);
  zertz::tb::TableHeader h;
  if (std::string error = zertz::tb::readHeader(b, h); !error.empty()) return zertz::jsonError(error);
  // A header with a valid checksum still bounds what the page will fetch:
  // at most 2^22 blocks (64 MB of index).
  if (h.numBlocks > (1u << 22)) return zertz::jsonError("header: too many blocks");
  return zertz::JsonWriter()
      .object()
      .field("maxRings", h.maxRings)
      .field("level", h.level)
      .field("blocks", h.numBlocks)
      .field("indexBytes", uint64_t(h.numBlocks) * zertz::tb::kIndexEntrySize)
      .end()
      .take();
}

}  // namespace

EMSCRIPTEN_BINDINGS(zertz_table_header) {
  emscripten::function("tableLayout", &tableLayout);
  emscripten::function("tableHeader", &tableHeader);
}
