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
#include "table_sources.h"

namespace zertz::cli {
namespace {

// "not in tables (why)" or "table error: why": a probe that gave no value.
Reply noValue(const tb::TableProbe& p) {
  if (p.status == tb::ProbeStatus::NotInTables)
    return Reply::failure("not in tables" + (p.message.empty() ? "" : " (" + p.message + ")"));
  return Reply::failure("table error: " + p.message);
}

Reply probeReply(tb::TableReader& t, const Position& pos) {
  const tb::TableProbe p = t.probe(pos);
  return p.found() ? Reply::success(tb::probeText(p)) : noValue(p);
}

// One "<move> <value>" line per legal move: the mover's value after it.
Reply probeMovesReply(tb::TableReader& t, const Position& pos) {
  if (const tb::TableProbe own = t.probe(pos); !own.found()) return noValue(own);
  std::string text;
  std::string failure;
  forEachLegalMove(pos, [&](const Move& m) {
    if (!failure.empty()) return;
    Position q = pos;
    q.play(m);
    tb::TableProbe after;
    if (q.winner() >= 0) {  // the move itself ends the game
      after.status = tb::ProbeStatus::Found;
      after.value = GameValue::ofEndedGame(q.winner(), q.turn);
    } else {
      after = t.probe(q);
    }
    if (!after.found()) {
      failure = (after.status == tb::ProbeStatus::NotInTables ? "not in tables: " : "table error: ") + after.message;
      return;
    }
    after.value = after.value.forMover();
    text += (text.empty() ? "" : "\n") + moveToString(pos, m) + " " + tb::probeText(after);
  });
  if (!failure.empty()) return Reply::failure(failure);
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
  s.tables = openTableReader(spec, error);
  return s.tables != nullptr;
});

// The session's tables' answer for its game: `drawByPass` when a pass
// just played makes the mover's lone pass a draw, else `reply`.
Reply sessionProbe(Session& s, const char* drawByPass, Reply (*reply)(tb::TableReader&, const Position&)) {
  tb::TableReader* t = s.tables.get();
  if (!t) return Reply::failure("not in tables (no --tables given)");
  if (passEndsGame(s.game) && t->probe(s.game.position()).status != tb::ProbeStatus::NotInTables)
    return Reply::success(drawByPass);
  return reply(*t, s.game.position());
}

RegisterProtocolCommand cmdProbe("probe", "probe: endgame-table value of the position (needs --tables)", [](Session& s, const std::vector<std::string>&) {
  return sessionProbe(s, "draw", probeReply);
});

RegisterProtocolCommand cmdProbeMoves("probe_moves", "probe_moves: table value after each legal move, the mover's view", [](Session& s, const std::vector<std::string>&) {
  return sessionProbe(s, "- draw", probeMovesReply);
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
  std::shared_ptr<tb::TableReader> tables = openTableReader(spec, error);
  if (!tables) return std::fprintf(stderr, "zertz probe: %s\n", error.c_str()), 2;
  Reply r = moves ? probeMovesReply(*tables, pos) : probeReply(*tables, pos);
  if (!r.ok) {
    std::fprintf(r.text.rfind("not in tables", 0) == 0 ? stdout : stderr, "%s\n", r.text.c_str());
    return r.text.rfind("not in tables", 0) == 0 ? 3 : 1;
  }
  std::printf("%s\n", r.text.c_str());
  return 0;
});

}  // namespace
}  // namespace zertz::cli
