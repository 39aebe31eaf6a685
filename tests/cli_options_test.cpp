// The command line's shared option parsing (cli/command.h): every count and
// limit a `zertz` command takes goes through it.
#include <catch2/catch.hpp>

#include "cli/command.h"

using namespace zertz::cli;

TEST_CASE("a command-line count is decimal digits within its range, and nothing else") {
  long long v = -7;
  CHECK((parseInteger("0", 0, 10, v) && v == 0));
  CHECK((parseInteger("10", 0, 10, v) && v == 10));
  CHECK((parseInteger("007", 1, 10, v) && v == 7));
  CHECK((parseInteger("999999999999999", 0, 999999999999999LL, v) && v == 999999999999999LL));
  v = 42;
  for (const char* bad : {"", "11", "-1", "+1", " 1", "1 ", "1e3", "0x1", "1.0", "1000000000000000", "99999999999999999999"})
    CHECK_FALSE(parseInteger(bad, 0, 10, v));
  CHECK_FALSE(parseInteger("0", 1, 10, v));
  CHECK(v == 42);  // a refused text leaves the value as it was
}

TEST_CASE("an option and its value are taken out of the arguments, a flag by its name alone") {
  Args args{"in.txt", "--games", "40", "--verbose", "out.txt"};
  CHECK(takeOption(args, "--games") == "40");
  CHECK(takeOption(args, "--seed", "1") == "1");
  CHECK(takeFlag(args, "--verbose"));
  CHECK_FALSE(takeFlag(args, "--verbose"));
  CHECK(args == Args{"in.txt", "out.txt"});
}
