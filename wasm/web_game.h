// The browser's game: a core Game plus what the view shows of it, behind
// embind (wasm/game.cpp registers it as Module.Game). Methods are grouped by
// concern in wasm/game.cpp (play, undo, the view's state), wasm/records.cpp
// (import, export) and wasm/engine.cpp (the engine's move).
//
// Thin on purpose: every rule (legality, captures, isolation, endings) is
// core's. These files only translate: text in, JSON text out, so the browser
// view (web/) and its workers never compute a rule. JSON strings (not embind
// value objects) keep the glue small and cross postMessage unchanged.
#pragma once

#include <string>

#include "core/game.h"
#include "core/notation.h"

namespace zertz::wasm {

class WebGame {
 public:
  WebGame() : game_(Position::start(kLayout37, Standard)) {}

  // Each setter returns "" on success or an error message, and changes
  // nothing on error.
  std::string newGame(const std::string& marbles, const std::string& layout);
  std::string setPosition(const std::string& text);
  // Plays a move list (core/notation.h: readMoveList) from the current
  // position, all or nothing; the error names the move.
  std::string playMoves(const std::string& text);
  std::string play(const std::string& text);
  bool undo();
  bool redo();
  // Undo or redo until `ply` moves are played (clamped to what exists).
  int gotoPly(int ply);
  int ply() const { return int(game_.moves().size()); }
  // Side to move after `ply` moves of the game including undone ones ahead,
  // or -1 beyond them (lets the view step over engine turns without rules).
  int turnAt(int ply) const;
  std::string positionString() const;
  std::string startPositionString() const;
  std::string moveList() const { return moveListString(game_); }
  // Everything the view draws, as one JSON object (see web/play/model.js).
  std::string state() const;

  // wasm/engine.cpp. The engine's move at `level` (1..4) as JSON: move
  // (canonical text), score (text), depth, nodes, pv. timeMs > 0 replaces
  // the strongest level's own time (weaker levels have a fixed depth).
  std::string think(int level, int timeMs) const;

  // wasm/records.cpp. A GIPF record or boardspace .sgf. Returns
  // {"error":...} and changes nothing when the text holds no usable game, or
  // when the record is damaged and allowDamaged is false (the error then
  // names the turn and reason); with allowDamaged a damaged record loads its
  // legal prefix.
  std::string importRecordText(const std::string& text, bool allowDamaged);
  // Tags as "Name=value" lines.
  std::string exportRecordText(const std::string& tags) const;
  std::string exportSgfText(const std::string& tags) const;

 private:
  void reset(const Position& p);

  Game game_;
  Bitboard lastIsolated_ = 0;  // rings the last move captured by isolation
};

}  // namespace zertz::wasm
