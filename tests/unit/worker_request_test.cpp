// The worker module's request handling (src/worker), run natively: bad requests get one
// "error" event with a clear message and never abort the worker.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

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
