#include "core/tables/tb_reader.h"

#include <algorithm>

namespace zertz::tb {

namespace {

constexpr size_t kBlockCache = 64;  // verified blocks kept (16 KiB each)

// The value at `slot` of a verified block: the DTM code, or the Wdl.
uint8_t valueAt(FileKind kind, const std::vector<uint8_t>& raw, uint32_t slot) {
  return kind == FileKind::Wdl ? uint8_t((raw[slot / 4] >> (2 * (slot % 4))) & 3) : raw[slot];
}

}  // namespace

ByteSource::Got PushedBytes::head(const std::string& name, uint64_t length, std::vector<uint8_t>& out,
                                  std::string&) {
  auto it = heads_.find(name);
  if (it == heads_.end()) return Got::Pending;
  out.assign(it->second.begin(), it->second.begin() + long(std::min<uint64_t>(length, it->second.size())));
  return Got::Bytes;
}

ByteSource::Got PushedBytes::block(const std::string& name, const BlockRef& ref, std::vector<uint8_t>& raw,
                                   std::string&) {
  auto it = blocks_.find({name, ref.block});
  if (it == blocks_.end()) return Got::Pending;
  raw = it->second;
  return Got::Bytes;
}

std::string probeText(const TableProbe& p) {
  switch (p.status) {
    case ProbeStatus::Found: return valueText(p.value);
    case ProbeStatus::NotInTables: return "not in tables";
    case ProbeStatus::Pending: return "pending " + p.needName;
    case ProbeStatus::Error: return "error: " + p.message;
  }
  return "";
}

std::string readHeader(const std::vector<uint8_t>& bytes, TableHeader& out) {
  if (TbStatus s = parseHeader(bytes.data(), bytes.size(), out); s != TbStatus::Ok)
    return std::string("header: ") + statusText(s);
  return "";
}

TableReader::TableReader(std::unique_ptr<ByteSource> source, Files files, IndexerFactory indexers)
    : source_(std::move(source)), files_(files), indexers_(std::move(indexers)) {}

TableReader::SetTables& TableReader::tables(MarbleSetId set) {
  SetTables& t = sets_[set];
  if (t.known) return t;
  // N comes from the level-1 header; every file is then checked against
  // the Indexer built for it.
  const std::string name = tableFileName(set, 1, firstKind());
  std::vector<uint8_t> head;
  std::string error;
  switch (source_->head(name, kHeaderSize, head, error)) {
    case ByteSource::Got::Pending: return t;
    case ByteSource::Got::Absent: return t.known = true, t;
    case ByteSource::Got::Failed: return t.known = true, t.error = error, t;
    case ByteSource::Got::Bytes: break;
  }
  t.known = true;
  TableHeader h;
  if (std::string why = readHeader(head, h); !why.empty()) return t.error = source_->label(name) + ": " + why, t;
  t.ix = indexers_ ? indexers_(set, int(h.maxRings)) : std::make_shared<const Indexer>(set, int(h.maxRings));
  return t;
}

int TableReader::maxRings(MarbleSetId set) {
  SetTables& t = tables(set);
  return t.ix ? t.ix->maxRings() : 0;
}

TableReader::File TableReader::readFile(const std::string& name, int level, FileKind kind, const Indexer& ix,
                                        bool& pending) {
  File f;
  const std::string label = source_->label(name);
  auto fail = [&](const std::string& why) { return f.error = label + ": " + why, f; };
  std::vector<uint8_t> head;
  std::string error;
  switch (source_->head(name, kHeaderSize, head, error)) {
    case ByteSource::Got::Pending: pending = true; return fail("not available");
    case ByteSource::Got::Absent: return fail("missing");
    case ByteSource::Got::Failed: return f.error = error, f;
    case ByteSource::Got::Bytes: break;
  }
  if (std::string why = readHeader(head, f.header); !why.empty()) return fail(why);
  if (TbStatus s = checkHeader(f.header, ix, level, kind); s != TbStatus::Ok)
    return fail(std::string("header: ") + statusText(s));
  std::vector<uint8_t> bytes;
  const uint64_t indexEnd = kHeaderSize + uint64_t(f.header.numBlocks) * kIndexEntrySize;
  switch (source_->head(name, indexEnd, bytes, error)) {
    case ByteSource::Got::Bytes: break;
    case ByteSource::Got::Failed: return f.error = error, f;
    default: return fail("not available");
  }
  const size_t indexBytes = bytes.size() > kHeaderSize ? bytes.size() - kHeaderSize : 0;
  if (TbStatus s = parseIndex(f.header, bytes.data() + std::min(bytes.size(), kHeaderSize), indexBytes, f.index);
      s != TbStatus::Ok)
    return fail(std::string("block index: ") + statusText(s));
  return f;
}

const TableReader::File* TableReader::file(const std::string& name, int level, FileKind kind, const Indexer& ix,
                                           TableProbe& p) {
  auto it = loaded_.find(name);
  if (it == loaded_.end()) {
    bool pending = false;
    File f = readFile(name, level, kind, ix, pending);
    if (pending) return p.status = ProbeStatus::Error, p.message = f.error, nullptr;  // may arrive later
    it = loaded_.emplace(name, std::move(f)).first;
  }
  if (!it->second.error.empty()) return p.status = ProbeStatus::Error, p.message = it->second.error, nullptr;
  return &it->second;
}

std::string TableReader::load(const std::string& name) {
  loaded_.erase(name);
  for (auto it = blocks_.begin(); it != blocks_.end();)
    it = it->first.first == name ? blocks_.erase(it) : std::next(it);
  std::vector<uint8_t> head;
  std::string error;
  File& f = loaded_[name];
  const std::string label = source_->label(name);
  if (source_->head(name, kHeaderSize, head, error) != ByteSource::Got::Bytes)
    return f.error = error.empty() ? label + ": not available" : error;
  TableHeader h;
  if (std::string why = readHeader(head, h); !why.empty()) return f.error = label + ": " + why;
  const MarbleSetId set = MarbleSetId(h.marbleSet);
  if (name != tableFileName(set, int(h.level), h.kind)) return f.error = label + ": file name does not match its header";
  SetTables& t = tables(set);
  if (!t.error.empty()) return f.error = t.error;
  if (!t.ix) return f.error = label + ": the level-1 file of its tables is not available";
  bool pending = false;
  f = readFile(name, int(h.level), h.kind, *t.ix, pending);
  return f.error;
}

std::string TableReader::checkBlock(const std::string& name, uint32_t block, const std::vector<uint8_t>& raw) {
  auto it = loaded_.find(name);
  if (it == loaded_.end() || !it->second.error.empty()) return source_->label(name) + ": no usable header";
  const File& f = it->second;
  BlockRef ref;
  TbStatus s = locate(f.header, f.index, uint64_t(block) * f.header.positionsPerBlock, ref);
  uint8_t v;
  if (s == TbStatus::Ok) s = readValue(f.header, ref, raw.data(), raw.size(), v);
  if (s != TbStatus::Ok) return source_->label(name) + ": block " + std::to_string(block) + ": " + statusText(s);
  return "";
}

void TableReader::markDamaged(const std::string& name, const std::string& why) {
  loaded_[name].error = source_->label(name) + ": " + why;
}

bool TableReader::value(MarbleSetId set, int level, FileKind kind, uint64_t idx, uint8_t& out, TableProbe& p) {
  const std::string name = tableFileName(set, level, kind);
  const File* f = file(name, level, kind, *sets_[set].ix, p);
  if (!f) return false;
  const std::string label = source_->label(name);
  BlockRef ref;
  if (TbStatus s = locate(f->header, f->index, idx, ref); s != TbStatus::Ok)
    return p.status = ProbeStatus::Error, p.message = label + ": " + statusText(s), false;
  const auto key = std::make_pair(name, ref.block);
  auto it = blocks_.find(key);
  if (it == blocks_.end()) {
    std::vector<uint8_t> raw;
    std::string error;
    switch (source_->block(name, ref, raw, error)) {
      case ByteSource::Got::Bytes: break;
      case ByteSource::Got::Pending: return p.status = ProbeStatus::Pending, p.needName = name, p.needRef = ref, false;
      case ByteSource::Got::Absent: error = label + ": missing"; [[fallthrough]];
      case ByteSource::Got::Failed: return p.status = ProbeStatus::Error, p.message = error, false;
    }
    uint8_t unused;
    if (TbStatus s = readValue(f->header, ref, raw.data(), raw.size(), unused); s != TbStatus::Ok)
      return p.status = ProbeStatus::Error,
             p.message = label + ": block " + std::to_string(ref.block) + ": " + statusText(s), false;
    ++blocksRead_;
    if (blocks_.size() >= kBlockCache) blocks_.erase(blocks_.begin());
    it = blocks_.emplace(key, std::move(raw)).first;  // verified once; reads below index it directly
  }
  out = valueAt(kind, it->second, ref.slot);
  return true;
}

TableProbe TableReader::probe(const Position& pos) {
  TableProbe p;
  SetTables& t = tables(pos.set);
  if (!t.error.empty()) return p.status = ProbeStatus::Error, p.message = t.error, p;
  if (!t.ix) return p.message = std::string("no tables for ") + kMarbleSets[pos.set].name, p;
  int level;
  uint64_t idx;
  if (!t.ix->index(pos, level, idx, &p.message)) return p;
  uint8_t wdl = uint8_t(Wdl::Loss), code = 0;
  if (files_ == Files::WdlAndDtm) {
    if (!value(pos.set, level, FileKind::Wdl, idx, wdl, p)) return p;
    if (Wdl(wdl) == Wdl::Invalid) return p.message = "no legal move in this position", p;
    if (Wdl(wdl) == Wdl::Draw) return p.status = ProbeStatus::Found, p.value = valueOfCode(kCodeDraw), p;
  }
  if (!value(pos.set, level, FileKind::Dtm, idx, code, p)) return p;
  if (files_ == Files::WdlAndDtm && wdlOfCode(code) != Wdl(wdl))
    return p.status = ProbeStatus::Error,
           p.message = "WDL and DTM files disagree for this position (tables damaged)", p;
  if (code == kCodeInvalid) return p.message = "no legal move in this position", p;
  p.status = ProbeStatus::Found;
  p.value = valueOfCode(code);
  return p;
}

PushedTables::PushedTables()
    : pushed_(new PushedBytes), reader_(std::unique_ptr<ByteSource>(pushed_), TableReader::Files::DtmOnly) {}

std::string PushedTables::addFile(const std::string& name, std::vector<uint8_t> bytes) {
  pushed_->putHead(name, std::move(bytes));
  return reader_.load(name);
}

std::string PushedTables::addBlock(const std::string& name, uint32_t block, std::vector<uint8_t> raw) {
  std::string error = reader_.checkBlock(name, block, raw);
  if (error.empty()) pushed_->putBlock(name, block, std::move(raw));
  return error;
}

}  // namespace zertz::tb
