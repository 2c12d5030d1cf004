// The worker's box.solve job, run natively through the worker's C entry points: it works
// in slices, streams solutions, answers with the `tilewise box solve --json` object, can be
// cancelled in either phase, and turns bad boards into one error event.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/box/model/board.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
int tw_busy();
}

namespace {

using nlohmann::json;

json request(const json& r) {
  return json::parse(tw_request(r.dump().c_str()));
}

// Steps until the job is over; returns every event, and how many steps it took.
json run_to_end(json events, int& steps, double slice_ms = 5) {
  steps = 0;
  while (tw_busy()) {
    for (const auto& e : json::parse(tw_step(slice_ms))) events.push_back(e);
    ++steps;
  }
  return events;
}

TEST(BoxJob, SolvesTheSeedBoardInSlicesWithTheFiveTenMoveSolutions) {
  int steps = 0;
  json events =
      run_to_end(request({{"id", 11}, {"type", "box.solve"}, {"start", "765/849/321"}}), steps);
  ASSERT_FALSE(events.empty());
  const json& done = events.back();
  ASSERT_EQ(done["type"], "done") << done.dump();
  EXPECT_EQ(done["id"], 11);
  const json& r = done["result"];
  EXPECT_EQ(r["length"], 10);
  EXPECT_EQ(r["count"], 5);
  EXPECT_EQ(r["proven_optimal"], true);
  EXPECT_EQ(r["complete"], true);
  EXPECT_EQ(r["moves"], "cw");
  EXPECT_EQ(r["start"], json({7, 6, 5, 8, 4, 9, 3, 2, 1}));
  int streamed = 0;
  for (const auto& e : events) streamed += e["type"] == "solution";
  EXPECT_EQ(streamed, 5);
  // Every listed sequence replays to the target.
  for (const auto& seq : r["solutions"]) {
    std::vector<int> b = {7, 6, 5, 8, 4, 9, 3, 2, 1};
    std::string text;
    for (const auto& name : seq) text += name.get<std::string>() + " ";
    auto moves = tilewise::box::parse_moves(text, 3, tilewise::box::MoveSet::kClockwise);
    ASSERT_TRUE(moves.ok()) << text;
    for (const auto& m : *moves) tilewise::box::apply_move(b, 3, m);
    EXPECT_EQ(b, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9})) << text;
  }
}

TEST(BoxJob, BoardsAsArraysAndOtherTargetsAndMoveSets) {
  int steps = 0;
  json events = run_to_end(request({{"id", 12},
                                    {"type", "box.solve"},
                                    {"size", 3},
                                    {"start", {1, 2, 3, 4, 5, 6, 7, 8, 9}},
                                    {"target", "213/456/789"},
                                    {"moves", "cw+ccw"}}),
                           steps);
  const json& r = events.back()["result"];
  ASSERT_EQ(events.back()["type"], "done") << events.dump();
  EXPECT_EQ(r["target"], json({2, 1, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(r["moves"], "cw+ccw");
  EXPECT_GT(r["length"].get<int>(), 0);
}

TEST(BoxJob, A4x4SearchReportsTablePhaseThenSearchPhaseAndCanBeCancelledInEach) {
  // 4x4 tables take many slices of 1 ms: cancel while they are being built.
  json first = request({{"id", 21},
                        {"type", "box.solve"},
                        {"start", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16"},
                        {"moves", "cw+ccw+half"}});
  EXPECT_TRUE(first.empty()) << first.dump();
  json progress = json::parse(tw_step(1));
  ASSERT_EQ(progress.back()["type"], "progress") << progress.dump();
  EXPECT_EQ(progress.back()["phase"], "tables");
  EXPECT_LT(progress.back()["states"].get<double>(), progress.back()["states_total"].get<double>());
  json cancelled = json::parse(tw_cancel());
  ASSERT_EQ(cancelled.back()["type"], "done");
  EXPECT_EQ(cancelled.back()["cancelled"], true);
  EXPECT_EQ(cancelled.back()["result"]["complete"], false);
  EXPECT_EQ(tw_busy(), 0);

  // A deep 8x8 scramble: the search runs many slices; cancel it mid-search.
  const auto board =
      tilewise::box::scrambled_boards(8, tilewise::box::MoveSet::kClockwise, 1, 60, 7)[0];
  // (5x5 and up: the anytime search, after the table that finishes a corner's 4x4 block.)
  request({{"id", 22}, {"type", "box.solve"}, {"start", board}, {"pattern_tiles", 5}});
  json last = json::parse(tw_step(2));
  for (int i = 0; i < 10000 && last.back()["phase"] == "tables"; ++i)
    last = json::parse(tw_step(2));
  for (int i = 0; i < 4; ++i) last = json::parse(tw_step(2));
  ASSERT_EQ(last.back()["type"], "progress") << last.dump();
  EXPECT_EQ(last.back()["phase"], "search");
  EXPECT_GT(last.back()["nodes"].get<double>(), 0);
  EXPECT_GT(last.back()["depth_bound"].get<int>(), 0);
  cancelled = json::parse(tw_cancel());
  EXPECT_EQ(cancelled.back()["cancelled"], true);
  EXPECT_EQ(cancelled.back()["id"], 22);
  EXPECT_EQ(cancelled.back()["result"]["size"], 8);
  EXPECT_EQ(cancelled.back()["result"]["complete"], false);
}

TEST(BoxJob, ANewRequestReplacesARunningOne) {
  // A 4x4 solve is still running after 1 ms: it asks the page's storage for its table
  // first, then builds it in slices (a 6x6 one now ends within its first step: its quick
  // search is one call).
  const auto board =
      tilewise::box::scrambled_boards(4, tilewise::box::MoveSet::kClockwise, 1, 50, 3)[0];
  request({{"id", 31}, {"type", "box.solve"}, {"start", board}, {"pattern_tiles", 6}});
  tw_step(1);
  json events = request({{"id", 32}, {"type", "box.solve"}, {"start", "213/456/789"}});
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0]["id"], 31);
  EXPECT_EQ(events[0]["cancelled"], true);
  int steps = 0;
  events = run_to_end(json::array(), steps);
  EXPECT_EQ(events.back()["id"], 32);
  EXPECT_EQ(events.back()["result"]["complete"], true);
}

std::string only_error(const json& events) {
  EXPECT_EQ(events.size(), 1u) << events.dump();
  if (events.size() != 1 || events[0]["type"] != "error") return "not an error: " + events.dump();
  return events[0]["message"].get<std::string>();
}

TEST(BoxJob, BadBoardsAreOneErrorWithTheParsersMessage) {
  EXPECT_EQ(only_error(request({{"id", 41}, {"type", "box.solve"}, {"start", "765849322"}})),
            "start: number 2 appears twice");
  EXPECT_EQ(only_error(request(
                {{"id", 42}, {"type", "box.solve"}, {"start", "765849321"}, {"target", "1234"}})),
            "target: a 2x2 board does not fit a 3x3 start");
  EXPECT_EQ(only_error(request(
                {{"id", 43}, {"type", "box.solve"}, {"start", "765849321"}, {"moves", "up"}})),
            "moves: 'up': use cw, cw+ccw or cw+ccw+half");
  EXPECT_EQ(only_error(request({{"id", 44}, {"type", "box.solve"}, {"start", {1, "x"}}})),
            "request field 'start' must be a board text or an array of numbers");
  EXPECT_EQ(
      only_error(request({{"id", 45}, {"type", "box.solve"}, {"start", "1234"}, {"size", 3}})),
      "start: a 2x2 board, but the request says size 3");
  EXPECT_EQ(only_error(request({{"id", 46}, {"type", "box.solve"}, {"start", "1234"}, {"all", 1}})),
            "request field 'all' must be true or false");
  EXPECT_EQ(tw_busy(), 0);
}

}  // namespace
