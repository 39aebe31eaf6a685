// The MPI retrograde solver: solves every table position with 1..N rings,
// level by level (ring count never grows), and inside a level in progress
// order. The only folder of the project that uses MPI.
//
// Work split: each level's index space is cut into blocks of 2^12 indices
// dealt round-robin to the ranks (owner(i) = (i >> 12) % K), so every rank
// holds a fair share of every shape and progress slice; a rank keeps only
// its own blocks of every level, so memory per rank is total/K plus batches.
//
// Order inside level n (successors of a move are always already solved,
// except inside the empty-pool region):
//   * pool > 0: a placement takes a marble from the pool, a capture keeps
//     the pool and takes marbles off the board, so t = 2 * pool + board
//     drops with every move that stays on the level: waves of equal t
//     solved in increasing order form a DAG, one sweep per wave, every
//     successor final.
//   * pool = 0: placements from captures and captures can cycle, passes
//     too. Solved first, with forward sweeps in increasing distance
//     (Dijkstra by sweeps): each sweep computes, for every unresolved
//     position, the candidate value from known successors (win: 1 + min
//     known loss; loss: all successors known wins, 1 + max); the global
//     minimum candidate distance m is exact, and exactly the positions with
//     candidate m are resolved. What stays unresolved is a draw.
// Successor values are looked up in batches: every rank generates the
// successors of a batch of its positions with core movegen, sends the
// indices to their owners (MPI_Alltoallv) and gets the codes back. Values
// are exact game values, so output is identical for any K.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/tables/tb_index.h"

namespace zertz::solver {

struct Config {
  MarbleSetId set = Blitz;
  int maxRings = 4;
  std::string out;
  bool resume = false;
  int64_t crashAfter = -1;         // test hook: SIGKILL self after this many steps
  int stepDelayMs = 0;             // test hook: sleep after every step, so a test can act mid-level
  int stopAfterLevel = 0;          // > 0: stop (exit 0, no export) once this level is checkpointed
  double checkpointSeconds = 60;   // periodic checkpoints inside a level
  uint64_t batch = 1 << 18;        // positions per exchange round and rank
  bool quiet = false;
};

struct Stats {
  uint64_t positions = 0;       // positions evaluated (sweeps count each time)
  uint64_t successors = 0;
  uint64_t bytesSent = 0;       // to other ranks, requests + replies
  uint64_t rounds = 0;
  double seconds = 0;
  double mpiSeconds = 0;        // wall time inside exchange collectives (waiting included)
};

class Solver {
 public:
  Solver(MPI_Comm comm, const Config& cfg);
  // Solves all levels (resuming when asked) and writes the tables.
  int run();

 private:
  friend struct Checkpoint;
  struct Slice {
    int wave = 0;  // -1: the empty-pool region; else 2 * pool + board
    std::vector<uint32_t> chunks;  // indices into chunks_[level]
  };
  static constexpr int kBlockShift = 12;
  static constexpr uint64_t kBlock = uint64_t(1) << kBlockShift;
  int owner(uint64_t idx) const { return int((idx >> kBlockShift) % uint64_t(size_)); }
  uint64_t localOffset(uint64_t idx) const {
    return ((idx >> kBlockShift) / uint64_t(size_)) << kBlockShift | (idx & (kBlock - 1));
  }
  uint64_t localSize(int level, int rank) const;  // values rank holds of a level
  uint8_t& local(int level, uint64_t idx) { return values_[level][localOffset(idx)]; }

  void buildSlices(int level);
  // My positions of slice s (valid chunks only), at most `limit` per call
  // from where the cursor stopped; false when none were left.
  struct Cursor {
    uint64_t shape = 0, next = 0;
    size_t chunk = 0;
    bool started = false;
  };
  bool collect(int level, const Slice& s, Cursor& c, size_t limit, std::vector<uint64_t>& out) const;
  uint64_t countMine(int level, const Slice& s) const;
  // Collective: successor codes of each position; calls fn(i, codes, n).
  template <class Fn>
  void evaluate(int level, const std::vector<uint64_t>& positions, Fn&& fn);
  void successors(int level, uint64_t idx, std::vector<uint64_t>& out);

  void solveDagSlice(int level, const Slice& s);
  // One Dijkstra sweep of the empty-pool region; false when finished.
  bool cyclicSweep(int level, const std::vector<Slice*>& region);
  void step();  // counts steps, checkpoints, crash hook
  void progress(int level, const std::string& what, uint64_t done, uint64_t total);

  // checkpoint.cpp: per rank, two alternating slots (metadata through
  // Boost.Serialization + the current level's raw values) and one raw file
  // per finished level; all ranks save at the same collective point.
  bool loadCheckpoint();
  void saveCheckpoint();
  void saveLevel(int level);
  std::string rankFile(const std::string& what, int rank) const;
  // export.cpp: rank 0 writes <set>-<n>.wdl/.dtm from the level files.
  void exportTables();

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  Config cfg_;
  tb::Indexer ix_;
  std::vector<std::vector<uint8_t>> values_;  // [level][local offset]
  std::vector<uint32_t> levelCrc_;            // CRC32 of my part of each finished level
  std::vector<std::vector<tb::Indexer::Chunk>> chunks_;
  std::vector<std::vector<Slice>> slices_;

  // Progress state (checkpointed): the level being solved, how many of its
  // steps (slices, then the region's sweeps) are done.
  int level_ = 1;
  int sliceDone_ = 0;
  bool regionDone_ = false;
  uint64_t seq_ = 0;
  int64_t steps_ = 0;
  double lastCheckpoint_ = 0;
  bool checkpointDue_ = false;
  double lastLevelStart_ = 0;
  double start_ = 0;
  Stats stats_;

  // Successor shape cache: (level, shape, rings after the move) -> map.
  struct CacheEntry {
    uint64_t rings = ~0ull;
    uint32_t owner = ~0u;  // level << 24 | shape
    tb::ShapeMap map;
    bool ok = false;
  };
  std::vector<CacheEntry> cache_;
};

std::string peakMemory();  // VmHWM of this process
uint64_t peakMemoryBytes();

}  // namespace zertz::solver
