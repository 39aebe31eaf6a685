// Every text format of a single move or position lives here.
//
// Cells: column letter + row number, "d4". Moves (GIPF notation):
//   placement  Wd4,b2   (colour, target, removed ring) or Wd4 when none could be removed
//   capture    xe3Wg3Gg5 (start, then captured colour + landing ring per jump;
//              a space after x is accepted on input, never written)
//   pass       -
// An isolation annotation suffix ("Bd7,b2 x Wa1Wa2") is accepted and ignored.
//
// Position string (one line, exact round trip):
//   <marbles> <layout> <cells> <pool> <caps0> <caps1> <turn>
// e.g. "standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0".
// Custom layouts use the token "off:height,off:height,..." (one per column).
//
// Parsers never throw and never crash on any input: they return false and
// put a message naming what was wrong and where into `error`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace zertz {

std::string cellName(const Geometry& g, int cell);
// Cell index for a name like "d4", or kNoCell. Case-insensitive column letter.
int parseCell(const Geometry& g, std::string_view name);

// Canonical text of a move that is legal in pos (captures need pos to name
// the jumped colours and landing rings).
std::string moveToString(const Position& pos, const Move& m);
// Text of the isolation suffix for a placement, e.g. " x Wa1Wa2", or "".
std::string isolationSuffix(const Position& before, Bitboard isolated);

// Parses a move in the context of pos. Checks syntax and that the cells and
// jumps exist; legality is a separate question (isLegal / parseLegalMove).
bool parseMove(const Position& pos, std::string_view text, Move& out, std::string& error);
// parseMove plus legality, with a reason when the move is illegal here.
bool parseLegalMove(const Position& pos, std::string_view text, Move& out, std::string& error);

std::string toPositionString(const Position& pos);
bool parsePositionString(std::string_view text, Position& out, std::string& error);

// Layouts by token: builtin ("37") or custom ("3:4,2:5,..."), the latter
// from geometry's registry (customLayout), so the pointer lives as long as
// the program.
const Geometry* layoutFromToken(std::string_view token, std::string& error);

// A game's moves in canonical notation, space-separated.
std::string moveListString(const Game& game);

// Move lists, the one reader every text of several moves goes through (the
// engine protocol, the records, the browser's bindings):
//  * words are separated by whitespace (space, tab, CR, LF);
//  * a lone "x" (or "X") joins the next word, the one way: when that word
//    is an isolation annotation (a colour, then a cell: "Wa1Wa2") and a move
//    precedes, "x <word>" ends that move ("Bd7,b2 x Wa1Wa2"); otherwise the
//    two are one capture ("x e3Wg3" -> "xe3Wg3").
constexpr std::string_view kWhitespace = " \t\r\n";
// The words of text between any of the separators (none empty).
std::vector<std::string_view> splitWords(std::string_view text, std::string_view separators = kWhitespace);
// Whether a word is the lone capture mark, and whether the word after it
// reads as an isolation annotation (colour letter, then a column letter).
bool isCaptureMark(std::string_view word);
bool isIsolationAnnotation(std::string_view word);
// The move texts of a move list, the "x" words joined as above.
std::vector<std::string> readMoveList(std::string_view text);
// Plays a move list on game, all or nothing: false, game unchanged and an
// error "move N: ..." at the first move that is not legal where it stands or
// comes after the game ended. isolated (when given): what the last move
// played captured by isolation; untouched when the list is empty.
bool playMoveList(Game& game, std::string_view text, std::string& error, Bitboard* isolated = nullptr);
// A game from a start position string and a move list (playMoveList).
std::optional<Game> gameFromMoveList(std::string_view start, std::string_view moves, std::string& error);

// Start position for "<marbles> <layout>", e.g. ("standard", "48").
bool startPosition(std::string_view marbles, std::string_view layout, Position& out,
                   std::string& error);

}  // namespace zertz
