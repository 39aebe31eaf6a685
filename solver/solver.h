// The MPI driver of the retrograde solver: solves every table position with
// 1..N rings, level by level (ring count never grows), and inside a level
// one ring shape at a time (solver/retro/shape_solver.h: a shape's
// successors stay in the shape or fall to lower, finished levels). The only
// folder of the project that uses MPI; the retrograde rules live in
// solver/retro/, which does not.
//
// Work split: the unfinished shapes of a level are dealt to the ranks.
// Dynamic (default): every rank walks the list and claims the next shape
// not claimed yet by creating a claim file exclusively (O_EXCL), in a
// folder of this run only, so a crashed run leaves no stale claim; a rank
// that gets less CPU simply takes fewer shapes. Static: the i-th to rank
// i mod K (shapes of a level have equal sizes, their work differs).
// No values travel between ranks: a rank reads the lower levels' shapes it
// needs from their files (shared storage on a cluster) through an LRU
// cache, and writes each finished shape to its own file. A level ends when
// every shape has its file; then the ranks compress a share of its blocks
// each and rank 0 assembles the level's table files in shape order. Values
// are exact game values, so the files are identical for any K.
//
// Checkpoints are the shape files themselves (atomic: temporary name, then
// rename) plus a manifest (Boost.Serialization) naming the solve and the
// levels whose tables are written. `--resume` checks every shape file's CRC,
// solves again what is missing or damaged, and skips the rest; the rank
// count may differ from the interrupted run's, also between levels.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/tables/tb_index.h"
#include "solver/retro/shape_solver.h"
#include "solver/retro/shape_store.h"

namespace zertz::solver {

struct Config {
  MarbleSetId set = Blitz;
  int maxRings = 4;
  std::string out;
  bool resume = false;
  bool keepCheckpoints = false;  // keep OUT/checkpoint after a successful run
  bool quiet = false;
  int64_t crashAfter = -1;  // test hook: SIGKILL self after this many shapes
  int stepDelayMs = 0;      // test hook: sleep after every shape, so a test can act mid-level
  int stopAfterLevel = 0;   // > 0: stop once this level's tables are written
  int onlyLevel = 0;        // > 0: solve shapes [shapesFrom, shapesTo) of this level only, then stop
  int shapesFrom = 0, shapesTo = -1;
  int partIndex = 0, partCount = 0;         // > 0: shapes [I * n / J, (I + 1) * n / J) of onlyLevel
  uint64_t cacheBytes = uint64_t(1) << 30;  // lower-level shapes kept per rank
  bool dynamicDeal = true;                  // shapes claimed first-come (false: the i-th to rank i mod K)
};

struct LevelStats {
  uint64_t positions = 0, successors = 0, shapes = 0, bytesRead = 0;
  uint64_t regionPositions = 0, sweeps = 0, lowerBytes = 0;
  double maxShapeSeconds = 0;  // the slowest shape of this rank
  double seconds = 0, cpuSeconds = 0, idleSeconds = 0, exportSeconds = 0, exportCpuSeconds = 0;
};

class Solver {
 public:
  Solver(MPI_Comm comm, const Config& cfg);
  // Solves all levels (resuming when asked) and writes the tables.
  int run();

 private:
  void prepare();         // output folder, manifest, resume checks
  int checkShapeFiles();  // resume: drops damaged shape files; lowest damaged level or 0
  std::vector<int> missingShapes(int level, int from, int to);
  bool claim(int level, int shape, size_t i);  // this rank solves it
  void solveLevel(int level, int from, int to, LevelStats& st);
  void step();  // counts shapes, crash and delay hooks
  void exportLevel(int level, LevelStats& st);
  void reportLevel(int level, const LevelStats& st);
  void finish();
  // checkpoint.cpp: the run manifest (Boost.Serialization), rank 0 only.
  bool loadManifest(int& levelsDone) const;
  void saveManifest(int levelsDone) const;
  std::string checkpointDir() const;

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  Config cfg_;
  tb::Indexer ix_;
  ShapeFiles files_;
  LowerCache lower_;
  int levelsDone_ = 0;  // levels whose table files are written
  int64_t steps_ = 0;
  std::string claims_;  // this run's claim folder
  double start_ = 0;
  std::vector<LevelStats> levels_;
};

std::string peakMemory();  // VmHWM of this process
uint64_t peakMemoryBytes();
double cpuSeconds();  // of this process

}  // namespace zertz::solver
