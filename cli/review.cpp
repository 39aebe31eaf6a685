// `zertz review FILE [--time MS] [--nodes N] [--recheck K] [--json]`: the
// moves that decided a game. Every position of the record's main line gets
// a value: proof search first (its memory carried from the last position to
// the first, as the browser's review does: the endgame's proofs serve the
// positions before them; --time per position, --nodes to make it
// reproducible), else the engine's calibrated win probability at
// kWinProbNodes nodes (deterministic). core/proof/review.h marks the moves
// from the line's values; the position before a would-be decisive mark is
// proved again at K times the budget (default 10), which moves the mark
// earlier when that position was lost already.
//
// Output: the record (in the input's format) with each marked move's
// comment and mark (our "?" / "??", SGF BM[]), the better move added as a
// variation, and a summary per player in the start comment; or, with
// --json, one JSON object per position:
//   {"ply":i,"turn":p,"move":"<move played from it, '' at the end>",
//    "value":"win N|loss N|draw|p=0.73" (the side to move's view),
//    "mark":"decisive|mistake|''","best":"<better move when marked>"}
// The summary goes to stderr in both modes.
// Exit codes: 0 done, 1 unreadable or damaged record (replay's messages), 2 usage.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

#include "command.h"
#include "core/engine/search.h"
#include "core/engine/winprob.h"
#include "core/notation.h"
#include "core/proof/accuracy.h"
#include "core/proof/proof.h"
#include "core/proof/review.h"
#include "core/json_writer.h"
#include "record_files.h"

namespace zertz::cli {
namespace {

struct PlyReview {
  PositionValue value;
  bool hasBest = false;
  Move best;
  bool onlyMove = false;
  std::string mark;
};

int legalMoveCount(const Position& pos) {
  int n = 0;
  forEachLegalMove(pos, [&](const Move&) { ++n; });
  return n;
}

// One position's value: its proof (the memory shared along the game), else
// the engine's estimate; the best move the proof or the engine found.
PlyReview analysePosition(const Game& game, const ProofLimits& limits, ProofMemory& memory) {
  PlyReview p;
  const GameResult& res = game.result();
  if (res.over()) {
    p.value.proven = GameValue::ofEndedGame(res.winner, game.position().turn);
    return p;
  }
  p.onlyMove = legalMoveCount(game.position()) == 1;
  ProofResult proof = prove(game, limits, &memory);
  p.value.proven = proof.value;
  if (p.value.exact() && proof.hasBest) {
    p.hasBest = true, p.best = proof.best;
    return p;
  }
  SearchLimits search;
  search.nodes = kWinProbNodes;
  SearchResult s = think(game, search, kMaxLevel);
  // Rounded as the value text shows it, so the browser, given the texts,
  // marks exactly the same moves.
  if (!p.value.exact()) {
    std::string error;
    parseValueText(valueText(PositionValue::estimate(winProbability(s.score, game.position()))), p.value, error);
  }
  p.hasBest = true, p.best = s.best;
  return p;
}

// The marks of the line from its positions' values, with the values the
// core carried back along the line (core/proof/review.h).
void markLine(const Record& r, std::vector<PlyReview>& plies) {
  std::vector<PositionValue> values;
  std::vector<bool> only, engineChoice;
  for (size_t i = 0; i < plies.size(); ++i) {
    values.push_back(plies[i].value), only.push_back(plies[i].onlyMove);
    engineChoice.push_back(i < r.moves.size() && plies[i].hasBest && plies[i].best == r.moves[i]);
  }
  LineReview review = reviewLine(values, only, engineChoice);
  for (size_t i = 0; i < plies.size(); ++i) {
    plies[i].value = review.values[i];
    plies[i].mark = i < review.marks.size() ? review.marks[i] : "";
  }
}

// Values every position of the main line, from the last to the first; then
// gives the position before each would-be decisive mark a second look at
// `recheck` (a larger budget, the same proof memory): a proof that it was
// lost already moves the mark to the move that lost it, and so on back.
// Each position is looked at again at most once, so this ends.
std::vector<PlyReview> analyse(const Record& r, const ProofLimits& limits, const ProofLimits* recheck) {
  std::vector<Game> line;  // line[i]: the game after i moves
  line.reserve(r.moves.size() + 1);
  line.emplace_back(r.start);
  for (const Move& m : r.moves) {
    line.push_back(line.back());
    line.back().play(m);
  }
  std::vector<PlyReview> out(line.size());
  ProofMemory memory;
  for (size_t i = line.size(); i-- > 0;) out[i] = analysePosition(line[i], limits, memory);
  markLine(r, out);
  std::vector<bool> rechecked(out.size(), false);
  for (bool changed = recheck != nullptr; changed;) {
    changed = false;
    for (size_t i = 0; i < r.moves.size(); ++i) {
      if (out[i].mark != "decisive" || out[i].value.exact() || rechecked[i]) continue;
      rechecked[i] = true;
      ProofResult proof = prove(line[i], *recheck, &memory);
      if (!proof.value.known()) continue;
      out[i].value.proven = proof.value;
      if (proof.hasBest) out[i].best = proof.best;
      changed = true;
    }
    if (changed) markLine(r, out);
  }
  return out;
}

// Player p's name as the record gives it; "" where it has none.
std::string tagName(const Record& r, int p) {
  auto it = r.tags.find(p ? "Player1" : "Player0");
  return it == r.tags.end() ? "" : it->second;
}

// The record's player names, "player 0" / "player 1" where it has none.
std::array<std::string, 2> playerNames(const Record& r) {
  std::array<std::string, 2> names;
  for (int p = 0; p < 2; ++p) names[p] = tagName(r, p).empty() ? "player " + std::to_string(p) : tagName(r, p);
  return names;
}

// A chance as the browser shows it: "63%", kept within 1%..99%.
std::string percentText(double p) { return std::to_string(std::clamp(int(std::lround(p * 100)), 1, 99)) + "%"; }

// What a side has, in its own view (`v` from its side; `opponent` names the
// other), in the words of the browser's review note (web/review/words.js):
// "a proven win in 3 turns", "a proven loss (bob wins in at most 4 turns)",
// "a proven draw", "63% chances"; "a win" / "a loss" when the game is over.
// Distances in the winner's turns; "at most" when the proof's line is not
// known to be the shortest.
std::string standingText(const PositionValue& v, const std::string& opponent) {
  const GameValue& g = v.proven;
  if (!g.known()) return percentText(v.winprob) + " chances";
  if (g.outcome == Outcome::Draw) return g.plies == 0 ? "a draw" : "a proven draw";
  const bool win = g.outcome == Outcome::Win;
  if (g.plies == 0) return win ? "a win" : "a loss";
  const int turns = (g.plies + 1) / 2;
  const std::string within =
      g.plies < 0 ? "" : std::string(" in ") + (g.exact ? "" : "at most ") + std::to_string(turns) + (turns == 1 ? " turn" : " turns");
  return win ? "a proven win" + within : "a proven loss (" + opponent + " wins" + within + ")";
}

// The value of the position after a move, from the mover's side: the same
// distance, the other side's result.
PositionValue moverView(const PositionValue& after) {
  PositionValue v = after;
  v.winprob = 1 - after.winprob;
  const Outcome o = after.proven.outcome;
  v.proven.outcome = o == Outcome::Win ? Outcome::Loss : o == Outcome::Loss ? Outcome::Win
                                                                            : o;
  return v;
}

// "Decisive: ann had a proven win in 3 turns; after it, a proven loss (bob
// wins in 4 turns). Better: Wa1,a2."
std::string markComment(const PlyReview& before, const PlyReview& after, const Position& pos,
                        const std::array<std::string, 2>& names) {
  const int mover = pos.turn;
  const std::string& opponent = names[1 - mover];
  std::string text = std::string(before.mark == "decisive" ? "Decisive: " : before.mark == "mistake" ? "Mistake: "
                                                                                                     : "Inaccuracy: ") +
                     names[mover] + " had " +
                     standingText(before.value, opponent) + "; after it, " + standingText(moverView(after.value), opponent) + ".";
  if (before.hasBest) text += " Better: " + moveToString(pos, before.best) + ".";
  return text;
}

std::string summaryText(const Record& r, const std::vector<PlyReview>& plies) {
  int decisive[2] = {0, 0}, mistakes[2] = {0, 0}, inaccuracies[2] = {0, 0};
  Position pos = r.start;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    if (plies[i].mark == "decisive") ++decisive[pos.turn];
    if (plies[i].mark == "mistake") ++mistakes[pos.turn];
    if (plies[i].mark == "inaccuracy") ++inaccuracies[pos.turn];
    pos.play(r.moves[i]);
  }
  std::vector<std::optional<PositionValue>> values(plies.size());
  for (size_t i = 0; i < plies.size(); ++i) values[i] = plies[i].value;
  const LineAccuracy accuracy = lineAccuracy(values);
  std::string s = "Review:";
  for (int p = 0; p < 2; ++p) {
    std::string name = tagName(r, p).empty() ? "" : " (" + tagName(r, p) + ")";
    s += std::string(p ? ";" : "") + " player " + std::to_string(p) + name + " " + std::to_string(decisive[p]) +
         " decisive, " + std::to_string(mistakes[p]) + (mistakes[p] == 1 ? " mistake" : " mistakes") + ", " +
         std::to_string(inaccuracies[p]) + (inaccuracies[p] == 1 ? " inaccuracy" : " inaccuracies");
    const int side = (p + r.start.turn) % 2;  // accuracy's side 0 is the player to move at the start
    if (accuracy.moves[side]) {
      char text[32];
      std::snprintf(text, sizeof text, ", accuracy %.1f%%", accuracy.percent[side]);
      s += text;
    }
  }
  return s + ".";
}

// The marks as comments, marks and better-move variations in the record's tree.
void annotate(Record& r, const std::vector<PlyReview>& plies) {
  TreeNode* node = &r.root;
  Position pos = r.start;
  const std::array<std::string, 2> names = playerNames(r);
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const PlyReview& p = plies[i];
    if (!p.mark.empty()) {
      if (p.hasBest && !(p.best == r.moves[i])) {
        bool present = false;
        for (const TreeNode& c : node->children) present = present || c.move == p.best;
        if (!present) node->children.push_back(TreeNode{p.best, "Better than " + moveToString(pos, r.moves[i]) + " (review).", "", {}});
      }
      TreeNode& played = node->children[0];
      played.mark = p.mark;
      std::string text = markComment(p, plies[i + 1], pos, names);
      played.comment += (played.comment.empty() ? "" : "\n") + text;
    }
    node = &node->children[0];
    pos.play(r.moves[i]);
  }
  std::string summary = summaryText(r, plies);
  r.root.comment += (r.root.comment.empty() ? "" : "\n") + summary;
}

void printJson(const Record& r, const std::vector<PlyReview>& plies) {
  Position pos = r.start;
  for (size_t i = 0; i < plies.size(); ++i) {
    const PlyReview& p = plies[i];
    bool played = i < r.moves.size();
    std::string best = !p.mark.empty() && p.hasBest ? moveToString(pos, p.best) : "";
    JsonWriter w;
    w.object().field("ply", i).field("turn", pos.turn).field("move", played ? moveToString(pos, r.moves[i]) : "");
    w.field("value", valueText(p.value)).field("mark", p.mark).field("best", best).end();
    std::printf("%s\n", w.text().c_str());
    if (played) pos.play(r.moves[i]);
  }
}

RegisterCommand reviewCommand(
    "review",
    "review FILE [--time MS] [--nodes N] [--recheck K] [--json]: mark the moves that decided a game (proof search "
    "per position, MS per position, default 1000; N proof nodes instead, reproducible; the position before a "
    "would-be decisive mark proved again at K times the budget, default 10, 0 none) and write the record with the "
    "marks as comments, or one JSON object per position",
    [](const Args& in) {
      Args args = in;
      bool json = takeFlag(args, "--json");
      std::string timeText = takeOption(args, "--time", "1000"), nodesText = takeOption(args, "--nodes");
      std::string recheckText = takeOption(args, "--recheck", "10");
      long long ms = 0, nodes = 0, recheckFactor = 0;
      if (!parseInteger(timeText, 1, 3600000, ms))
        return std::fprintf(stderr, "zertz review: --time must be 1..3600000 ms, got '%s'\n", timeText.c_str()), 2;
      if (!nodesText.empty() && !parseInteger(nodesText, 1, 1LL << 40, nodes))
        return std::fprintf(stderr, "zertz review: --nodes must be a positive count, got '%s'\n", nodesText.c_str()), 2;
      if (recheckText != "0" && !parseInteger(recheckText, 1, 1000, recheckFactor))
        return std::fprintf(stderr, "zertz review: --recheck must be 0..1000 (times the budget), got '%s'\n", recheckText.c_str()), 2;
      for (const std::string& a : args)
        if (!a.empty() && a[0] == '-') return std::fprintf(stderr, "zertz review: unknown option %s\n", a.c_str()), 2;
      if (args.size() != 1) return std::fprintf(stderr, "zertz review: give one record file\n"), 2;
      std::vector<LabelledRecord> games;
      std::string problems;
      readRecordFiles(args[0], games, problems);
      if (!problems.empty()) {  // replay's form: "<path>  UNREADABLE  <why>"
        std::string why = problems.rfind(args[0] + ": ", 0) == 0 ? problems.substr(args[0].size() + 2) : problems;
        return std::fprintf(stderr, "%s  UNREADABLE  %s", args[0].c_str(), why.c_str()), 1;
      }
      if (games.size() != 1)
        return std::fprintf(stderr, "zertz review: %s holds %zu games; review takes one\n", args[0].c_str(), games.size()), 1;
      Record& r = games[0].record;
      if (r.damaged) return std::fprintf(stderr, "%s  %s\n", args[0].c_str(), describeRecord(r).c_str()), 1;

      ProofLimits limits;
      limits.maxSeconds = nodes ? 0 : double(ms) / 1000.0;
      limits.maxNodes = uint64_t(nodes);  // 0 with --time: the time is the whole budget
      ProofLimits recheck = limits;
      recheck.maxSeconds *= double(recheckFactor), recheck.maxNodes *= uint64_t(recheckFactor);
      std::vector<PlyReview> plies = analyse(r, limits, recheckFactor ? &recheck : nullptr);
      std::string summary = summaryText(r, plies);
      if (json) {
        printJson(r, plies);
      } else {
        bool sgf = games[0].label.size() >= 4 && games[0].label.compare(games[0].label.size() - 4, 4, ".sgf") == 0;
        annotate(r, plies);
        std::printf("%s", (sgf ? exportSgf(r) : exportRecord(r)).c_str());
      }
      std::fprintf(stderr, "%s\n", summary.c_str());
      return 0;
    });

// The games of the hints benchmark's sample (solve-records: every
// human-vs-human game with at least 2 moves, N spread evenly), whole, for
// bench/review_wasm.js: label, start position, moves, result, reason.
RegisterCommand reviewGamesCommand(
    "review-games", "review-games [--games N] PATH...: the benchmark's sample of human-vs-human games, one per line",
    [](const Args& in) {
      Args args = in;
      std::string countText = takeOption(args, "--games", "40");
      long long count = 0;
      if (!parseInteger(countText, 1, 1000000000, count))
        return std::fprintf(stderr, "zertz review-games: --games must be a positive count, got '%s'\n", countText.c_str()), 2;
      if (args.empty()) return std::fprintf(stderr, "zertz review-games: give record files or directories\n"), 2;
      std::vector<LabelledRecord> all;
      std::string problems;
      for (const std::string& a : args) readRecordFiles(a, all, problems);
      std::vector<const LabelledRecord*> human;
      for (const LabelledRecord& g : all)
        if (!g.record.damaged && !hasBotPlayer(g.record) && g.record.moves.size() >= 2) human.push_back(&g);
      size_t n = std::min(human.size(), size_t(count));
      for (size_t i = 0; i < n; ++i) {
        const LabelledRecord& g = *human[n == human.size() ? i : i * human.size() / n];
        RecordOutcome o = recordOutcome(g.record);
        std::printf("%s\t%s\t%s\t%s\t%s\n", g.label.c_str(), toPositionString(g.record.start).c_str(),
                    moveListString(g.record.game()).c_str(), o.result.c_str(), o.reason.c_str());
      }
      return 0;
    });

}  // namespace
}  // namespace zertz::cli
