#include "core/explorer/explorer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/json.h"
#include "core/json_writer.h"
#include "core/movegen.h"
#include "core/symmetry.h"

namespace zertz {

namespace {

constexpr const char* kFormat = "zertz-explorer";
constexpr int kVersion = 1;

std::string hexKey(uint64_t key) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(key));
  return buf;
}

bool readHexKey(const std::string& text, uint64_t& out) {
  if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos) return false;
  out = std::strtoull(text.c_str(), nullptr, 16);
  return true;
}

bool readCount(const Json& j, uint32_t& out) {
  if (j.kind != Json::Number || j.text.empty() || j.text.size() > 9 || j.text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = uint32_t(std::strtoul(j.text.c_str(), nullptr, 10));
  return true;
}

bool readSmallInt(const Json* j, int& out) {
  uint32_t v = 0;
  if (!j || !readCount(*j, v) || v > 1000) return false;
  out = int(v);
  return true;
}

// One move entry: [child key, people's games, wins, losses, robots' games, wins, losses].
bool readEntry(const Json& e, uint64_t& child, ExplorerEntry& out) {
  if (e.kind != Json::Array || e.items.size() != 7 || e.items[0].kind != Json::String || !readHexKey(e.items[0].text, child))
    return false;
  ExplorerCounts* sides[2] = {&out.humans, &out.robots};
  for (int s = 0; s < 2; ++s) {
    ExplorerCounts& c = *sides[s];
    if (!readCount(e.items[1 + 3 * s], c.games) || !readCount(e.items[2 + 3 * s], c.moverWins) ||
        !readCount(e.items[3 + 3 * s], c.opponentWins) || uint64_t(c.moverWins) + c.opponentWins > c.games)
      return false;
  }
  return out.humans.games + out.robots.games > 0;
}

// Every position of one variant's tree, each checked: onPosition(key, ply)
// then onMove(child, entry) for each of its moves. Nothing is stored here,
// so a reader keeps only what it needs (the browser: one position's moves).
template <class OnPosition, class OnMove>
bool walkTree(const Json& positions, int shard, OnPosition onPosition, OnMove onMove, std::string& error) {
  if (positions.kind != Json::Object) return error = "expected an object of positions", false;
  for (const JsonField& f : positions.fields) {
    uint64_t key = 0;
    const Json* moves = f.second.get("m");
    int ply = 0;
    if (!readHexKey(f.first, key)) return error = "position '" + f.first.substr(0, 20) + "': not a 16-digit hex key", false;
    if (explorerShardOf(key) != shard) return error = "position " + f.first + ": belongs to another shard", false;
    if (f.second.kind != Json::Object || !readSmallInt(f.second.get("p"), ply) || !moves || moves->kind != Json::Array)
      return error = "position " + f.first + ": expected {\"p\": ply, \"m\": [moves]}", false;
    onPosition(key, ply);
    for (size_t i = 0; i < moves->items.size(); ++i) {
      uint64_t child = 0;
      ExplorerEntry entry;
      if (!readEntry(moves->items[i], child, entry))
        return error = "position " + f.first + ", move " + std::to_string(i) +
                       ": expected [child key, games, wins, losses, robot games, wins, losses] (wins + losses <= games)",
               false;
      onMove(child, entry);
    }
  }
  return true;
}

// A whole shard: its header (plies, minGames, maxPlies into the three ints),
// then every variant's tree (walkTree; onVariant(name) before each).
template <class OnVariant, class OnPosition, class OnMove>
bool walkShard(std::string_view text, int shard, int (&header)[3], OnVariant onVariant, OnPosition onPosition, OnMove onMove,
               std::string& error) {
  Json doc;
  if (!parseJson(text, doc, error)) return error = "explorer book: " + error, false;
  const Json* format = doc.get("format");
  const Json* version = doc.get("version");
  if (doc.kind != Json::Object || !format || format->text != kFormat)
    return error = "explorer book: not a zertz-explorer file", false;
  if (!version || version->text != std::to_string(kVersion))
    return error = "explorer book: version " + (version ? version->text : std::string("missing")) + ", expected " + std::to_string(kVersion), false;
  if (!readSmallInt(doc.get("plies"), header[0]) || !readSmallInt(doc.get("minGames"), header[1]) ||
      !readSmallInt(doc.get("maxPlies"), header[2]))
    return error = "explorer book: plies, minGames and maxPlies must be whole numbers", false;
  const Json* shardField = doc.get("shard");
  if (!shardField || shardField->text != std::to_string(shard))
    return error = "explorer book: shard " + (shardField ? shardField->text : std::string("missing")) + ", expected " + std::to_string(shard), false;
  const Json* variants = doc.get("variants");
  if (!variants || variants->kind != Json::Object) return error = "explorer book: expected an object of variants", false;
  for (const JsonField& v : variants->fields) {
    onVariant(v.first);
    if (!walkTree(v.second, shard, onPosition, onMove, error)) return error = "explorer book, " + v.first + ": " + error, false;
  }
  return true;
}

using Children = std::vector<std::pair<uint64_t, ExplorerEntry>>;

// The rows of pos from its children's entries (see explorerMoves).
std::vector<ExplorerRow> movesFrom(const Children& children, const Position& pos, const std::vector<Symmetry>& symmetries) {
  std::vector<ExplorerRow> rows;
  std::vector<uint64_t> shown;  // one move of each symmetry class
  // legalMoves, not the forEachLegalMove template: one more copy of the move
  // generator would cost the browser's download more than the list does.
  for (const Move& m : legalMoves(pos)) {
    Position next = pos;
    next.play(m);
    const uint64_t child = canonicalKey(next, symmetries);
    auto entry = std::find_if(children.begin(), children.end(), [&](const auto& c) { return c.first == child; });
    if (entry == children.end() || std::find(shown.begin(), shown.end(), child) != shown.end()) continue;
    shown.push_back(child);
    // Most played first, ties in legal-move order: each row goes after those
    // with as many games (an insertion sort: the rows are few, and
    // std::stable_sort would add 4 KB to the browser's download).
    auto games = [](const ExplorerRow& r) { return r.counts.humans.games + r.counts.robots.games; };
    const ExplorerRow row{m, entry->second};
    rows.insert(std::find_if(rows.begin(), rows.end(), [&](const ExplorerRow& r) { return games(r) < games(row); }), row);
  }
  return rows;
}

}  // namespace

std::string explorerVariant(const Position& pos) { return std::string(pos.marbleSet().name) + " " + pos.geo->token; }

void addExplorerGame(ExplorerBook& book, const Position& start, const std::vector<Move>& moves, int winner, bool robots) {
  ExplorerTree& tree = book.variants[explorerVariant(start)];
  const std::vector<Symmetry> symmetries = layoutSymmetries(*start.geo);
  Position pos = start;
  uint64_t key = canonicalKey(pos, symmetries);
  for (size_t ply = 0; ply < moves.size() && int(ply) < book.maxPlies; ++ply) {
    Position next = pos;
    next.play(moves[ply]);
    const uint64_t childKey = canonicalKey(next, symmetries);
    ExplorerEntry& e = tree.positions[key][childKey];
    ExplorerCounts& c = robots ? e.robots : e.humans;
    ++c.games;
    c.moverWins += winner == pos.turn;
    c.opponentWins += winner == 1 - pos.turn;
    auto [it, fresh] = tree.firstPly.emplace(key, int(ply));
    if (!fresh) it->second = std::min(it->second, int(ply));
    pos = next, key = childKey;
  }
}

void pruneExplorerBook(ExplorerBook& book) {
  for (auto& [name, tree] : book.variants) {
    for (auto it = tree.positions.begin(); it != tree.positions.end();) {
      uint32_t games = 0;
      for (const auto& [child, e] : it->second) games += e.humans.games + e.robots.games;
      if (tree.firstPly[it->first] >= book.plies && int(games) < book.minGames) {
        tree.firstPly.erase(it->first);
        it = tree.positions.erase(it);
      } else {
        ++it;
      }
    }
  }
}

// Canonical keys are minima over the symmetries, so their top bits lean to
// zero: the shard comes from a multiplicative hash of the whole key.
int explorerShardOf(uint64_t positionKey) { return int((positionKey * 0x9E3779B97F4A7C15ull) >> 56) % kExplorerShards; }

std::string explorerShardName(int shard) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "explorer-%02x.json", unsigned(shard) & 0xff);
  return buf;
}

int explorerShard(const Position& pos) { return explorerShardOf(canonicalKey(pos, layoutSymmetries(*pos.geo))); }

std::string explorerShardJson(const ExplorerBook& book, int shard) {
  JsonWriter w;
  w.object().field("format", kFormat).field("version", kVersion).field("shard", shard).field("plies", book.plies);
  w.field("minGames", book.minGames).field("maxPlies", book.maxPlies).key("variants").object();
  for (const auto& [name, tree] : book.variants) {
    w.key(name).object();
    std::vector<uint64_t> keys;  // sorted: the same book gives the same bytes
    for (const auto& [key, children] : tree.positions)
      if (explorerShardOf(key) == shard) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    for (uint64_t key : keys) {
      w.key(hexKey(key)).object().field("p", tree.firstPly.at(key)).key("m").array();
      for (const auto& [child, e] : tree.positions.at(key)) {
        w.array().value(hexKey(child));
        for (const ExplorerCounts* c : {&e.humans, &e.robots}) w.value(c->games).value(c->moverWins).value(c->opponentWins);
        w.end();
      }
      w.end().end();
    }
    w.end();
  }
  return w.end().end().take();
}

bool parseExplorerShard(std::string_view text, int shard, ExplorerBook& out, std::string& error) {
  out = ExplorerBook{};
  int header[3] = {};
  ExplorerTree* tree = nullptr;
  std::map<uint64_t, ExplorerEntry>* children = nullptr;
  const bool ok = walkShard(
      text, shard, header, [&](const std::string& variant) { tree = &out.variants[variant]; },
      [&](uint64_t key, int ply) { tree->firstPly[key] = ply, children = &tree->positions[key]; },
      [&](uint64_t child, const ExplorerEntry& e) { (*children)[child] = e; }, error);
  out.plies = header[0], out.minGames = header[1], out.maxPlies = header[2];
  return ok;
}

bool explorerShardMoves(std::string_view text, int shard, const Position& pos, std::vector<ExplorerRow>& out, std::string& error) {
  const std::string variant = explorerVariant(pos);
  const std::vector<Symmetry> symmetries = layoutSymmetries(*pos.geo);
  const uint64_t key = canonicalKey(pos, symmetries);
  int header[3] = {};
  bool inVariant = false, here = false;
  Children children;
  if (!walkShard(
          text, shard, header, [&](const std::string& v) { inVariant = v == variant; },
          [&](uint64_t k, int) { here = inVariant && k == key; },
          [&](uint64_t child, const ExplorerEntry& e) {
            if (here) children.emplace_back(child, e);
          },
          error))
    return false;
  out = movesFrom(children, pos, symmetries);
  return true;
}

std::vector<ExplorerRow> explorerMoves(const ExplorerBook& book, const Position& pos) {
  auto variant = book.variants.find(explorerVariant(pos));
  if (variant == book.variants.end()) return {};
  const std::vector<Symmetry> symmetries = layoutSymmetries(*pos.geo);
  auto known = variant->second.positions.find(canonicalKey(pos, symmetries));
  if (known == variant->second.positions.end()) return {};
  return movesFrom(Children(known->second.begin(), known->second.end()), pos, symmetries);
}

}  // namespace zertz
