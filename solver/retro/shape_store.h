// Finished shapes on disk, MPI-free: one file per (level, shape) under the
// checkpoint folder, written to a temporary name and renamed into place, so
// a kill leaves either no file or a whole one. A file is the shape's S(n)
// codes followed by a 16-byte trailer (magic, CRC32 of the codes, size),
// checked whenever the file is read. A level is finished when every shape
// has its file; the table files are then assembled from them in shape order.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <string>
#include <vector>

#include "core/tables/tb_index.h"
#include "solver/retro/shape_solver.h"

namespace zertz::solver {

class ShapeFiles {
 public:
  ShapeFiles(std::string dir, const tb::Indexer& ix) : dir_(std::move(dir)), ix_(ix) {}
  const std::string& dir() const { return dir_; }
  std::string path(int level, int shape) const;
  uint64_t shapeSize(int level) const { return ix_.shapeStride(level); }
  // Atomic write; throws "cannot write <path>: <reason>".
  void write(int level, int shape, const std::vector<uint8_t>& values) const;
  // The file exists with the right size and trailer magic (no CRC pass).
  bool present(int level, int shape) const;
  // Reads and checks a whole shape (size, trailer, CRC); false with a
  // reason naming the file.
  bool read(int level, int shape, uint8_t* out, std::string& why) const;
  // Maps a whole shape read-only (MAP_SHARED) and checks it as read() does;
  // null with a reason naming the file. Ranks on one node that map the same
  // file share its page-cache pages, so a lower shape two ranks read is in
  // memory (and in the shared CPU cache) once. Undo with unmap().
  const uint8_t* map(int level, int shape, std::string& why) const;
  static void unmap(const uint8_t* codes, uint64_t size);
  uint64_t bytesRead() const { return bytesRead_; }

 private:
  std::string dir_;
  const tb::Indexer& ix_;
  mutable uint64_t bytesRead_ = 0;
};

// Lower levels' shapes for a ShapeSolver, mapped whole from their files and
// kept in an LRU cache of at most `budgetBytes` (the shapes one solve needs
// are pinned until release(), whatever the budget).
class LowerCache : public LowerLevels {
 public:
  LowerCache(const ShapeFiles& files, uint64_t budgetBytes) : files_(files), budget_(budgetBytes) {}
  ~LowerCache() override;
  LowerCache(const LowerCache&) = delete;
  LowerCache& operator=(const LowerCache&) = delete;
  const uint8_t* shape(int level, int shapeId) override;
  void release() override;
  uint64_t bytesHeld() const { return held_; }

 private:
  struct Entry {
    const uint8_t* codes = nullptr;  // mapped (ShapeFiles::map)
    uint64_t size = 0;
    std::list<std::pair<int, int>>::iterator lru;
    bool pinned = false;
  };
  const ShapeFiles& files_;
  uint64_t budget_, held_ = 0;
  std::map<std::pair<int, int>, Entry> entries_;
  std::list<std::pair<int, int>> lru_;  // front: most recently used
};

// Reads a level's codes in index order from its shape files, holding one
// shape at a time (table export).
class LevelReader {
 public:
  LevelReader(const ShapeFiles& files, const tb::Indexer& ix, int level) : files_(files), ix_(ix), level_(level) {}
  void read(uint64_t first, uint64_t n, uint8_t* out);

 private:
  const ShapeFiles& files_;
  const tb::Indexer& ix_;
  int level_;
  int loaded_ = -1;
  std::vector<uint8_t> shape_;
};

}  // namespace zertz::solver
