// A cache of endgame-table blocks that someone else fetched and inflated
// (the browser: HTTP Range + DecompressionStream), probed through the core
// probe API. Every check (header, block index, block CRC) is tb_probe's; a
// damaged or missing file gives a message, never a value. Pure: no I/O.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/tables/tb_probe.h"
#include "core/value.h"

namespace zertz {

struct CachedTableFile {
  tb::TableHeader header;
  std::vector<tb::BlockEntry> index;
  std::string error;  // set: damaged or unavailable
};

class TableBlockCache {
 public:
  enum class Answer { Value, NotInTables, Missing, Error };
  struct Probe {
    Answer answer = Answer::NotInTables;
    GameValue value;  // Value: exact, plies known for a win or a loss
    std::string message;
    std::string needName;  // Missing: which block to fetch
    tb::BlockRef needRef;
  };

  std::string addFile(const std::string& name, const std::vector<uint8_t>& bytes) {
    CachedTableFile& f = files_[name];
    f = CachedTableFile{};
    auto fail = [&](const std::string& why) { return f.error = name + ": " + why; };
    if (tb::TbStatus s = tb::parseHeader(bytes.data(), bytes.size(), f.header); s != tb::TbStatus::Ok)
      return fail(std::string("header: ") + tb::statusText(s));
    MarbleSetId set = MarbleSetId(f.header.marbleSet);
    if (f.header.marbleSet > 1) return fail("unknown marble set");
    if (!ix_[set] || ix_[set]->maxRings() != int(f.header.maxRings)) {
      if (f.header.maxRings < 1 || f.header.maxRings > uint32_t(tb::kMaxTableRings)) return fail("bad ring count");
      ix_[set] = std::make_unique<tb::Indexer>(set, int(f.header.maxRings));
    }
    if (tb::TbStatus s = tb::checkHeader(f.header, *ix_[set], int(f.header.level), f.header.kind); s != tb::TbStatus::Ok)
      return fail(std::string("header: ") + tb::statusText(s));
    if (name != tb::tableFileName(set, int(f.header.level), f.header.kind)) return fail("file name does not match its header");
    if (bytes.size() < tb::kHeaderSize) return fail("truncated");
    if (tb::TbStatus s = tb::parseIndex(f.header, bytes.data() + tb::kHeaderSize, bytes.size() - tb::kHeaderSize, f.index);
        s != tb::TbStatus::Ok)
      return fail(std::string("block index: ") + tb::statusText(s));
    return "";
  }
  void markDamaged(const std::string& name, const std::string& why) { files_[name].error = name + ": " + why; }
  std::string addBlock(const std::string& name, uint32_t block, const std::vector<uint8_t>& raw) {
    auto it = files_.find(name);
    if (it == files_.end() || !it->second.error.empty()) return name + ": no usable header";
    CachedTableFile& f = it->second;
    tb::BlockRef ref;
    uint64_t first = uint64_t(block) * f.header.positionsPerBlock;
    if (tb::TbStatus s = tb::locate(f.header, f.index, first, ref); s != tb::TbStatus::Ok)
      return name + ": block " + std::to_string(block) + ": " + tb::statusText(s);
    uint8_t v;
    if (tb::TbStatus s = tb::readValue(f.header, ref, raw.data(), raw.size(), v); s != tb::TbStatus::Ok) {
      f.error = name + ": block " + std::to_string(block) + ": " + tb::statusText(s);
      return f.error;
    }
    blocks_[{name, block}] = raw;  // verified once; reads below index it directly
    return "";
  }

  // DTM value of a position for the side to move.
  Probe probe(const Position& pos) {
    Probe p;
    MarbleSetId set = pos.set;
    if (!ix_[set]) return p.message = "no tables for this marble set", p;
    int level;
    uint64_t idx;
    if (!ix_[set]->index(pos, level, idx, &p.message)) return p;
    std::string name = tb::tableFileName(set, level, tb::FileKind::Dtm);
    auto it = files_.find(name);
    if (it == files_.end()) return p.answer = Answer::Error, p.message = name + ": not available", p;
    CachedTableFile& f = it->second;
    if (!f.error.empty()) return p.answer = Answer::Error, p.message = f.error, p;
    tb::BlockRef ref;
    if (tb::TbStatus s = tb::locate(f.header, f.index, idx, ref); s != tb::TbStatus::Ok)
      return p.answer = Answer::Error, p.message = name + ": " + tb::statusText(s), p;
    auto b = blocks_.find({name, ref.block});
    if (b == blocks_.end()) return p.answer = Answer::Missing, p.needName = name, p.needRef = ref, p;
    if (ref.slot >= b->second.size()) return p.answer = Answer::Error, p.message = name + ": short block", p;
    uint8_t code = b->second[ref.slot];
    if (code == tb::kCodeInvalid) return p.message = "no legal move in this position", p;
    p.answer = Answer::Value;
    p.value = tb::valueOfCode(code);
    return p;
  }
  bool any() const { return ix_[0] || ix_[1]; }

 private:
  std::unique_ptr<tb::Indexer> ix_[2];
  std::map<std::string, CachedTableFile> files_;
  std::map<std::pair<std::string, uint32_t>, std::vector<uint8_t>> blocks_;
};

}  // namespace zertz
