// A tiny deterministic PRNG (xorshift64*), identical on every build, for
// playouts, benches and seeded engine choices. Not for cryptography.
#pragma once

#include <cstdint>

namespace zertz {

class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed ? seed : 0x9E3779B97F4A7C15ull) {}
  uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 0x2545F4914F6CDD1Dull;
  }
  // Uniform in [0, n) (n > 0); the tiny modulo bias is irrelevant here.
  uint64_t below(uint64_t n) { return next() % n; }
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }

 private:
  uint64_t s_;
};

}  // namespace zertz
