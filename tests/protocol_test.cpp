// The `zertz engine` line protocol: framing, state changes, and hostile input.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "cli/protocol.h"
#include "cli/solve_command.h"
#include "cli/table_sources.h"
#include "core/engine/winprob.h"
#include "core/notation.h"

using namespace zertz::cli;

static std::string run(Session& s, const std::string& line) { return handleLine(s, line); }

TEST_CASE("each protocol command answers '= ...' or '? ...' followed by an empty line") {
  Session s;
  CHECK(run(s, "variant standard 37") == "=\n\n");
  CHECK(run(s, "position") == "= standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0\n\n");
  CHECK(run(s, "play Wd4,d7") == "= Wd4,d7\n\n");
  CHECK(run(s, "status") == "= turn 1 result none pool 5 8 10 captures 0 0 0 0 0 0\n\n");
  CHECK(run(s, "perft 1").rfind("= ", 0) == 0);
  CHECK(run(s, "undo") == "=\n\n");
  CHECK(run(s, "status") == "= turn 0 result none pool 6 8 10 captures 0 0 0 0 0 0\n\n");
  CHECK(run(s, "redo") == "=\n\n");
  CHECK(run(s, "moves") == "= Wd4,d7\n\n");
  CHECK(run(s, "") == "");
}

TEST_CASE("an illegal move is refused and leaves the game unchanged") {
  Session s;
  run(s, "play Wd4,d7");
  std::string before = run(s, "position");
  std::string reply = run(s, "play Wd4,a1");
  CHECK(reply.rfind("? ", 0) == 0);
  CHECK(reply.find("vacant") != std::string::npos);
  CHECK(run(s, "position") == before);
  CHECK(run(s, "setposition standard 37 nonsense").rfind("? position:", 0) == 0);
  CHECK(run(s, "position") == before);
  CHECK(run(s, "variant standard 99").rfind("? unknown layout", 0) == 0);
  CHECK(run(s, "position") == before);
}

TEST_CASE("legal_moves lists canonical moves, a lone '-' when the mover must pass") {
  Session s;
  run(s, "setposition standard 37 W..W/..W../.W..G./G..G..G/.B..B./..B../B..B 0,0,0 0,0,0 2,4,5 0");
  CHECK(run(s, "legal_moves") == "= -\n\n");
  run(s, "variant standard 37");
  run(s, "play Wd4,d7");
  run(s, "play Bf2,e6");
  run(s, "play Bb4,f5");
  run(s, "play Bb2,g4");
  run(s, "play Wb1,b5");
  CHECK(run(s, "legal_moves") == "= xb1Bb3\n\n");
}

TEST_CASE("a placement that isolates rings is answered with the isolation annotation") {
  Session s;
  run(s, "setposition standard 37 ..-W/....-/....-G/.....-./.....-/...../.... 5,7,10 0,0,0 0,0,0 0");
  CHECK(run(s, "play Bd7,b4") == "= Bd7,b4 x Wa4Gc6Bd7\n\n");
  CHECK(run(s, "status") == "= turn 1 result none pool 5 7 9 captures 1 1 1 0 0 0\n\n");
}

TEST_CASE("unknown commands, binary garbage and a 1 MB line get errors and the engine keeps serving") {
  Session s;
  CHECK(run(s, "frobnicate").rfind("? unknown command", 0) == 0);
  CHECK(run(s, std::string("play \x01\x02\xff", 8)).rfind("? ", 0) == 0);
  std::string input = std::string(1 << 20, 'x') + "\n" + std::string("\0\x7f\x80garbage", 10) + "\nstatus\nquit\nstatus\n";
  std::istringstream in(input);
  std::ostringstream out;
  serve(s, in, out);
  std::string text = out.str();
  CHECK(text.find("? line too long") != std::string::npos);
  CHECK(text.find("= turn 0 result none") != std::string::npos);
  CHECK(s.quit);
  // Exactly four replies: too long, garbage, status, quit; nothing after quit.
  size_t replies = 0;
  for (size_t i = 0; (i = text.find("\n\n", i)) != std::string::npos; i += 2) ++replies;
  CHECK(replies == 4);
}

TEST_CASE("solve with threads splits the root's moves over threads and answers as one thread does") {
  // A real 48-ring endgame (boardspace archive): the side to move wins in 3.
  const std::string pos = "setposition standard 48 --.../--B..-/--...--/--....--/--.G.--/-....-/..G../.... 3,3,2 1,2,5 2,1,2 0";
  for (const char* threads : {"1", "2", "3"}) {
    Session s;
    REQUIRE(run(s, pos) == "=\n\n");
    INFO(threads << " threads");
    CHECK(run(s, std::string("solve time 60000 nodes 200000 threads ") + threads) == "= win 3\n\n");
    CHECK(run(s, "solve_info").rfind("= win 3 exact best ", 0) == 0);
    // Asked again (memories kept per thread): the same answer.
    CHECK(run(s, std::string("solve time 60000 nodes 200000 threads ") + threads) == "= win 3\n\n");
  }
  Session s;
  CHECK(run(s, "solve threads 0") == "? threads: expected 1..256, got '0'\n\n");
  CHECK(run(s, "solve threads 257") == "? threads: expected 1..256, got '257'\n\n");
  CHECK(run(s, "solve threads") == "? 'threads' needs a value\n\n");
}

TEST_CASE("a proof limit given alone is the whole budget: nodes alone lift the clock, a time alone lifts the node cap") {
  std::string error;
  zertz::ProofLimits nodesOnly;
  REQUIRE(parseProofLimits({"nodes", "2000"}, nodesOnly, error));
  CHECK(nodesOnly.maxNodes == 2000);
  CHECK(nodesOnly.maxSeconds <= 0);
  zertz::ProofLimits timeOnly;
  REQUIRE(parseProofLimits({"time", "60000"}, timeOnly, error));
  CHECK(timeOnly.maxSeconds == 60.0);
  CHECK(timeOnly.maxNodes == 0);
  zertz::ProofLimits both;
  REQUIRE(parseProofLimits({"time", "500", "nodes", "2000"}, both, error));
  CHECK(both.maxSeconds == 0.5);
  CHECK(both.maxNodes == 2000);
}

namespace {

// A session with the site's 4-ring tables (blitz and standard, built by
// `make site`), or none.
Session tableSession(bool withTables) {
  Session s;
  if (!withTables) return s;
  const std::string dir = std::string(ZERTZ_SOURCE_DIR) + "/build/site/tables";
  INFO(dir << " holds the 4-ring tables of `make site`");
  REQUIRE(std::ifstream(dir + "/blitz-4.dtm").good());
  REQUIRE(std::ifstream(dir + "/standard-4.dtm").good());
  for (const auto& setup : sessionSetups()) {
    std::vector<std::string> args = {"--tables", dir};
    std::string error;
    REQUIRE(setup(s, args, error));
  }
  REQUIRE(s.tables);
  return s;
}

// The table value ("win 3", "loss 4", "draw") of the session's position.
std::string probedValue(Session& s) {
  const std::string reply = run(s, "probe");
  INFO(reply);
  REQUIRE(reply.rfind("= ", 0) == 0);
  return reply.substr(2, reply.size() - 4);
}

// True when `move` keeps `value` (the mover's table value before it): a
// win as fast as the tables say, a loss as slow, a draw held.
bool keepsValue(Session& tables, const std::string& value, const std::string& move) {
  REQUIRE(run(tables, "play " + move.substr(0, move.find(' '))).rfind("= ", 0) == 0);
  if (tables.game.result().over()) return value == "win 1";
  const std::string after = run(tables, "probe");
  if (value == "draw") return after == "= draw\n\n";
  const int plies = std::stoi(value.substr(value.find(' ') + 1));
  return after == (value.rfind("win", 0) == 0 ? "= loss " : "= win ") + std::to_string(plies - 1) + "\n\n";
}

}  // namespace

TEST_CASE("with tables, genmove in a table position plays a move that keeps the position's table value") {
  // 4-ring positions (both marble sets, every ring shape kind) where the
  // level-1 search (depth 1, evaluation noise) throws the win away: its
  // placement isolates a group for a capture, and the opponent wins in 1.
  // Only the tables' values at the root's successors find the win in 3.
  const char* const traps[] = {
      "standard 0:3,1:1 B../. 4,7,3 2,1,3 0,0,3 1",
      "standard 0:4 ...W 5,5,5 0,2,3 0,1,2 1",
      "standard 0:2,1:1,0:1 .././G 3,3,8 2,3,0 1,1,2 0",
      "blitz 0:3,1:1 G../. 3,2,6 1,1,1 1,3,2 0",
      "standard 1:3,0:1 .W./. 3,6,8 0,0,1 2,2,1 0",
      "blitz 1:1,0:3 ./G.. 4,3,5 1,2,3 0,1,1 1",
      "blitz 0:4 .G.. 2,6,4 2,0,3 1,0,2 1",
      "blitz 1:3,0:1 .G./. 3,6,7 1,0,0 1,0,2 1",
  };
  // Lost positions: the move must make the loss as slow as the tables say.
  const char* const losses[] = {
      "blitz 0:2,1:1,0:1 .W/B/. 4,5,7 0,1,0 0,1,1 1",
      "standard 1:3,0:1 .GB/. 3,3,7 2,2,0 1,2,2 1",
  };
  int plainMisses = 0;
  std::vector<std::string> positions(std::begin(traps), std::end(traps));
  positions.insert(positions.end(), std::begin(losses), std::end(losses));
  for (const std::string& text : positions) {
    INFO(text);
    Session tables = tableSession(true);
    REQUIRE(run(tables, "setposition " + text) == "=\n\n");
    const std::string value = probedValue(tables);
    const std::string move = run(tables, "genmove level 1");
    INFO("genmove " << move << " from " << value);
    REQUIRE(move.rfind("= ", 0) == 0);
    Session check = tableSession(true);
    REQUIRE(run(check, "setposition " + text) == "=\n\n");
    CHECK(keepsValue(check, value, move.substr(2, move.size() - 4)));

    // The same search without tables, to show the positions test the
    // tables: on the traps it plays a move of another value.
    Session plain = tableSession(false);
    REQUIRE(run(plain, "setposition " + text) == "=\n\n");
    const std::string plainMove = run(plain, "genmove level 1");
    REQUIRE(plainMove.rfind("= ", 0) == 0);
    Session replay = tableSession(true);
    REQUIRE(run(replay, "setposition " + text) == "=\n\n");
    plainMisses += !keepsValue(replay, value, plainMove.substr(2, plainMove.size() - 4));
  }
  // Most traps still catch the plain search (its evaluation may improve;
  // the test needs only that the tables are what decides).
  CHECK(plainMisses >= int(std::size(traps)) / 2);
}

TEST_CASE("protocol genmove plays a legal move and analyze prints score, depth, nodes and pv") {
  Session s;
  std::string reply = handleLine(s, "genmove depth 2");
  REQUIRE(reply.rfind("= ", 0) == 0);
  REQUIRE(s.game.moves().size() == 1);
  CHECK(reply.substr(2, reply.size() - 4) == zertz::moveToString(s.game.positions()[0], s.game.moves()[0]));
  reply = handleLine(s, "analyze depth 2 level 4");
  CHECK(reply.rfind("= score ", 0) == 0);
  CHECK(reply.find(" depth 2 nodes ") != std::string::npos);
  CHECK(reply.find(" pv ") != std::string::npos);
  CHECK(s.game.moves().size() == 1);
}

TEST_CASE("protocol analyze gives the side to move's win probability with 3 decimals") {
  Session s;
  std::string reply = handleLine(s, "analyze depth 2 level 4");
  std::smatch m;
  REQUIRE(std::regex_search(reply, m, std::regex("^= score ([-+0-9]+) .* winprob ([01]\\.[0-9]{3}) pv ")));
  CHECK(std::stod(m[2]) == Approx(zertz::winProbability(std::stoi(m[1]), s.game.position())).margin(0.0005));
  // A position where the mover captures a winning set at once: proven, so exactly 1.
  reply = handleLine(s, "setposition standard 37 ..../...../....../..WW.../....../...../.... 1,8,10 3,0,0 0,0,0 0");
  REQUIRE(reply.rfind("=", 0) == 0);
  reply = handleLine(s, "analyze depth 2 level 4");
  CHECK(reply.find(" winprob 1.000 ") != std::string::npos);
}

TEST_CASE("with tables, analyze gives a table position's exact value as its win probability") {
  // The traps' and losses' positions of the genmove test: wins and losses.
  for (const char* text : {"standard 0:3,1:1 B../. 4,7,3 2,1,3 0,0,3 1", "blitz 0:2,1:1,0:1 .W/B/. 4,5,7 0,1,0 0,1,1 1"}) {
    INFO(text);
    Session s = tableSession(true);
    REQUIRE(run(s, std::string("setposition ") + text) == "=\n\n");
    const std::string value = probedValue(s);
    const std::string expected = value == "draw" ? "0.500" : value.rfind("win", 0) == 0 ? "1.000"
                                                                                        : "0.000";
    CHECK(run(s, "analyze depth 1 level 4").find(" winprob " + expected + " ") != std::string::npos);
  }
}

TEST_CASE("protocol genmove rejects bad limits without playing") {
  Session s;
  for (const char* bad : {"genmove depth", "genmove depth x", "genmove level 9", "genmove level 5", "genmove speed 3",
                          "analyze time -5", "genmove nodes 99999999999999999999"}) {
    INFO(bad);
    CHECK(handleLine(s, bad).rfind("? ", 0) == 0);
  }
  CHECK(s.game.moves().empty());
}
