#include "solver.h"

#include <chrono>
#include <thread>

#include <algorithm>
#include <csignal>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>
#include <unistd.h>

#include "core/movegen.h"
#include "core/tables/tb_probe.h"

namespace zertz::solver {

using tb::kCodeDraw;
using tb::kCodeInvalid;

namespace {
constexpr uint64_t kTerminal = ~0ull;  // the move ended the game: its mover won
constexpr int kLevelShift = 56;
uint64_t pack(int level, uint64_t idx) { return uint64_t(level) << kLevelShift | idx; }
int levelOf(uint64_t key) { return int(key >> kLevelShift); }
uint64_t idxOf(uint64_t key) { return key & ((uint64_t(1) << kLevelShift) - 1); }
}  // namespace

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

Solver::Solver(MPI_Comm comm, const Config& cfg) : comm_(comm), cfg_(cfg), ix_(cfg.set, cfg.maxRings) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  values_.resize(ix_.maxRings() + 1);
  levelCrc_.assign(ix_.maxRings() + 1, 0);
  chunks_.resize(ix_.maxRings() + 1);
  slices_.resize(ix_.maxRings() + 1);
  cache_.resize(1 << 14);
}

uint64_t Solver::localSize(int level, int rank) const {
  const uint64_t n = ix_.levelSize(level), blocks = (n + kBlock - 1) >> kBlockShift;
  const uint64_t k = uint64_t(size_), r = uint64_t(rank);
  if (blocks <= r) return 0;
  uint64_t mine = (blocks - r + k - 1) / k, size = mine << kBlockShift;
  if ((blocks - 1) % k == r) size -= (blocks << kBlockShift) - n;  // short last block
  return size;
}

void Solver::buildSlices(int level) {
  chunks_[level] = ix_.chunks(level);
  // The empty-pool region first (key -1), then waves of equal
  // t = 2 * pool + board in increasing order. Every move of a non-empty-pool
  // position that stays on the level lowers t: a capture takes j >= 1
  // marbles off the board, a placement without removal moves one marble
  // from the pool to the board (t - 1, less any isolation). So a wave only
  // needs earlier waves and lower levels: one exchange phase per wave.
  std::map<int, Slice> byWave;
  for (uint32_t i = 0; i < chunks_[level].size(); ++i) {
    const auto& c = chunks_[level][i];
    if (!c.valid) continue;
    int key = c.poolTotal == 0 ? -1 : 2 * c.poolTotal + c.boardTotal;
    Slice& s = byWave[key];
    s.wave = key;
    s.chunks.push_back(i);
  }
  slices_[level].clear();
  for (auto& [k, s] : byWave) slices_[level].push_back(std::move(s));
}

bool Solver::collect(int level, const Slice& s, Cursor& c, size_t limit, std::vector<uint64_t>& out) const {
  out.clear();
  const uint64_t stride = ix_.shapeStride(level), shapes = uint64_t(ix_.numShapes(level));
  for (; c.shape < shapes; ++c.shape, c.chunk = 0) {
    for (; c.chunk < s.chunks.size(); ++c.chunk, c.started = false) {
      const auto& ch = chunks_[level][s.chunks[c.chunk]];
      const uint64_t a = c.shape * stride + ch.begin, b = a + ch.size;
      if (!c.started) c.next = a, c.started = true;
      while (c.next < b) {
        uint64_t blockEnd = std::min(b, ((c.next >> kBlockShift) + 1) << kBlockShift);
        if (owner(c.next) != rank_) {
          c.next = blockEnd;
          continue;
        }
        while (c.next < blockEnd) {
          if (out.size() >= limit) return true;
          out.push_back(c.next++);
        }
      }
    }
  }
  return !out.empty();
}

uint64_t Solver::countMine(int level, const Slice& s) const {
  uint64_t n = 0;
  const uint64_t stride = ix_.shapeStride(level);
  for (uint64_t shape = 0; shape < uint64_t(ix_.numShapes(level)); ++shape)
    for (uint32_t ci : s.chunks) {
      const auto& ch = chunks_[level][ci];
      for (uint64_t i = shape * stride + ch.begin, b = i + ch.size; i < b;) {
        uint64_t blockEnd = std::min(b, ((i >> kBlockShift) + 1) << kBlockShift);
        if (owner(i) == rank_) n += blockEnd - i;
        i = blockEnd;
      }
    }
  return n;
}

void Solver::successors(int level, uint64_t idx, std::vector<uint64_t>& out) {
  Position p;
  if (!ix_.decode(level, idx, p)) return;
  const int shapeId = int(idx / ix_.shapeStride(level));
  forEachLegalMove(p, [&](const Move& m) {
    Position q = p;
    q.play(m);
    if (q.winner() >= 0) {
      out.push_back(kTerminal);
      return;
    }
    // Captures and passes keep the ring set; placements may shrink it.
    // The canonical map of the remaining rings depends only on them.
    uint32_t ownerKey = uint32_t(level) << 24 | uint32_t(shapeId);
    size_t slot = ((q.rings * 0x9e3779b97f4a7c15ull) ^ ownerKey * 0xff51afd7ed558ccdull) >> 50;
    CacheEntry& e = cache_[slot % cache_.size()];
    if (e.rings != q.rings || e.owner != ownerKey) {
      e.rings = q.rings, e.owner = ownerKey;
      e.ok = ix_.canonicalShape(*q.geo, q.rings, e.map);
    }
    uint64_t next = 0;
    if (!e.ok || !ix_.indexWith(q, e.map, next))
      throw std::runtime_error("successor outside the tables (index scheme bug)");
    out.push_back(pack(e.map.level, next));
  });
}

template <class Fn>
void Solver::evaluate(int level, const std::vector<uint64_t>& positions, Fn&& fn) {
  uint64_t mine[2] = {(positions.size() + cfg_.batch - 1) / cfg_.batch,
                      MPI_Wtime() - lastCheckpoint_ >= cfg_.checkpointSeconds ? 1u : 0u};
  uint64_t agreed[2] = {0, 0};
  double t0 = MPI_Wtime();
  MPI_Allreduce(mine, agreed, 2, MPI_UINT64_T, MPI_MAX, comm_);
  stats_.mpiSeconds += MPI_Wtime() - t0;
  const uint64_t rounds = agreed[0];
  if (agreed[1]) checkpointDue_ = true;
  std::vector<uint64_t> succ;
  std::vector<uint32_t> first;
  std::vector<uint8_t> codes;
  std::vector<std::vector<uint64_t>> out(size_);
  std::vector<std::vector<uint32_t>> where(size_);
  for (uint64_t round = 0; round < rounds; ++round) {
    size_t a = std::min<size_t>(positions.size(), round * cfg_.batch);
    size_t b = std::min<size_t>(positions.size(), a + cfg_.batch);
    succ.clear(), first.clear();
    for (size_t i = a; i < b; ++i) {
      first.push_back(uint32_t(succ.size()));
      successors(level, positions[i], succ);
    }
    first.push_back(uint32_t(succ.size()));
    codes.assign(succ.size(), 0);
    for (auto& v : out) v.clear();
    for (auto& v : where) v.clear();
    for (size_t j = 0; j < succ.size(); ++j) {
      if (succ[j] == kTerminal) {
        codes[j] = tb::codeForPlies(0);  // the new mover has lost
        continue;
      }
      int l = levelOf(succ[j]);
      uint64_t i = idxOf(succ[j]);
      int o = owner(i);
      if (o == rank_) {
        codes[j] = local(l, i);
      } else {
        out[o].push_back(succ[j]);
        where[o].push_back(uint32_t(j));
      }
    }
    // Requests (8 bytes) out, codes (1 byte) back. Batches keep every
    // count far below the 2^31 limit of MPI int counts.
    std::vector<int> sendCounts(size_), recvCounts(size_), sdis(size_), rdis(size_);
    for (int r = 0; r < size_; ++r) sendCounts[r] = int(out[r].size());
    double t1 = MPI_Wtime();
    MPI_Alltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, comm_);
    stats_.mpiSeconds += MPI_Wtime() - t1;
    std::vector<uint64_t> sendBuf, recvBuf;
    int st = 0, rt = 0;
    for (int r = 0; r < size_; ++r) {
      sdis[r] = st, rdis[r] = rt;
      st += sendCounts[r], rt += recvCounts[r];
      sendBuf.insert(sendBuf.end(), out[r].begin(), out[r].end());
    }
    recvBuf.resize(rt);
    double t2 = MPI_Wtime();
    MPI_Alltoallv(sendBuf.data(), sendCounts.data(), sdis.data(), MPI_UINT64_T, recvBuf.data(),
                  recvCounts.data(), rdis.data(), MPI_UINT64_T, comm_);
    std::vector<uint8_t> answer(rt), got(st);
    stats_.mpiSeconds += MPI_Wtime() - t2;
    for (int j = 0; j < rt; ++j) answer[j] = local(levelOf(recvBuf[j]), idxOf(recvBuf[j]));
    double t3 = MPI_Wtime();
    MPI_Alltoallv(answer.data(), recvCounts.data(), rdis.data(), MPI_UINT8_T, got.data(),
                  sendCounts.data(), sdis.data(), MPI_UINT8_T, comm_);
    for (int r = 0; r < size_; ++r)
      for (size_t k = 0; k < where[r].size(); ++k) codes[where[r][k]] = got[sdis[r] + k];
    stats_.mpiSeconds += MPI_Wtime() - t3;
    stats_.bytesSent += uint64_t(st) * 8 + uint64_t(rt);
    stats_.successors += succ.size();
    stats_.positions += b - a;
    ++stats_.rounds;
    for (size_t i = a; i < b; ++i)
      fn(i, codes.data() + first[i - a], first[i - a + 1] - first[i - a]);
  }
}

namespace {
// Value of a position from final successor codes (every successor solved).
// No successors: invalid (no legal move; unreachable set-ups only).
uint8_t bestOf(const uint8_t* codes, uint32_t n) {
  if (!n) return kCodeInvalid;
  int minLoss = 1 << 20, maxWin = -1;
  bool draw = false;
  for (uint32_t k = 0; k < n; ++k) {
    uint8_t c = codes[k];
    if (c == kCodeInvalid) throw std::runtime_error("unsolved successor in a solved slice (order bug)");
    if (c == kCodeDraw) draw = true;
    else if (tb::codeIsLoss(c)) minLoss = std::min(minLoss, tb::codePlies(c));
    else maxWin = std::max(maxWin, tb::codePlies(c));
  }
  int d = minLoss < (1 << 20) ? minLoss + 1 : draw ? -1 : maxWin + 1;
  if (d > tb::kMaxPlies) throw std::runtime_error("distance beyond the code range");
  return d < 0 ? kCodeDraw : tb::codeForPlies(d);
}
}  // namespace

void Solver::solveDagSlice(int level, const Slice& s) {
  // In pieces, so that memory holds a piece of the wave's indices, not all
  // of them; every rank runs the same number of (collective) pieces.
  const uint64_t piece = 4 * cfg_.batch;
  uint64_t mine = (countMine(level, s) + piece - 1) / piece, pieces = 0;
  MPI_Allreduce(&mine, &pieces, 1, MPI_UINT64_T, MPI_MAX, comm_);
  Cursor cursor;
  std::vector<uint64_t> part;
  for (uint64_t k = 0; k < pieces; ++k) {
    collect(level, s, cursor, piece, part);
    evaluate(level, part, [&](size_t i, const uint8_t* codes, uint32_t n) {
      local(level, part[i]) = bestOf(codes, n);
    });
  }
}

bool Solver::cyclicSweep(int level, const std::vector<Slice*>& region) {
  // Unresolved = valid positions of the region still at code 0 (the state
  // is the values array alone, so a checkpoint needs nothing more).
  std::vector<uint64_t> todo, all;
  for (Slice* s : region) {
    Cursor cursor;
    collect(level, *s, cursor, SIZE_MAX, all);
    for (uint64_t i : all)
      if (local(level, i) == kCodeInvalid) todo.push_back(i);
  }
  std::vector<std::pair<uint64_t, int>> candidates;  // (index, distance)
  std::vector<uint64_t> noMove;
  evaluate(level, todo, [&](size_t i, const uint8_t* codes, uint32_t n) {
    if (!n) return;
    int minLoss = 1 << 20, maxWin = -1;
    bool open = false;
    for (uint32_t k = 0; k < n; ++k) {
      uint8_t c = codes[k];
      if (c == kCodeInvalid || c == kCodeDraw) open = true;
      else if (tb::codeIsLoss(c)) minLoss = std::min(minLoss, tb::codePlies(c));
      else maxWin = std::max(maxWin, tb::codePlies(c));
    }
    if (minLoss < (1 << 20)) candidates.push_back({todo[i], minLoss + 1});
    else if (!open) candidates.push_back({todo[i], maxWin + 1});
  });
  int mine = 1 << 20, m = 0;
  for (auto& c : candidates) mine = std::min(mine, c.second);
  MPI_Allreduce(&mine, &m, 1, MPI_INT, MPI_MIN, comm_);
  if (m == (1 << 20)) {
    // Fixed point: whatever is unresolved (and has a move) is a draw.
    evaluate(level, todo, [&](size_t i, const uint8_t*, uint32_t n) {
      if (n) local(level, todo[i]) = kCodeDraw;
    });
    return false;
  }
  if (m > tb::kMaxPlies) throw std::runtime_error("distance beyond the code range");
  for (auto& c : candidates)
    if (c.second == m) local(level, c.first) = tb::codeForPlies(m);
  return true;
}

void Solver::progress(int level, const std::string& what, uint64_t done, uint64_t total) {
  // Rank 0 alone, no collective: the rate is its own times K (the ranks
  // hold equal shares of every wave).
  if (cfg_.quiet || rank_ != 0) return;
  double now = MPI_Wtime(), t = now - start_;
  double frac = total ? double(done) / double(total) : 1;
  std::printf("level %d/%d %s: %llu/%llu positions (%.1f%%), %.0f evaluations/s, elapsed %.0fs, "
              "level ETA %.0fs, peak memory %s per rank\n",
              level, ix_.maxRings(), what.c_str(), (unsigned long long)done, (unsigned long long)total,
              100 * frac, double(stats_.positions) * size_ / std::max(t, 1e-9), t,
              frac > 0 ? (now - lastLevelStart_) * (1 - frac) / frac : 0.0, peakMemory().c_str());
  std::fflush(stdout);
}

void Solver::step() {
  ++steps_;
  // The "checkpoint due" flag travelled with evaluate's first collective,
  // so every rank agrees without an extra round.
  if (checkpointDue_) saveCheckpoint(), checkpointDue_ = false;
  if (cfg_.crashAfter >= 0 && steps_ >= cfg_.crashAfter) {
    std::fprintf(stderr, "zertz-solve: rank %d: induced crash after %lld steps (--crash-after)\n", rank_,
                 (long long)steps_);
    std::fflush(stderr);
    raise(SIGKILL);
  }
  if (cfg_.stepDelayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(cfg_.stepDelayMs));
}

int Solver::run() {
  start_ = MPI_Wtime();
  lastCheckpoint_ = start_;
  if (cfg_.resume && loadCheckpoint()) {
    if (rank_ == 0 && !cfg_.quiet)
      std::printf("resuming at level %d, slice %d%s\n", level_, sliceDone_, regionDone_ ? " (region done)" : "");
  } else {
    level_ = 1, sliceDone_ = 0, regionDone_ = false;
  }
  for (int level = 1; level <= ix_.maxRings(); ++level) buildSlices(level);
  for (; level_ <= ix_.maxRings(); ++level_, sliceDone_ = 0, regionDone_ = false) {
    const int level = level_;
    lastLevelStart_ = MPI_Wtime();
    uint64_t mySize = localSize(level, rank_);
    if (values_[level].size() != mySize) values_[level].assign(mySize, kCodeInvalid);
    auto& slices = slices_[level];
    std::vector<Slice*> region;
    size_t firstDag = 0;
    uint64_t regionPositions = 0, total = ix_.levelSize(level), done = 0;
    while (firstDag < slices.size() && slices[firstDag].wave < 0) {
      region.push_back(&slices[firstDag]);
      for (uint32_t ci : slices[firstDag].chunks) regionPositions += chunks_[level][ci].size;
      ++firstDag;
    }
    regionPositions *= ix_.numShapes(level);
    if (!regionDone_) {
      int sweeps = 0;
      while (cyclicSweep(level, region)) {
        ++sweeps;
        progress(level, "empty-pool sweep " + std::to_string(sweeps), 0, regionPositions);
        step();
      }
      regionDone_ = true;
      step();
    }
    done = regionPositions;
    for (size_t i = firstDag; i < slices.size(); ++i) {
      uint64_t n = 0;
      for (uint32_t ci : slices[i].chunks) n += chunks_[level][ci].size;
      done += n * ix_.numShapes(level);
      if (int(i - firstDag) < sliceDone_) continue;
      solveDagSlice(level, slices[i]);
      sliceDone_ = int(i - firstDag) + 1;
      progress(level, "wave " + std::to_string(slices[i].wave), done, total);
      step();
    }
    saveLevel(level);
    sliceDone_ = 0, regionDone_ = false;
    ++level_;
    saveCheckpoint();  // level boundary
    --level_;
    if (cfg_.stopAfterLevel == level && level < ix_.maxRings()) {
      // Every rank reaches this point after the same collective checkpoint.
      if (rank_ == 0 && !cfg_.quiet) std::printf("stopped after level %d (--stop-after-level)\n", level);
      return 0;
    }
  }
  stats_.seconds = MPI_Wtime() - start_;
  exportTables();
  // Summary for benchmarks: sums over ranks (memory: the largest rank).
  double cpu = double(std::clock()) / CLOCKS_PER_SEC, cpuSum = 0, mpiMax = 0;
  MPI_Reduce(&cpu, &cpuSum, 1, MPI_DOUBLE, MPI_SUM, 0, comm_);
  MPI_Reduce(&stats_.mpiSeconds, &mpiMax, 1, MPI_DOUBLE, MPI_MAX, 0, comm_);
  uint64_t mine[4] = {stats_.positions, stats_.successors, stats_.bytesSent, peakMemoryBytes()}, sum[4];
  MPI_Reduce(mine, sum, 3, MPI_UINT64_T, MPI_SUM, 0, comm_);
  MPI_Reduce(mine + 3, sum + 3, 1, MPI_UINT64_T, MPI_MAX, 0, comm_);
  uint64_t positions = 0;
  for (int l = 1; l <= ix_.maxRings(); ++l) positions += ix_.levelSize(l);
  if (rank_ == 0)
    std::printf("summary: ranks %d positions %llu evaluated %llu successors %llu seconds %.2f cpu-seconds %.2f "
                "pos/s/rank %.0f pos/cpu-s %.0f bytes-exchanged/pos %.3f peak-mem/rank %.1f MiB "
                "peak-bytes/pos %.3f mpi-wait-seconds %.2f\n",
                size_, (unsigned long long)positions, (unsigned long long)sum[0],
                (unsigned long long)sum[1], stats_.seconds, cpuSum, positions / stats_.seconds / size_,
                positions / std::max(cpuSum, 1e-9), double(sum[2]) / double(positions), sum[3] / 1048576.0,
                double(sum[3]) * size_ / double(positions), mpiMax);
  return 0;
}

}  // namespace zertz::solver
