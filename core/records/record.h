// Game records: import and export of whole games as text. Pure: no I/O; the
// caller reads files (and zip archives, cli/zip.h) and passes the text.
//
// Two formats:
//  * boardspace.net SGF (GM[22]): what real games come in. Each turn is a few
//    nodes "; P<n>[<index> <command> <args>]": RtoB <rack> <colour> <COL> <row>
//    (rack 2 = pool, 0/1 = that player's captures; colour 0 W, 1 G, 2 B),
//    "R- COL row", "BtoB COL row COL row" (one jump each), Done, Resign,
//    WinOnTime. Coordinates are ours (column letter, row 1 lowest), upper case.
//    Import is as tolerant as boardspace's own replay: commands in any case,
//    the turn index optional, a missing Done (a change of player ends the
//    turn), BtoB onto the same cell and RtoR within one rack ignored, ring
//    removal before the placement, an Edit/SetBoard/RtoR set-up before Start
//    (handicap games), R+ ring set-up (Zertz+xx custom boards, up to 64
//    rings), jumping back over the marble just taken (boardspace's undo of
//    that jump), moving the marble just placed before Done. A turn cut short
//    by Resign, or a last turn never confirmed with Done, is not played.
//  * our own record: PGN-like header tags then GIPF-notation moves,
//        [Variant "standard 37"]
//        [Player0 "alice"]
//        [Player1 "bob"]
//        [Result "1"]
//        [Start "<position string>"]      only when not the variant's start
//        ; a comment before the first move
//        1. Wd4,g1 Bb2,a1 (1... Bc3,a1 ; a variation, PGN-style) 2. xd5Wd3? ...
//    Move numbers ("12.", "12...") are optional on input. ';' starts a
//    comment up to the end of the line; after the tags it belongs to the
//    move before it (or to the start). "( ... )" after a move holds an
//    alternative to that move. A "?" / "??" suffix is a review mark
//    (mistake / decisive, see game_tree.h).
//
// Every imported move is checked with the core (isLegal). A turn that cannot
// be converted to a legal move (duplicated jump, jump to a ring that is not two
// steps away, two placements in one turn, an illegal move, moves after the game
// ended...) marks the record damaged: `moves` holds the legal prefix, and
// damagedTurn/damage say where (1-based turn number) and why. Syntax errors
// and unusable headers (wrong GM, unknown variant) fail the import instead.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/records/game_tree.h"

namespace zertz {

struct Record {
  // Header information. Our format's tags as written; an SGF import fills
  // Variant, Player0, Player1, Date (DT), Event (GN) and SgfResult (RE).
  std::map<std::string, std::string> tags;
  Position start;           // may differ from the variant's start (handicap, set-up, P1 first)
  std::vector<Move> moves;  // legal from start, in order
  bool damaged = false;
  int damagedTurn = 0;   // 1-based turn where the replay stopped
  std::string damage;    // why
  int resigned = -1;     // player who resigned, or -1
  int wonOnTime = -1;    // player declared winner on time, or -1
  int ignoredTurns = 0;  // turns the record plays after a resignation, a win on time
                         // or a draw by repetition: the game ended before them
  int namedWinner = -1;  // player RE[] names as winner (matched by player id), or -1
  int sourceLine = 0;    // line of the game's first node in the text (collections)
  // A result the record states but neither the rules nor a resignation or
  // time-out reached: "0", "1" or "draw" with the reason "agreement" or
  // "unknown" (our Result tag "draw agreement", "1 unknown", a bare "1").
  std::string claimedResult, claimedReason;
  // Every line of play with comments and marks; its main line equals moves.
  // A damaged variation is cut at the damage (and damaged is set).
  TreeNode root;

  // Replays the moves into a Game (they are legal by construction).
  Game game() const;
};

// How the game ended, in the game-tree JSON's terms: result "0", "1",
// "draw" or "" (unfinished), reason "set", "emptied", "passes",
// "repetition" (the rules), "resign", "time", "agreement", "unknown" or "".
struct RecordOutcome {
  std::string result, reason;
};
RecordOutcome recordOutcome(const Record& r);

// A record of one line of play (tree = the game's moves); tags as given,
// a Result tag read as our format reads it.
Record recordFromGame(const Game& game, const std::map<std::string, std::string>& tags);

// Sets resigned / wonOnTime / claimedResult from a Result tag of our format
// when the moves do not end the game by the rules; false if v means nothing.
bool applyResultTag(Record& r, const std::string& v);

// Auto-detects boardspace SGF (text starting with '(', or not starting with
// a '[' tag but holding "GM[") or our own format. Returns false and an error naming the line or turn when the
// text holds no usable game. A damaged game still returns true (damaged=true,
// legal prefix in moves). For an SGF collection, the first game.
bool importRecord(std::string_view text, Record& out, std::string& error);

// Every game of an SGF file (boardspace files hold one, collections several).
// Games that cannot be used are skipped with a message in error (one line
// each, naming the game's line); syntax errors stop the scan.
std::vector<Record> importSgfCollection(std::string_view text, std::string& error);

// Our own format. Tags are written as given, except Variant, Start and Result
// which follow the game: "0", "1", "draw" when it is over by the rules, else
// the given Result tag (see resultTag) or "none".
// Import reads "<winner> resign" and "<winner> time" back into resigned/wonOnTime.
std::string exportRecord(const Game& game, const std::map<std::string, std::string>& tags);
// The whole tree: variations, comments and marks; Result from recordOutcome.
std::string exportRecord(const Record& r);

// Tags from "Name=value" lines (how the browser passes them to the
// exports); lines without '=' or without a name are ignored, and of two
// lines with one name the later wins.
std::map<std::string, std::string> tagsFromLines(std::string_view text);

// boardspace-style SGF. Tags Player0/Player1/Date/Event/Result map to
// P0[id], P1[id], DT, GN, RE; a Result "<w> resign" / "<w> time" (see
// resultTag) also closes the game with a Resign / WinOnTime node. Layouts other than 37/48/61, blitz marbles or a
// non-standard start are written with our own properties ZV[<marbles> <layout>]
// and ZS[<position string>], which this importer reads back (boardspace does not).
std::string exportSgf(const Game& game, const std::map<std::string, std::string>& tags);
// The whole tree: variations in SGF's own "(;...)(;...)" syntax, comments as
// C[], marks as BM[1] (mistake) / BM[2] (decisive); import reads them back.
std::string exportSgf(const Record& r);

// "Zertz" -> layout 37, "Zertz+11" -> 48, "Zertz+24" -> 61 (and "Zertz+H",
// boardspace's handicap game on the 48 board); nullptr for others.
const Geometry* boardspaceLayout(std::string_view su);

// The Result tag of our format for a record: the rules' result when the game
// is over, else "1 resign" (player 0 resigned), "0 time" (won on time),
// "draw agreement", "1 unknown", else the record's own Result tag or "none".
std::string resultTag(const Record& r);

// One-line human summary of how a record ends: "player 1 wins with 4 white",
// "player 0 resigned", "unfinished", or "damaged at turn 12: ...".
std::string describeRecord(const Record& r);

}  // namespace zertz
