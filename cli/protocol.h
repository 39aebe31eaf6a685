// `zertz engine`: a line protocol in GTP framing. Each command line gets
// "= <answer>" or "? <error>" followed by an empty line. The session holds a
// Game; a command that fails leaves it unchanged.
//
// Commands are registered (core ones in protocol.cpp; genmove, probe, ... in
// their own files) so features add commands without editing this file.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/proof/proof.h"
#include "core/tables/tb_reader.h"

namespace zertz::cli {

struct Reply {
  bool ok = true;
  std::string text;
  static Reply success(std::string t = "") { return {true, std::move(t)}; }
  static Reply failure(std::string t) { return {false, std::move(t)}; }
};

// What a protocol session holds. Every field is typed and named, so no
// command can leave state that nothing reads.
struct Session {
  Game game{Position::start(kLayout37, Standard)};
  // --tables: probe and probe_moves read them; genmove and solve use them
  // as exact leaves.
  std::shared_ptr<tb::TableReader> tables;
  // solve: one proof memory per thread, so solving a ply later starts from
  // what the last solve learned.
  std::vector<std::unique_ptr<ProofMemory>> proofMemories;
  std::string lastSolve;  // solve_info: details of the last solve, "" before any
  bool quit = false;
};

using ProtocolFn = std::function<Reply(Session&, const std::vector<std::string>& args)>;

struct ProtocolCommand {
  std::string help;
  ProtocolFn run;
};
std::map<std::string, ProtocolCommand>& protocolCommands();

struct RegisterProtocolCommand {
  RegisterProtocolCommand(const std::string& name, const std::string& help, ProtocolFn fn) {
    protocolCommands()[name] = {help, std::move(fn)};
  }
};

// Handles one input line; returns the full framed response ("= ...\n\n"),
// or "" for blank/comment lines. Never throws.
std::string handleLine(Session& s, const std::string& line);
// Runs the loop until quit or end of input.
void serve(Session& s, std::istream& in, std::ostream& out);

// Options any command that opens a session understands (e.g. --tables DIR);
// extensions hook in here. Returns false with a message on a bad option.
using SessionSetup = std::function<bool(Session&, std::vector<std::string>& args, std::string& error)>;
std::vector<SessionSetup>& sessionSetups();
struct RegisterSessionSetup {
  explicit RegisterSessionSetup(SessionSetup fn) { sessionSetups().push_back(std::move(fn)); }
};

std::string showBoard(const Position& pos);  // ASCII board
std::string statusLine(const Game& g);

}  // namespace zertz::cli
