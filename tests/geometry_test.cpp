// Board geometry: the layouts' shapes, neighbours, and the registry of
// custom layouts.
#include <catch2/catch.hpp>

#include "core/geometry.h"
#include "test_helpers.h"

using namespace zertz;
using namespace zertz::testing;

TEST_CASE("neighbours are the same column at h±2 and adjacent columns at h±1") {
  int d4 = parseCell(kLayout37, "d4");
  std::vector<std::string> names;
  for (int d = 0; d < kDirections; ++d) names.push_back(cellName(kLayout37, kLayout37.neighbor[d4][d]));
  CHECK(names == std::vector<std::string>{"d5", "e4", "e3", "d3", "c3", "c4"});
  int a1 = parseCell(kLayout37, "a1");
  CHECK(popcount(kLayout37.adjacent[a1]) == 3);
}

TEST_CASE("every built-in layout has the column heights of the table") {
  auto heights = [](const Geometry& g) {
    std::string s;
    for (int c = 0; c < g.numColumns; ++c) s += char('0' + g.columns[c].height);
    return s;
  };
  CHECK(heights(kLayout37) == "4567654");
  CHECK(heights(kLayout40) == "4567765");
  CHECK(heights(kLayout43) == "5677765");
  CHECK(heights(kLayout44) == "5678765");
  CHECK(heights(kLayout48) == "56787654");
  CHECK(heights(kLayout61) == "567898765");
}

TEST_CASE("a custom layout is interned: the same columns give the same geometry, never a built-in one") {
  const ColumnSpec cols[] = {{1, 3}, {0, 4}, {1, 3}};
  CustomLayoutError why;
  const Geometry* g = customLayout(cols, 3, why);
  REQUIRE(g);
  CHECK(why == CustomLayoutError::None);
  CHECK(std::string(g->token) == "1:3,0:4,1:3");
  CHECK(g->numCells == 10);
  CHECK(customLayout(cols, 3, why) == g);
  // The standard board's columns, as a custom layout: its own geometry and token.
  const Geometry* same37 = customLayout(layouts::kCols37.data(), int(layouts::kCols37.size()), why);
  REQUIRE(same37);
  CHECK(same37 != &kLayout37);
  CHECK(std::string(same37->token) == layoutTokenFor(layouts::kCols37.data(), 7));
  CHECK(same37->numCells == 37);
}

TEST_CASE("the custom-layout registry refuses columns that make no hex board") {
  CustomLayoutError why;
  const ColumnSpec sameParity[] = {{1, 3}, {1, 4}};  // neighbouring columns must alternate parity
  CHECK(customLayout(sameParity, 2, why) == nullptr);
  CHECK(why == CustomLayoutError::Invalid);
  const ColumnSpec tooMany[] = {{0, 40}, {1, 30}};  // more than 64 rings
  CHECK(customLayout(tooMany, 2, why) == nullptr);
  CHECK(why == CustomLayoutError::Invalid);
}
