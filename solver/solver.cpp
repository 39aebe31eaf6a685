#include "solver.h"

#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "core/json_writer.h"
#include "solver/retro/table_writer.h"

namespace zertz::solver {

namespace fs = std::filesystem;

uint64_t peakMemoryBytes() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

std::string peakMemory() {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", peakMemoryBytes() / 1048576.0);
  return buf;
}

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

Solver::Solver(MPI_Comm comm, const Config& cfg)
    : comm_(comm),
      cfg_(cfg),
      ix_(cfg.set, cfg.maxRings),
      files_((fs::path(cfg.out) / "checkpoint").string(), ix_),
      lower_(files_, cfg.cacheBytes) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  levels_.resize(ix_.maxRings() + 1);
}

std::string Solver::checkpointDir() const { return files_.dir(); }

void Solver::prepare() {
  // Rank 0 decides (folder, manifest); everyone learns the outcome.
  int levelsDone = 0, ok = 1;
  std::string error;
  if (rank_ == 0) {
    try {
      std::error_code ec;
      fs::create_directories(cfg_.out, ec);
      if (ec || !fs::is_directory(cfg_.out)) throw std::runtime_error("cannot create " + cfg_.out + ": " + ec.message());
      bool have = cfg_.resume && loadManifest(levelsDone);
      if (cfg_.resume && !have && !cfg_.quiet)
        std::printf("no usable checkpoint for %s N=%d in %s; starting over\n", kMarbleSets[cfg_.set].name,
                    ix_.maxRings(), cfg_.out.c_str());
      if (!have) {
        fs::remove_all(checkpointDir(), ec);
        fs::create_directories(checkpointDir(), ec);
        if (ec) throw std::runtime_error("cannot create " + checkpointDir() + ": " + ec.message());
        levelsDone = 0;
        saveManifest(0);
      }
    } catch (const std::exception& e) {
      ok = 0, error = e.what();
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm_);
  if (!ok) {
    if (rank_ == 0) throw std::runtime_error(error);
    MPI_Barrier(comm_);  // rank 0 aborts the job
  }
  MPI_Bcast(&levelsDone, 1, MPI_INT, 0, comm_);
  levelsDone_ = levelsDone;
  // A claim folder per run: rank 0's start time and pid name it.
  long long runId[2] = {(long long)std::time(nullptr), (long long)getpid()};
  MPI_Bcast(runId, 2, MPI_LONG_LONG, 0, comm_);
  claims_ = checkpointDir() + "/claims-" + std::to_string(runId[0]) + "-" + std::to_string(runId[1]);
  if (cfg_.resume) {
    int damaged = checkShapeFiles();
    if (damaged > 0 && damaged <= levelsDone_) {
      levelsDone_ = damaged - 1;
      if (rank_ == 0) saveManifest(levelsDone_);
    }
    if (rank_ == 0 && !cfg_.quiet)
      std::printf("resuming at level %d (levels below have their tables)\n", levelsDone_ + 1);
  }
}

int Solver::checkShapeFiles() {
  // Every shape file present is read and its CRC checked, a share per rank;
  // a damaged one is removed and solved again.
  uint64_t k = 0, intact = 0, damaged = 0;
  int lowest = 1 << 20;
  std::vector<uint8_t> buf;
  for (int level = 1; level <= ix_.maxRings(); ++level)
    for (int s = 0; s < ix_.numShapes(level); ++s, ++k) {
      if (int(k % uint64_t(size_)) != rank_ || !fs::exists(files_.path(level, s))) continue;
      buf.resize(ix_.shapeStride(level));
      std::string why;
      if (files_.read(level, s, buf.data(), why)) {
        ++intact;
        continue;
      }
      std::fprintf(stderr, "zertz-solve: rank %d: damaged checkpoint %s; solving that shape again\n", rank_, why.c_str());
      std::error_code ec;
      fs::remove(files_.path(level, s), ec);
      ++damaged, lowest = std::min(lowest, level);
    }
  uint64_t mine[2] = {intact, damaged}, sum[2];
  MPI_Allreduce(mine, sum, 2, MPI_UINT64_T, MPI_SUM, comm_);
  int low = 0;
  MPI_Allreduce(&lowest, &low, 1, MPI_INT, MPI_MIN, comm_);
  if (rank_ == 0 && !cfg_.quiet)
    std::printf("checkpoint: %llu shape files intact, %llu damaged\n", (unsigned long long)sum[0],
                (unsigned long long)sum[1]);
  return low == (1 << 20) ? 0 : low;
}

std::vector<int> Solver::missingShapes(int level, int from, int to) {
  // Rank 0 looks, so that every rank deals from the same list.
  std::vector<int> missing;
  if (rank_ == 0)
    for (int s = from; s < to; ++s)
      if (!files_.present(level, s)) missing.push_back(s);
  int n = int(missing.size());
  MPI_Bcast(&n, 1, MPI_INT, 0, comm_);
  missing.resize(n);
  MPI_Bcast(missing.data(), n, MPI_INT, 0, comm_);
  return missing;
}

bool Solver::claim(int level, int shape, size_t i) {
  if (!cfg_.dynamicDeal) return i % size_t(size_) == size_t(rank_);
  std::error_code ec;
  fs::create_directories(claims_, ec);
  const std::string path = claims_ + "/L" + std::to_string(level) + "-S" + std::to_string(shape);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd >= 0) {
    ::close(fd);
    return true;
  }
  if (errno == EEXIST) return false;
  throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

void Solver::step() {
  ++steps_;
  if (cfg_.crashAfter >= 0 && steps_ >= cfg_.crashAfter) {
    std::fprintf(stderr, "zertz-solve: rank %d: induced crash after %lld steps (--crash-after)\n", rank_,
                 (long long)steps_);
    std::fflush(stderr);
    raise(SIGKILL);
  }
  if (cfg_.stepDelayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(cfg_.stepDelayMs));
}

void Solver::solveLevel(int level, int from, int to, LevelStats& st) {
  const double t0 = MPI_Wtime(), c0 = cpuSeconds();
  const uint64_t read0 = files_.bytesRead();
  std::vector<int> missing = missingShapes(level, from, to);
  ShapeSolver solver(ix_, level);
  std::vector<uint8_t> values;
  size_t done = 0;
  for (size_t i = 0; i < missing.size(); ++i) {
    if (!claim(level, missing[i], i)) continue;
    ShapeStats ss;
    const double s0 = MPI_Wtime();
    solver.solve(missing[i], lower_, values, ss);
    files_.write(level, missing[i], values);
    st.maxShapeSeconds = std::max(st.maxShapeSeconds, MPI_Wtime() - s0);
    st.lowerBytes += ss.lowerBytes;
    st.positions += ss.positions, st.successors += ss.successors, st.regionPositions += ss.regionPositions;
    st.sweeps += ss.sweeps, ++st.shapes, ++done;
    if (rank_ == 0 && !cfg_.quiet) {
      const double now = MPI_Wtime();
      // Rank 0's view: shapes up to missing[i] are claimed, so about
      // (i + 1) / missing.size() of the level is under way.
      const double frac = double(i + 1) / double(missing.size());
      std::printf(
          "level %d/%d: shape %d (%zu of %zu unfinished), %zu by this rank, %.0f positions/s per rank, "
          "elapsed %.0fs, level ETA %.0fs, peak memory %s\n",
          level, ix_.maxRings(), missing[i], i + 1, missing.size(), done,
          double(done) * double(ix_.shapeStride(level)) / std::max(now - t0, 1e-9), now - start_,
          (now - t0) * (1 - frac) / frac, peakMemory().c_str());
      std::fflush(stdout);
    }
    step();
  }
  const double busy = MPI_Wtime();
  MPI_Barrier(comm_);
  st.idleSeconds = MPI_Wtime() - busy;
  st.seconds = MPI_Wtime() - t0;
  st.cpuSeconds = cpuSeconds() - c0;
  st.bytesRead = files_.bytesRead() - read0;
  if (rank_ == 0 && cfg_.dynamicDeal) {
    std::error_code ec;
    fs::remove_all(claims_, ec);
  }
}

void Solver::exportLevel(int level, LevelStats& st) {
  const double t0 = MPI_Wtime(), c0 = cpuSeconds();
  const uint32_t blocks = tableHeader(ix_, level, tb::FileKind::Wdl).numBlocks;
  auto prefix = [&](int r) { return checkpointDir() + "/L" + std::to_string(level) + ".part" + std::to_string(r); };
  {
    LevelReader reader(files_, ix_, level);
    const uint32_t a = uint32_t(uint64_t(blocks) * rank_ / size_), b = uint32_t(uint64_t(blocks) * (rank_ + 1) / size_);
    writeTableParts(ix_, level, reader, a, b, prefix(rank_));
  }
  MPI_Barrier(comm_);
  if (rank_ == 0) {
    std::vector<std::string> parts;
    for (int r = 0; r < size_; ++r) parts.push_back(prefix(r));
    for (tb::FileKind kind : {tb::FileKind::Wdl, tb::FileKind::Dtm})
      assembleTable(ix_, level, kind, parts, (fs::path(cfg_.out) / tb::tableFileName(cfg_.set, level, kind)).string());
    saveManifest(level);
  }
  MPI_Barrier(comm_);
  st.exportSeconds = MPI_Wtime() - t0;
  st.exportCpuSeconds = cpuSeconds() - c0;
  st.cpuSeconds += st.exportCpuSeconds;
}

void Solver::reportLevel(int level, const LevelStats& st) {
  // Sums over ranks (memory, idle: the largest rank).
  double mine[5] = {st.cpuSeconds, st.exportCpuSeconds, st.idleSeconds, double(peakMemoryBytes()), st.maxShapeSeconds};
  double sum[2], max[3];
  uint64_t counts[6] = {st.positions, st.successors, st.bytesRead, st.sweeps, st.lowerBytes, st.shapes}, total[6];
  MPI_Reduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, 0, comm_);
  MPI_Reduce(mine + 2, max, 3, MPI_DOUBLE, MPI_MAX, 0, comm_);
  MPI_Reduce(counts, total, 6, MPI_UINT64_T, MPI_SUM, 0, comm_);
  // Positions of the shapes this run solved (a resumed level solves fewer).
  const uint64_t solved = total[5] * ix_.shapeStride(level);
  levels_[level].cpuSeconds = rank_ == 0 ? sum[0] : st.cpuSeconds;
  if (rank_ != 0 || cfg_.quiet) return;
  std::printf(
      "level-summary: level %d shapes %d shape-size %llu positions %llu solved-shapes %llu valid %llu "
      "successors %llu seconds %.2f export-seconds %.2f export-cpu-seconds %.2f cpu-seconds %.2f pos/cpu-s %.0f read-bytes %llu "
      "lower-bytes %llu peak-mem/rank %.1f MiB idle-seconds %.2f max-shape-seconds %.2f sweeps %llu\n",
      level, ix_.numShapes(level), (unsigned long long)ix_.shapeStride(level),
      (unsigned long long)ix_.levelSize(level), (unsigned long long)total[5], (unsigned long long)total[0],
      (unsigned long long)total[1], st.seconds, st.exportSeconds, sum[1], sum[0],
      double(solved) / std::max(sum[0] - sum[1], 1e-9),
      (unsigned long long)total[2], (unsigned long long)total[4], max[1] / 1048576.0, max[0], max[2],
      (unsigned long long)total[3]);
  std::fflush(stdout);
}

int Solver::run() {
  start_ = MPI_Wtime();
  const double c0 = cpuSeconds();
  prepare();
  if (cfg_.onlyLevel > 0) {
    if (levelsDone_ < cfg_.onlyLevel - 1)
      throw std::runtime_error("--level " + std::to_string(cfg_.onlyLevel) + ": level " +
                               std::to_string(cfg_.onlyLevel - 1) + " has no tables yet in " + cfg_.out);
    const int n = ix_.numShapes(cfg_.onlyLevel);
    int from = std::min(cfg_.shapesFrom, n), to = cfg_.shapesTo < 0 ? n : std::min(cfg_.shapesTo, n);
    if (cfg_.partCount > 0)
      from = int(int64_t(n) * cfg_.partIndex / cfg_.partCount), to = int(int64_t(n) * (cfg_.partIndex + 1) / cfg_.partCount);
    LevelStats st;
    solveLevel(cfg_.onlyLevel, from, to, st);
    if (rank_ == 0 && !cfg_.quiet)
      std::printf("level %d: shapes %d..%d of %d solved; tables are written by a run without --level\n",
                  cfg_.onlyLevel, from, to - 1, n);
    return 0;
  }
  for (int level = levelsDone_ + 1; level <= ix_.maxRings(); ++level) {
    LevelStats& st = levels_[level];
    solveLevel(level, 0, ix_.numShapes(level), st);
    exportLevel(level, st);
    levelsDone_ = level;
    reportLevel(level, st);
    if (cfg_.stopAfterLevel == level && level < ix_.maxRings()) {
      if (rank_ == 0 && !cfg_.quiet) std::printf("stopped after level %d (--stop-after-level)\n", level);
      return 0;
    }
  }
  finish();
  // Summary for benchmarks: sums over ranks (memory: the largest rank).
  double cpu = cpuSeconds() - c0, cpuSum = 0, seconds = MPI_Wtime() - start_;
  MPI_Reduce(&cpu, &cpuSum, 1, MPI_DOUBLE, MPI_SUM, 0, comm_);
  uint64_t mine[4] = {0, 0, files_.bytesRead(), peakMemoryBytes()}, sum[4];
  for (const auto& l : levels_) mine[0] += l.positions, mine[1] += l.successors;
  MPI_Reduce(mine, sum, 3, MPI_UINT64_T, MPI_SUM, 0, comm_);
  MPI_Reduce(mine + 3, sum + 3, 1, MPI_UINT64_T, MPI_MAX, 0, comm_);
  uint64_t positions = 0;
  for (int l = 1; l <= ix_.maxRings(); ++l) positions += ix_.levelSize(l);
  if (rank_ == 0)
    std::printf(
        "summary: ranks %d positions %llu evaluated %llu successors %llu seconds %.2f cpu-seconds %.2f "
        "pos/s/rank %.0f pos/cpu-s %.0f read-bytes/pos %.3f peak-mem/rank %.1f MiB peak-bytes/pos %.3f\n",
        size_, (unsigned long long)positions, (unsigned long long)sum[0], (unsigned long long)sum[1], seconds,
        cpuSum, positions / seconds / size_, positions / std::max(cpuSum, 1e-9),
        double(sum[2]) / double(positions), sum[3] / 1048576.0, double(sum[3]) * size_ / double(positions));
  return 0;
}

void Solver::finish() {
  MPI_Barrier(comm_);
  if (rank_ == 0) {
    JsonWriter manifest;
    manifest.object().field("format", tb::kFormatVersion).field("marbles", kMarbleSets[cfg_.set].name);
    manifest.field("maxRings", ix_.maxRings()).field("indexScheme", tb::kIndexScheme);
    manifest.field("schemeChecksum", std::to_string(ix_.schemeChecksum())).key("files").array();
    uint64_t totalPositions = 0, bytes[2] = {0, 0};
    for (int level = 1; level <= ix_.maxRings(); ++level) {
      for (tb::FileKind kind : {tb::FileKind::Wdl, tb::FileKind::Dtm}) {
        const std::string name = tb::tableFileName(cfg_.set, level, kind);
        const uint64_t size = fs::file_size(fs::path(cfg_.out) / name);
        bytes[kind == tb::FileKind::Dtm] += size;
        manifest.object().field("level", level).field("kind", kind == tb::FileKind::Wdl ? "wdl" : "dtm");
        manifest.field("name", name).field("bytes", size).field("positions", ix_.levelSize(level)).end();
      }
      totalPositions += ix_.levelSize(level);
    }

    const fs::path json = fs::path(cfg_.out) / (std::string(kMarbleSets[cfg_.set].name) + ".json");
    std::ofstream(json.string() + ".tmp") << manifest.end().end().text() << "\n";
    fs::rename(json.string() + ".tmp", json);
    std::printf("tables: %llu positions, WDL %llu bytes (%.3f bit/position), DTM %llu bytes (%.3f bit/position)\n",
                (unsigned long long)totalPositions, (unsigned long long)bytes[0], 8.0 * bytes[0] / totalPositions,
                (unsigned long long)bytes[1], 8.0 * bytes[1] / totalPositions);
    if (!cfg_.keepCheckpoints) fs::remove_all(checkpointDir());
  }
  MPI_Barrier(comm_);
}

}  // namespace zertz::solver
