#include "protocol.h"

#include <iostream>

#include "command.h"
#include "core/notation.h"

namespace zertz::cli {

std::map<std::string, ProtocolCommand>& protocolCommands() {
  static std::map<std::string, ProtocolCommand> registry;
  return registry;
}

std::vector<SessionSetup>& sessionSetups() {
  static std::vector<SessionSetup> setups;
  return setups;
}

namespace {

constexpr size_t kMaxLine = 1 << 16;

std::string joinFrom(const std::vector<std::string>& a, size_t from) {
  std::string s;
  for (size_t i = from; i < a.size(); ++i) s += (i > from ? " " : "") + a[i];
  return s;
}

bool printable(const std::string& line) {
  for (unsigned char c : line)
    if ((c < 32 && c != '\t' && c != '\r') || c == 127) return false;
  return true;
}

std::string countsText(const uint8_t v[kColors]) {
  return std::to_string(v[0]) + " " + std::to_string(v[1]) + " " + std::to_string(v[2]);
}

RegisterProtocolCommand cmdVariant("variant", "variant <blitz|standard> <layout>: start position", [](Session& s, const std::vector<std::string>& a) {
  if (a.size() != 2) return Reply::failure("usage: variant <blitz|standard> <37|40|43|44|48|61|off:height,...>");
  Position p;
  std::string error;
  if (!startPosition(a[0], a[1], p, error)) return Reply::failure(error);
  s.game = Game(p);
  return Reply::success();
});

RegisterProtocolCommand cmdSetPosition("setposition", "setposition <position string>", [](Session& s, const std::vector<std::string>& a) {
  Position p;
  std::string error;
  if (!parsePositionString(joinFrom(a, 0), p, error)) return Reply::failure(error);
  s.game = Game(p);
  return Reply::success();
});

RegisterProtocolCommand cmdPosition("position", "position: the current position string", [](Session& s, const std::vector<std::string>&) {
  return Reply::success(toPositionString(s.game.position()));
});

RegisterProtocolCommand cmdPlay("play", "play <move>", [](Session& s, const std::vector<std::string>& a) {
  if (a.empty()) return Reply::failure("usage: play <move>");
  if (s.game.result().over()) return Reply::failure("the game is over (" + describeResult(s.game.result(), s.game.position()) + ")");
  Move m;
  std::string error;
  if (!parseLegalMove(s.game.position(), joinFrom(a, 0), m, error)) return Reply::failure(error);
  Position before = s.game.position();
  Bitboard isolated = s.game.play(m);
  std::string text = moveToString(before, m);
  if (isolated) {
    Position placed = before;  // marbles of the isolated rings as they stood, incl. the new one
    placed.putMarble(m.from, m.color);
    text += isolationSuffix(placed, isolated);
  }
  return Reply::success(text);
});

RegisterProtocolCommand cmdUndo("undo", "undo: take back the last move", [](Session& s, const std::vector<std::string>&) {
  if (s.game.moves().empty()) return Reply::failure("nothing to undo");
  s.game.undo();
  return Reply::success();
});

RegisterProtocolCommand cmdRedo("redo", "redo: replay the last undone move", [](Session& s, const std::vector<std::string>&) {
  if (!s.game.canRedo()) return Reply::failure("nothing to redo");
  s.game.redo();
  return Reply::success();
});

RegisterProtocolCommand cmdLegal("legal_moves", "legal_moves: all legal moves, canonical", [](Session& s, const std::vector<std::string>&) {
  if (s.game.result().over()) return Reply::success("");
  std::string out;
  const Position& p = s.game.position();
  forEachLegalMove(p, [&](const Move& m) {
    if (!out.empty()) out += ' ';
    out += moveToString(p, m);
  });
  return Reply::success(out);
});

RegisterProtocolCommand cmdStatus("status", "status: turn, result, pool and captures", [](Session& s, const std::vector<std::string>&) {
  return Reply::success(statusLine(s.game));
});

RegisterProtocolCommand cmdMoves("moves", "moves: the game's moves so far", [](Session& s, const std::vector<std::string>&) {
  return Reply::success(moveListString(s.game));
});

RegisterProtocolCommand cmdShow("showboard", "showboard: ASCII board", [](Session& s, const std::vector<std::string>&) {
  return Reply::success("\n" + showBoard(s.game.position()) + describeResult(s.game.result(), s.game.position()));
});

RegisterProtocolCommand cmdPerft("perft", "perft <depth>", [](Session& s, const std::vector<std::string>& a) {
  int depth = a.size() == 1 ? std::atoi(a[0].c_str()) : -1;
  if (depth < 0 || depth > 6 || a[0].find_first_not_of("0123456789") != std::string::npos)
    return Reply::failure("usage: perft <depth 0..6>");
  return Reply::success(std::to_string(perft(s.game.position(), depth)));
});

RegisterProtocolCommand cmdList("list_commands", "list_commands", [](Session&, const std::vector<std::string>&) {
  std::string out;
  for (auto& [name, c] : protocolCommands()) out += (out.empty() ? "" : "\n") + name;
  return Reply::success(out);
});

RegisterProtocolCommand cmdHelp("help", "help: commands with a line each", [](Session&, const std::vector<std::string>&) {
  std::string out;
  for (auto& [name, c] : protocolCommands()) out += "\n" + c.help;
  return Reply::success(out);
});

RegisterProtocolCommand cmdQuit("quit", "quit", [](Session& s, const std::vector<std::string>&) {
  s.quit = true;
  return Reply::success();
});

}  // namespace

std::string statusLine(const Game& g) {
  const Position& p = g.position();
  return "turn " + std::to_string(p.turn) + " result " + resultToken(g.result()) + " pool " +
         countsText(p.pool) + " captures " + countsText(p.captures[0]) + " " + countsText(p.captures[1]);
}

std::string showBoard(const Position& pos) {
  // Rows of half-ring heights from the top; each column two characters wide.
  const Geometry& g = *pos.geo;
  int maxH = 0;
  for (int c = 0; c < g.numCells; ++c) maxH = std::max(maxH, int(g.h[c]));
  std::string out;
  for (int h = maxH; h >= 0; --h) {
    std::string line;
    bool any = false;
    for (int col = 0; col < g.numColumns; ++col) {
      int cell = g.cellAtHeight(col, h);
      char ch = ' ';
      if (cell != kNoCell) {
        int m = pos.marbleAt(cell);
        ch = !(pos.rings & bit(cell)) ? ' ' : m < 0 ? 'o'
                                                    : kColorChar[m];
        any = any || ch != ' ';
      }
      line += ch;
      line += ' ';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (any) out += line + "\n";
  }
  std::string cols;
  for (int col = 0; col < g.numColumns; ++col) cols += std::string(1, char('a' + col)) + " ";
  out += cols + "\n";
  out += "pool " + countsText(pos.pool) + "  captures P0 " + countsText(pos.captures[0]) + "  P1 " +
         countsText(pos.captures[1]) + "  to move: P" + std::to_string(pos.turn) + "\n";
  return out;
}

std::string handleLine(Session& s, const std::string& rawLine) {
  std::string line = rawLine;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.size() > kMaxLine) return "? line too long (" + std::to_string(line.size()) + " bytes, limit " + std::to_string(kMaxLine) + ")\n\n";
  if (!printable(line)) return "? line contains control or binary characters\n\n";
  const std::vector<std::string_view> split = splitWords(line);
  std::vector<std::string> w(split.begin(), split.end());
  if (w.empty() || w[0][0] == '#') return "";
  std::string name = w[0];
  w.erase(w.begin());
  auto it = protocolCommands().find(name);
  if (it == protocolCommands().end()) return "? unknown command '" + name.substr(0, 40) + "' (try list_commands)\n\n";
  Reply r;
  try {
    r = it->second.run(s, w);
  } catch (const std::exception& e) {
    r = Reply::failure(std::string("internal error: ") + e.what());
  }
  return std::string(r.ok ? "=" : "?") + (r.text.empty() ? "" : " " + r.text) + "\n\n";
}

void serve(Session& s, std::istream& in, std::ostream& out) {
  // Lines are read in bounded chunks so a huge line cannot exhaust memory.
  std::string line;
  while (!s.quit) {
    line.clear();
    bool tooLong = false;
    int ch;
    while ((ch = in.get()) != EOF && ch != '\n') {
      if (line.size() <= kMaxLine) line.push_back(char(ch));
      else tooLong = true;
    }
    if (ch == EOF && line.empty() && !tooLong) break;
    std::string reply = tooLong ? "? line too long (limit " + std::to_string(kMaxLine) + " bytes)\n\n" : handleLine(s, line);
    out << reply << std::flush;
    if (ch == EOF) break;
  }
}

RegisterCommand engineCommand("engine", "engine [--tables DIR|URL]: text protocol on stdin/stdout", [](const Args& args) {
  Session s;
  Args rest = args;
  for (auto& setup : sessionSetups()) {
    std::string error;
    if (!setup(s, rest, error)) {
      std::cerr << "zertz engine: " << error << "\n";
      return 2;
    }
  }
  if (!rest.empty()) {
    std::cerr << "zertz engine: unknown argument '" << rest[0] << "'\n";
    return 2;
  }
  std::ios::sync_with_stdio(false);
  serve(s, std::cin, std::cout);
  return 0;
});

}  // namespace zertz::cli
