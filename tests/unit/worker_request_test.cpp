// The worker module's request handling (src/worker), run natively: bad requests get one
// "error" event with a clear message and never abort the worker.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/json_text.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
}

namespace {

nlohmann::json request(const std::string& text) {
  return nlohmann::json::parse(tw_request(text.c_str()));
}

std::string only_error(const nlohmann::json& events) {
  EXPECT_EQ(events.size(), 1u) << events.dump();
  if (events.size() != 1 || events[0]["type"] != "error") return "not an error: " + events.dump();
  return events[0]["message"].get<std::string>();
}

const char* kPuzzle = "size 1 1\\nmatch complement\\ntile 1 A a A a\\n";

// Found by fuzz_worker_request: {"id": "text"} threw nlohmann::type_error (abort in wasm).
TEST(WorkerRequest, FieldsOfTheWrongTypeAreOneError) {
  EXPECT_EQ(only_error(request(R"({"id": "x", "type": "ping"})")),
            "request field 'id' must be an integer");
  EXPECT_EQ(only_error(request(R"({"id": 1, "type": 7})")),
            "request field 'type' must be a string");
  EXPECT_EQ(only_error(request(std::string(R"({"id": 2, "type": "edge.solve", "puzzle": ")") +
                               kPuzzle + R"(", "mode": 1})")),
            "request field 'mode' must be a string");
  EXPECT_EQ(only_error(request(std::string(R"({"id": 3, "type": "edge.solve", "puzzle": ")") +
                               kPuzzle + R"(", "limit": -4})")),
            "request field 'limit' must be a non-negative integer");
  EXPECT_EQ(only_error(request(std::string(R"({"id": 4, "type": "edge.solve", "puzzle": ")") +
                               kPuzzle + R"(", "mode": "fast"})")),
            "unknown mode 'fast': expected first, count or all");
  EXPECT_EQ(only_error(request("[1, 2]")), "request is not a JSON object");
  EXPECT_EQ(only_error(request(R"({"id": 5, "type": "edge.solve", "puzzle": "size 99 99\n"})")),
            "puzzle:1: board size '99 99' is not valid: rows and columns must be whole numbers "
            "1..16");
}

// Found by fuzz_worker_request: an error message quoting one byte of a two-byte UTF-8 letter
// made the answer invalid UTF-8, and nlohmann's dump() threw (an abort in wasm).
TEST(WorkerRequest, MessagesQuotingPartOfALetterStayValidJson) {
  EXPECT_EQ(only_error(request("{\"id\": 2, \"type\": \"box.solve\", \"size\": 3, \"start\": "
                               "\"7888888888\xC8\xBD"
                               "8888!8\"}")),
            "start: unexpected byte 0xC8: write the board row by row, e.g. 765/849/321 or "
            "1,2,3,4/5,...");
}

// The app sends the puzzle's text to the worker: a Latin-1 card name must not abort it.
TEST(WorkerRequest, JsonTextReplacesInvalidUtf8) {
  const std::string text = tilewise::json_text(nlohmann::json{{"puzzle", "tile CAF\xC9 a"}});
  EXPECT_EQ(text, "{\"puzzle\":\"tile CAF\xEF\xBF\xBD a\"}");
}

// Found by fuzz_worker_request (a timeout): edge.bench ran its whole suite in one step, even
// in a step with no time given, and could not be cancelled between its parts.
TEST(WorkerRequest, BenchRunsOnePartPerStepAndCancelsBetweenThem) {
  EXPECT_TRUE(request(R"({"id": 11, "type": "edge.bench", "quick": true})").empty());
  nlohmann::json events = nlohmann::json::parse(tw_step(0));  // no time: report only
  ASSERT_EQ(events.size(), 1u) << events.dump();
  EXPECT_EQ(events[0]["type"], "progress");
  EXPECT_EQ(events[0]["stage"], 0);
  // 3x3, rate, all solutions, threads, identical tiles, generated framed 7x7 and 8x8 rates
  EXPECT_EQ(events[0]["stages"], 7);
  events = nlohmann::json::parse(tw_step(1));  // one part: the 3x3 figure
  ASSERT_EQ(events.size(), 1u) << events.dump();
  EXPECT_EQ(events[0]["stage"], 1);
  events = nlohmann::json::parse(tw_cancel());
  ASSERT_EQ(events.size(), 1u) << events.dump();
  EXPECT_EQ(events[0]["type"], "done");
  EXPECT_EQ(events[0]["cancelled"], true);
  EXPECT_EQ(events[0]["id"], 11);
}

// rates_only (scripts/bench-edge-wasm.mjs): the placement rates alone, the hard board first,
// each in lanes against one subtree at a time.
TEST(WorkerRequest, BenchRatesOnlyRunsThePlacementRatesAlone) {
  EXPECT_TRUE(
      request(R"({"id": 12, "type": "edge.bench", "quick": true, "rates_only": true})").empty());
  nlohmann::json done;
  for (int i = 0; i < 10 && done.is_null(); ++i)
    for (const auto& e : nlohmann::json::parse(tw_step(1)))
      if (e["type"] == "done")
        done = e;
      else
        EXPECT_EQ(e["stages"], 3) << e.dump();  // generated framed 6x6, 7x7, 8x8
  ASSERT_FALSE(done.is_null());
  const nlohmann::json& rows = done["result"];
  ASSERT_EQ(rows.size(), 3u) << rows.dump();
  EXPECT_EQ(rows[0]["figure"],
            "placements per second (generated framed 6x6, count, first 2 M steps)");
  for (const auto& row : rows) {
    EXPECT_EQ(row["unit"], "M nodes/s");
    EXPECT_GT(row["value"].get<double>(), 0);
    EXPECT_GT(row["baseline"].get<double>(), 0);
    EXPECT_NE(row["detail"].get<std::string>().find("search: lanes"), std::string::npos);
  }
}

TEST(WorkerRequest, AGoodRequestStillSolvesAfterBadOnes) {
  request(R"({"id": "x"})");
  const nlohmann::json started =
      request(std::string(R"({"id": 9, "type": "edge.solve", "puzzle": ")") + kPuzzle +
              R"(", "mode": "count"})");
  EXPECT_TRUE(started.empty()) << started.dump();
  nlohmann::json done;
  for (int i = 0; i < 1000 && done.is_null(); ++i)
    for (const auto& e : nlohmann::json::parse(tw_step(5.0)))
      if (e["type"] == "done") done = e;
  ASSERT_FALSE(done.is_null());
  EXPECT_EQ(done["id"], 9);
  EXPECT_EQ(done["result"]["count"], 1);
  EXPECT_EQ(nlohmann::json::parse(tw_cancel()).size(), 0u);  // nothing left to cancel
}

}  // namespace

namespace {

// Runs one request to its "done" event; counts the "solution" events streamed on the way.
nlohmann::json run_to_done(const nlohmann::json& req, std::uint64_t* streamed = nullptr) {
  nlohmann::json events = nlohmann::json::parse(tw_request(req.dump().c_str()));
  for (int k = 0; k < 100000; ++k) {
    for (const auto& e : events) {
      if (streamed && e["type"] == "solution") ++*streamed;
      if (e["type"] == "done" || e["type"] == "error") return e;
    }
    events = nlohmann::json::parse(tw_step(50));
  }
  return nlohmann::json();
}

// The shards of web/edge_pool.js add up to exactly the one-worker search.
TEST(WorkerRequest, ShardsOfASearchAddUpToTheWholeSearch) {
  const std::string puzzle =
      "size 3 3\nmatch complement\ntile 1 A b C d\ntile 2 a B c D\ntile 3 A B c d\n"
      "tile 4 a b C D\ntile 5 A b c D\ntile 6 a B C d\ntile 7 A a B b\ntile 8 C c D d\n"
      "tile 9 A B C D\n";
  for (const std::string& text :
       {puzzle, std::string("size 1 1\nmatch complement\ntile 1 A a A a\n")}) {
    const nlohmann::json whole =
        run_to_done({{"id", 1}, {"type", "edge.solve"}, {"mode", "all"}, {"puzzle", text}});
    ASSERT_EQ(whole["type"], "done") << whole.dump();
    std::uint64_t count = 0, nodes = 0, tries = 0, streamed = 0;
    std::vector<std::uint64_t> per_depth(whole["result"]["nodes_per_depth"].size(), 0);
    for (int shard = 0; shard < 3; ++shard) {
      const nlohmann::json part = run_to_done({{"id", 2},
                                               {"type", "edge.solve"},
                                               {"mode", "all"},
                                               {"puzzle", text},
                                               {"shard", shard},
                                               {"shards", 3}},
                                              &streamed);
      ASSERT_EQ(part["type"], "done") << part.dump();
      EXPECT_TRUE(part["result"]["complete"].get<bool>());
      count += part["result"]["count"].get<std::uint64_t>();
      nodes += part["result"]["nodes"].get<std::uint64_t>();
      tries += part["result"]["tries"].get<std::uint64_t>();
      for (size_t d = 0; d < per_depth.size(); ++d)
        per_depth[d] += part["result"]["nodes_per_depth"][d].get<std::uint64_t>();
    }
    EXPECT_EQ(count, whole["result"]["count"].get<std::uint64_t>());
    EXPECT_EQ(streamed, count);  // each solution streamed once, by the shard that found it
    EXPECT_EQ(nodes, whole["result"]["nodes"].get<std::uint64_t>());
    EXPECT_EQ(tries, whole["result"]["tries"].get<std::uint64_t>());
    EXPECT_EQ(nlohmann::json(per_depth), whole["result"]["nodes_per_depth"]);
  }
  EXPECT_EQ(only_error(request(
                R"({"id": 5, "type": "edge.solve", "mode": "first", "shard": 0,)"
                R"( "shards": 2, "puzzle": "size 1 1\nmatch complement\ntile 1 A a A a\n"})")),
            "only count and all searches without a limit are sharded");
}

}  // namespace
