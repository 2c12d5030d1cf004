// The gallery's hints (assets/puzzles/*.txt, "# gallery: GROUP | TITLE | HINT") that name a
// solution count must be right: recounted by the solver, and for boards of up to 9 cells by
// the independent brute force too. Only Easy and Medium hints (the solver counts them at once)
// and "No solution" are recounted, so this stays a fast test; Easy is exactly the boards of at
// most 9 tiles with two solutions or more (assets/puzzles/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "core/edge/model/format.hpp"
#include "core/edge/search/solver.hpp"
#include "edge_brute_force.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

// The count a hint states, or -1 when it states none worth checking quickly.
long long stated_count(const std::string& text) {
  static const std::regex line(R"(# gallery:[^|\n]*\|[^|\n]*\|\s*([^\n]*))");
  std::smatch m;
  if (!std::regex_search(text, m, line)) return -1;
  const std::string hint = m[1];
  if (hint.rfind("No solution", 0) == 0) return 0;
  static const std::regex count(R"(^(?:Easy|Medium), (\d+) solutions?$)");
  std::smatch c;
  return std::regex_search(hint, c, count) ? std::stoll(c[1]) : -1;
}

TEST(GalleryHints, EverySolutionCountAHintStatesIsTheSolversAndTheBruteForces) {
  int checked = 0, brute_checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(testing::source_path("assets/puzzles"))) {
    if (entry.path().extension() != ".txt") continue;
    const std::string name = entry.path().filename().string();
    const std::string text = testing::read_file(entry.path().string());
    EXPECT_NE(text.find("# gallery:"), std::string::npos) << name << " has no gallery line";
    const long long stated = stated_count(text);
    if (stated < 0) continue;
    Result<EdgePuzzle> p = parse_puzzle(text, name);
    ASSERT_TRUE(p.ok()) << name << ": " << p.error().to_string();
    SolveOptions o;
    o.mode = SolveMode::kCount;
    const SolveResult r = solve(*p, o);
    ASSERT_TRUE(r.complete) << name;
    EXPECT_EQ(static_cast<long long>(r.count), stated) << name << ": the hint is wrong";
    const bool easy = text.find("| Easy,") != std::string::npos;
    if (stated > 0) {
      EXPECT_EQ(easy, p->rows * p->cols <= 9 && stated >= 2) << name << ": Easy or Medium?";
    }
    EXPECT_EQ(stated == 0, text.find("# gallery: Solver examples |") != std::string::npos)
        << name << ": puzzles with no solution are solver examples, not games";
    if (p->rows * p->cols <= 9) {
      EXPECT_EQ(static_cast<long long>(testing::enumerate_by_backtracking(*p).classes.size()),
                stated)
          << name << ": the brute force disagrees";
      ++brute_checked;
    }
    ++checked;
  }
  EXPECT_GE(checked, 40);  // the seeds', the Scramble Squares and the small Brendan sets
  EXPECT_GE(brute_checked, 30);
}

}  // namespace
}  // namespace tilewise
