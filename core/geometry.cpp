#include "core/geometry.h"

#include <deque>
#include <mutex>

namespace zertz {

std::string builtinLayoutTokens() {
  std::string list;
  for (const Geometry* g : kBuiltinLayouts) list += (list.empty() ? "" : ", ") + std::string(g->token);
  return list;
}

std::string layoutTokenFor(const ColumnSpec* cols, int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += (i ? "," : "") + std::to_string(cols[i].off) + ":" + std::to_string(cols[i].height);
  return s;
}

const Geometry* customLayout(const ColumnSpec* cols, int n, CustomLayoutError& why) {
  why = CustomLayoutError::None;
  std::string canonical = layoutTokenFor(cols, n);
  static std::mutex mutex;
  static std::deque<Geometry> interned;  // deque: pointers stay valid as it grows
  std::lock_guard<std::mutex> lock(mutex);
  for (const Geometry& g : interned)
    if (canonical == g.token) return &g;
  if (interned.size() >= kMaxCustomLayouts) return why = CustomLayoutError::TooMany, nullptr;
  Geometry g = makeGeometry(canonical, cols, n);
  if (!g.valid) return why = CustomLayoutError::Invalid, nullptr;
  interned.push_back(g);
  return &interned.back();
}

}  // namespace zertz
