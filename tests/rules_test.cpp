#include <catch2/catch.hpp>
#include "core/movegen.h"
#include "core/notation.h"
using namespace zertz;
TEST_CASE("perft depth 1 from the standard 37 start is 1944") {
  REQUIRE(perft(Position::start(kLayout37, Standard), 1) == 1944);
}
