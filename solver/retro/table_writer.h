// Table files (format: core/tables/tb_probe.h) from finished shape files,
// MPI-free. The blocks of a level are compressed in parts (any split of the
// WDL blocks, e.g. one contiguous range per rank), then one writer
// assembles header, block index and the parts' streams in block order. A
// block is compressed the same way whoever compresses it (zlib level 9, one
// zlib build), so the files are bit-identical for any split.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/tables/tb_probe.h"
#include "solver/retro/shape_store.h"

namespace zertz::solver {

tb::TableHeader tableHeader(const tb::Indexer& ix, int level, tb::FileKind kind);

// Compresses WDL blocks [firstWdl, endWdl) of the level and the DTM blocks
// they cover into the files prefix.{wdl,dtm}.{blob,meta}.
void writeTableParts(const tb::Indexer& ix, int level, LevelReader& reader, uint32_t firstWdl, uint32_t endWdl,
                     const std::string& prefix);
// Assembles the table file of one kind from the parts (in block order) to
// outPath (atomically) and returns its size; the parts are removed.
uint64_t assembleTable(const tb::Indexer& ix, int level, tb::FileKind kind, const std::vector<std::string>& prefixes,
                       const std::string& outPath);

}  // namespace zertz::solver
