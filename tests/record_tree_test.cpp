// The variation tree of records: our format and SGF keep variations,
// comments and marks (round trips ours -> SGF -> ours), imported metadata
// and results, boardspace and tutorial comments, and the tree JSON.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/zip.h"
#include "core/json_writer.h"
#include "core/notation.h"
#include "core/records/record.h"
#include "core/records/tree_json.h"
#include "test_helpers.h"

using namespace zertz;
namespace fs = std::filesystem;

namespace {

using testing::fileText;
using testing::importOk;

// A record with two variations (one nested), comments and the three marks.
const char* kTreeRecord = R"([Variant "standard 37"]
[Player0 "ann"]
[Player1 "bob"]
[Date "2026-12-01"]
[Event "club"]
[Result "none"]

; before the first move
1. Wd4,a1 ; centre first
Bg1,a2? (1... Gg2,a2 2. Wb2,a3 (2. Wb3,a3 ; the quiet one
) 2... Be5,a4??) 2. Wb2,a3?!
)";

// Every node's (path, move text, comment, mark), depth first: a tree's content.
void flatten(const TreeNode& n, const Position& pos, const std::string& path, std::vector<std::string>& out) {
  for (size_t i = 0; i < n.children.size(); ++i) {
    const TreeNode& c = n.children[i];
    std::string here = path + "/" + std::to_string(i);
    out.push_back(here + " " + moveToString(pos, c.move) + " [" + c.comment + "] " + c.mark);
    Position next = pos;
    next.play(c.move);
    flatten(c, next, here, out);
  }
}
std::vector<std::string> treeContent(const Record& r) {
  std::vector<std::string> out{"root [" + r.root.comment + "]"};
  flatten(r.root, r.start, "", out);
  return out;
}

}  // namespace

TEST_CASE("Our record format reads variations, comments and marks into the tree", "[records][tree]") {
  Record r = importOk(kTreeRecord);
  CHECK_FALSE(r.damaged);
  REQUIRE(r.moves.size() == 3);
  CHECK(r.root.comment == "before the first move");
  const TreeNode& w = r.root.children.at(0);
  CHECK(w.comment == "centre first");
  REQUIRE(w.children.size() == 2);  // Bg1,a2 and the variation Gg2,a2
  CHECK(w.children[0].mark == "mistake");
  const TreeNode& alt = w.children[1];
  Position p = r.start;
  p.play(w.move);
  CHECK(moveToString(p, alt.move) == "Gg2,a2");
  REQUIRE(alt.children.size() == 2);  // Wb2,a3 and the nested Wb3,a3
  CHECK(alt.children[1].comment == "the quiet one");
  REQUIRE(alt.children[0].children.size() == 1);
  CHECK(alt.children[0].children[0].mark == "decisive");
  REQUIRE(w.children[0].children.size() == 1);
  CHECK(w.children[0].children[0].mark == "inaccuracy");  // "?!"
}

TEST_CASE("A move's glyph: ?! an inaccuracy, ? a mistake, ?? decisive, ! and !? no mark", "[records][tree]") {
  for (auto [glyph, mark] : {std::pair{"?!", "inaccuracy"}, {"?", "mistake"}, {"??", "decisive"}, {"!", ""}, {"!?", ""}, {"!!", ""}}) {
    Record r = importOk(std::string("[Variant \"standard 37\"]\n1. Wd4,a1") + glyph + "\n");
    CHECK(r.root.children.at(0).mark == mark);
    const std::string back = exportRecord(r);
    CHECK(back.find(std::string("Wd4,a1") + markSuffix(mark) + "\n") != std::string::npos);
    CHECK(importOk(exportSgf(r)).root.children.at(0).mark == mark);
  }
}

TEST_CASE("Variations survive the round trip ours -> SGF -> ours", "[records][tree]") {
  Record r = importOk(kTreeRecord);
  std::string ours = exportRecord(r);
  std::string sgf = exportSgf(r);
  CHECK(sgf.find(")(") == std::string::npos);  // one variation per "(" line
  CHECK(sgf.find("\n(; P") != std::string::npos);
  Record viaSgf = importOk(sgf);
  CHECK(treeContent(viaSgf) == treeContent(r));
  CHECK(viaSgf.tags.at("Player0") == "ann");
  CHECK(viaSgf.tags.at("Date") == "2026-12-01");
  CHECK(viaSgf.tags.at("Event") == "club");
  CHECK(exportRecord(viaSgf) == ours);
  CHECK(treeContent(importOk(ours)) == treeContent(r));
  CHECK(exportRecord(importOk(ours)) == ours);  // our format is a fixed point
}

TEST_CASE("A comment with several lines and SGF's special characters round-trips", "[records][tree]") {
  Record r = importOk(kTreeRecord);
  r.root.children[0].comment = "two\nlines; with ] and \\ and ( )";
  r.root.comment = "start: [x]";
  Record back = importOk(exportSgf(r));
  CHECK(treeContent(back) == treeContent(r));
  Record own = importOk(exportRecord(r));
  CHECK(treeContent(own) == treeContent(r));
}

TEST_CASE("An illegal move in a variation cuts the variation and keeps the main line", "[records][tree]") {
  Record r = importOk("[Variant \"standard 37\"]\n1. Wd4,a1 Bg1,a2 (1... Wd4,a2 Gb2) 2. Wb2,a3\n");
  CHECK(r.damaged);
  CHECK(r.damage.find("in a variation") != std::string::npos);
  CHECK(r.damage.find("line 2") != std::string::npos);
  CHECK(r.moves.size() == 3);
  CHECK(r.root.children[0].children.size() == 1);
}

TEST_CASE("Unbalanced variation brackets are syntax errors naming the line", "[records][tree]") {
  Record r;
  std::string error;
  CHECK_FALSE(importRecord("[Variant \"standard 37\"]\n1. Wd4,a1 ) Bc3,a2\n", r, error));
  CHECK(error.find("line 2") != std::string::npos);
  CHECK_FALSE(importRecord("[Variant \"standard 37\"]\n( 1. Wd4,a1\n", r, error));
  CHECK(error.find("'('") != std::string::npos);
}

TEST_CASE("Tutorial texts become comments at the move they belong to", "[records][tree]") {
  Record r = importOk(fileText(fs::path(ZERTZ_RECORDS_DIR) / "tutorials/zertz_basic_tutorial_02.sgf"));
  CHECK_FALSE(r.damaged);
  CHECK(r.root.comment.find("Smartbot plays against BasicTutorial") == 0);
  const TreeNode& first = r.root.children.at(0);  // no comment on SmartBot's first move
  CHECK(first.comment.empty());
  CHECK(first.children.at(0).comment.find("No easy attack possible") == 0);
  const TreeNode* last = &r.root;
  while (!last->children.empty()) last = &last->children[0];
  CHECK(last->comment.find("BasicTutorial wins via isolating the fourth white") == 0);
  CHECK(r.tags.at("Player0") == "SmartBot");

  Record lost = importOk(fileText(fs::path(ZERTZ_RECORDS_DIR) / "tutorials/lost-opening.sgf"));
  CHECK(lost.root.comment.find("Mreitz demonstrates a \"lost opening\".") == 0);
  CHECK(lost.root.children.at(0).comment.find("The essential features are first ball in the center") == 0);
  CHECK(lost.tags.at("Date").find("2004") != std::string::npos);
}

TEST_CASE("Imported results keep resignation, time, repetition and the named winner", "[records][tree]") {
  Record rep = importOk(fileText(fs::path(ZERTZ_RECORDS_DIR) / "interesting/draw-by-repetition.sgf"));
  CHECK(recordOutcome(rep).result == "draw");
  CHECK(recordOutcome(rep).reason == "repetition");

  Record resign = importOk("[Variant \"standard 37\"]\n[Result \"1 resign\"]\n1. Wd4,a1\n");
  CHECK(recordOutcome(resign).result == "1");
  CHECK(recordOutcome(resign).reason == "resign");
  Record viaSgf = importOk(exportSgf(resign));
  CHECK(recordOutcome(viaSgf).reason == "resign");
  CHECK(recordOutcome(importOk(exportRecord(viaSgf))).reason == "resign");

  Record agreed = importOk("[Variant \"standard 37\"]\n[Result \"draw agreement\"]\n1. Wd4,a1\n");
  CHECK(recordOutcome(agreed).result == "draw");
  CHECK(recordOutcome(agreed).reason == "agreement");
  CHECK(recordOutcome(importOk(exportSgf(agreed))).reason == "agreement");

  Record unknown = importOk("[Variant \"standard 37\"]\n[Result \"0\"]\n1. Wd4,a1\n");
  CHECK(recordOutcome(unknown).result == "0");
  CHECK(recordOutcome(unknown).reason == "unknown");
  CHECK(recordOutcome(importOk(exportSgf(unknown))).result == "0");
  CHECK(recordOutcome(importOk("[Variant \"standard 37\"]\n1. Wd4,a1\n")).result.empty());
}

TEST_CASE("The tree JSON holds meta, comments, marks and variations and reads back", "[records][tree]") {
  Record r = importOk(kTreeRecord);
  std::string json = treeToJson(r);
  CHECK(json.find("\"player0\":\"ann\"") != std::string::npos);
  CHECK(json.find("\"variant\":{\"marbles\":\"standard\",\"layout\":\"37\"}") != std::string::npos);
  CHECK(json.find("\"start\":\"\"") != std::string::npos);
  CHECK(json.find("\"move\":\"Gg2,a2\"") != std::string::npos);
  CHECK(json.find("\"mark\":\"decisive\"") != std::string::npos);
  Record back;
  std::string error;
  REQUIRE(treeFromJson(json, back, error));
  CHECK(treeContent(back) == treeContent(r));
  CHECK(treeToJson(back) == json);
  CHECK(exportRecord(back) == exportRecord(r));
}

TEST_CASE("Bad tree JSON is refused with the field or node it concerns", "[records][tree]") {
  Record r;
  std::string error;
  auto refuse = [&](const std::string& json, const std::string& expected) {
    INFO(json);
    CHECK_FALSE(treeFromJson(json, r, error));
    INFO(error);
    CHECK(error.find(expected) != std::string::npos);
  };
  const std::string meta = R"({"meta":{"variant":{"marbles":"blitz","layout":"37"}},)";
  refuse("", "unexpected end");
  refuse("{\"meta\":{}", "offset");
  refuse(R"({"root":{}})", "missing \"meta\"");
  refuse(R"({"meta":{"variant":{"marbles":"huge","layout":"37"}},"root":{}})", "meta.variant");
  refuse(meta + R"("root":{"children":[{"move":"Wd4,a1","children":[{"move":"Wz9"}]}]}})",
         "root.children[0].children[0]: move 'Wz9'");
  refuse(meta + R"("root":{"children":[{"move":"Wd4,a1","mark":"brilliant"}]}})", "root.children[0].mark");
  refuse(meta + R"("root":{"children":[{"move":"Wd4,a1"},{"move":"Wd4,a1"}]}})", "already a sibling");
  refuse(meta + R"("root":{"children":"x"}})", "root.children: expected an array");
  refuse(R"({"meta":{"variant":{"marbles":"blitz","layout":"37"},"resultReason":"sulk"},"root":{}})",
         "meta.resultReason");
  CHECK(treeFromJson(meta + R"("root":{"comment":"caf\u00e9 \ud83d\ude00"}})", r, error));
  CHECK(r.root.comment == "caf\xc3\xa9 \xf0\x9f\x98\x80");
}

TEST_CASE("A record text becomes tree JSON, a damaged one with its damage, a bad one an error", "[records][tree]") {
  const std::string tree = recordTextToTreeJson(kTreeRecord);
  CHECK(tree == treeToJson(importOk(kTreeRecord)));
  const std::string damaged = "[Variant \"standard 37\"]\n1. Wd4,d7 Wd4,a1\n";
  Record r = importOk(damaged);
  REQUIRE(r.damaged);
  const std::string json = recordTextToTreeJson(damaged);
  CHECK(json == treeToJson(r).substr(0, treeToJson(r).size() - 1) + ",\"damage\":" + jsonString(describeRecord(r)) + "}");
  CHECK(recordTextToTreeJson("nonsense").rfind("{\"error\":\"line 1: not a Zertz record", 0) == 0);
}

TEST_CASE("Tree JSON becomes our record or SGF text, a bad tree or format is an error object", "[records][tree]") {
  const Record r = importOk(kTreeRecord);
  CHECK(treeJsonToRecordText(treeToJson(r), "record") == exportRecord(r));
  CHECK(treeJsonToRecordText(treeToJson(r), "sgf") == exportSgf(r));
  CHECK(treeJsonToRecordText(treeToJson(r), "pgn") == jsonError("unknown format 'pgn' (record or sgf)"));
  CHECK(treeJsonToRecordText("{}", "sgf") == R"({"error":"missing \"meta\""})");
}

TEST_CASE("Tags given as Name=value lines: lines without a name or '=' are ignored, the later line wins",
          "[records]") {
  const auto tags = tagsFromLines("Player0=ann\nbad line\n=x\nEvent=a=b\nPlayer0=bob\n\nDate=");
  CHECK(tags == std::map<std::string, std::string>{{"Player0", "bob"}, {"Event", "a=b"}, {"Date", ""}});
  CHECK(tagsFromLines("").empty());
}

TEST_CASE("Every real record keeps its moves through tree JSON and SGF", "[records][tree][real]") {
  int games = 0;
  std::vector<fs::path> files;
  for (auto& e : fs::recursive_directory_iterator(ZERTZ_RECORDS_DIR))
    if (e.is_regular_file()) files.push_back(e.path());
  for (const fs::path& f : files) {
    std::vector<std::string> texts;
    if (f.extension() == ".sgf") texts.push_back(fileText(f));
    if (f.extension() == ".zip") {
      cli::ZipArchive zip;
      std::string error, text;
      REQUIRE(zip.open(f.string(), error));
      for (const cli::ZipEntry& e : zip.entries())
        if (zip.read(e, text, error)) texts.push_back(text);
    }
    for (const std::string& text : texts) {
      std::string error;
      for (const Record& r : importSgfCollection(text, error)) {
        INFO(f.string() << " line " << r.sourceLine);
        ++games;
        Record back;
        REQUIRE(treeFromJson(treeToJson(r), back, error));
        CHECK(back.moves == r.moves);
        CHECK(treeContent(back) == treeContent(r));
        CHECK(recordOutcome(back).result == recordOutcome(r).result);
        Record viaSgf = importOk(exportSgf(back));
        CHECK(treeContent(viaSgf) == treeContent(r));
        CHECK(recordOutcome(viaSgf).reason == recordOutcome(r).reason);
      }
    }
  }
  CHECK(games > 3600);
}
