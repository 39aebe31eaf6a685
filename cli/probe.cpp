// Endgame tables in the CLI and the protocol:
//   zertz probe --tables DIR [--moves] <position string>
//   engine option --tables DIR|URL (RegisterSessionSetup), commands
//   probe        -> "= win <plies>", "= loss <plies>", "= draw", "? not in tables"
//   probe_moves  -> one "<move> <win|loss|draw> [plies]" line per legal move,
//                   the mover's value after that move.
// With tables in the session, genmove and solve use them as exact leaves
// (tablesProofProbe, tablesSearchProbe).
#include <cstdio>
#include <memory>

#include "command.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/proof/proof.h"
#include "core/engine/search.h"
#include "protocol.h"
#include "tables_set.h"

namespace zertz::cli {
namespace {

// The mover's value after a move, from the probe of the position after it.
std::string afterMoveText(TableSet& t, const Position& pos, const Move& m, bool& error, std::string& why) {
  Position q = pos;
  q.play(m);
  if (q.winner() >= 0) return "win 1";  // the move itself ends the game
  tb::ProbeResult r = t.probe(q);
  switch (r.value) {
    case tb::ProbeValue::Win: return "loss " + std::to_string(r.plies + 1);
    case tb::ProbeValue::Loss: return "win " + std::to_string(r.plies + 1);
    case tb::ProbeValue::Draw: return "draw";
    case tb::ProbeValue::NotInTables: error = true, why = "not in tables: " + r.message; return "";
    case tb::ProbeValue::Error: error = true, why = "table error: " + r.message; return "";
  }
  return "";
}

Reply probeReply(TableSet& t, const Position& pos) {
  tb::ProbeResult r = t.probe(pos);
  if (r.value == tb::ProbeValue::NotInTables) return Reply::failure("not in tables" + (r.message.empty() ? "" : " (" + r.message + ")"));
  if (r.value == tb::ProbeValue::Error) return Reply::failure("table error: " + r.message);
  return Reply::success(tb::probeText(r));
}

Reply probeMovesReply(TableSet& t, const Position& pos) {
  tb::ProbeResult own = t.probe(pos);
  if (own.value == tb::ProbeValue::NotInTables) return Reply::failure("not in tables" + (own.message.empty() ? "" : " (" + own.message + ")"));
  if (own.value == tb::ProbeValue::Error) return Reply::failure("table error: " + own.message);
  std::string text;
  bool error = false;
  std::string why;
  forEachLegalMove(pos, [&](const Move& m) {
    if (error) return;
    std::string v = afterMoveText(t, pos, m, error, why);
    text += (text.empty() ? "" : "\n") + moveToString(pos, m) + " " + v;
  });
  if (error) return Reply::failure(why);
  return Reply::success(text);
}

// Tables value positions without history. One history case changes the
// value and is cheap to see: after a pass, a mover who can only pass ends
// the game in a draw by passing (Game's two-passes rule).
bool passEndsGame(const Game& g) {
  if (g.moves().empty() || g.moves().back().kind != Move::Pass || g.result().over()) return false;
  std::vector<Move> moves = legalMoves(g.position());
  return moves.size() == 1 && moves[0].kind == Move::Pass;
}

RegisterSessionSetup tablesSetup([](Session& s, std::vector<std::string>& args, std::string& error) {
  std::string spec = takeOption(args, "--tables");
  if (spec.empty()) return true;
  auto source = openTables(spec, error);
  if (!source) return false;
  s.tables = std::make_shared<TableSet>(std::move(source));
  return true;
});

RegisterProtocolCommand cmdProbe("probe", "probe: endgame-table value of the position (needs --tables)", [](Session& s, const std::vector<std::string>&) {
  TableSet* t = s.tables.get();
  if (!t) return Reply::failure("not in tables (no --tables given)");
  if (passEndsGame(s.game) && t->probe(s.game.position()).value != tb::ProbeValue::NotInTables)
    return Reply::success("draw");
  return probeReply(*t, s.game.position());
});

RegisterProtocolCommand cmdProbeMoves("probe_moves", "probe_moves: table value after each legal move, the mover's view", [](Session& s, const std::vector<std::string>&) {
  TableSet* t = s.tables.get();
  if (!t) return Reply::failure("not in tables (no --tables given)");
  if (passEndsGame(s.game) && t->probe(s.game.position()).value != tb::ProbeValue::NotInTables)
    return Reply::success("- draw");
  return probeMovesReply(*t, s.game.position());
});

RegisterCommand probeCommand("probe", "probe --tables DIR [--moves] <position string>: endgame-table value", [](const Args& in) {
  Args args = in;
  std::string spec = takeOption(args, "--tables");
  bool moves = takeFlag(args, "--moves");
  if (spec.empty() || args.empty())
    return std::fprintf(stderr, "usage: zertz probe --tables DIR [--moves] <position string>\n"), 2;
  std::string text, error;
  for (size_t i = 0; i < args.size(); ++i) text += (i ? " " : "") + args[i];
  Position pos;
  if (!parsePositionString(text, pos, error)) return std::fprintf(stderr, "zertz probe: %s\n", error.c_str()), 2;
  auto source = openTables(spec, error);
  if (!source) return std::fprintf(stderr, "zertz probe: %s\n", error.c_str()), 2;
  TableSet tables(std::move(source));
  Reply r = moves ? probeMovesReply(tables, pos) : probeReply(tables, pos);
  if (!r.ok) {
    std::fprintf(r.text.rfind("not in tables", 0) == 0 ? stdout : stderr, "%s\n", r.text.c_str());
    return r.text.rfind("not in tables", 0) == 0 ? 3 : 1;
  }
  std::printf("%s\n", r.text.c_str());
  return 0;
});

}  // namespace
}  // namespace zertz::cli
