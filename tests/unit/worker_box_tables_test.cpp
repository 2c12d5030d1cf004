// The worker's 4x4 table life (src/worker/box_tables.hpp), run natively through the worker's
// C entry points as web/worker.js drives them: asked of storage once, refused bytes never
// used, a cancelled build resumed by the next solve, the built table exported and taken back.
// (One table, cw+ccw+half with 5 numbers, that no other test of this process builds: ctest
// runs each test in a process of its own.)
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
int tw_table_offer(const char* name, const std::uint8_t* bytes, int size);
const std::uint8_t* tw_table_export(const char* name);
int tw_table_export_size();
void tw_table_export_free();
}

namespace {

const char* kName = "box-pattern-cw+ccw+half-5.v1";
// Three moves from the target: B1, B5', B9 (half turns allowed).
const char* kSolve = R"({"id": 21, "type": "box.solve", "moves": "cw+ccw+half", "all": false,
  "pattern_tiles": 5, "start": "2,10,3,4/1,5,6,8/9,12,7,16/13,14,11,15"})";

nlohmann::json step(double ms) {
  return nlohmann::json::parse(tw_step(ms));
}

const nlohmann::json* find(const nlohmann::json& events, const std::string& type) {
  for (const auto& e : events)
    if (e["type"] == type) return &e;
  return nullptr;
}

TEST(WorkerBoxTables, AskedOfStorageOnceThenBuiltResumedAfterCancelAndKept) {
  ASSERT_TRUE(nlohmann::json::parse(tw_request(kSolve)).empty());
  nlohmann::json events = step(1);
  const nlohmann::json* wanted = find(events, "table_wanted");
  ASSERT_NE(wanted, nullptr) << events.dump();
  EXPECT_EQ((*wanted)["name"], kName);
  // While storage has not answered, the job waits: no second question, nothing built.
  events = step(1);
  EXPECT_EQ(find(events, "table_wanted"), nullptr);
  ASSERT_NE(find(events, "progress"), nullptr);
  EXPECT_EQ((*find(events, "progress"))["storage"], true);
  EXPECT_EQ((*find(events, "progress"))["states"], 0);
  // Bytes that are not this table are refused; then the job builds it.
  const std::vector<std::uint8_t> junk(16 + 524160 / 2, 3);
  EXPECT_EQ(tw_table_offer(kName, junk.data(), static_cast<int>(junk.size())), 0);
  events = step(0.001);  // one slice
  const std::uint64_t kept = (*find(events, "progress"))["states"];
  const std::uint64_t total = (*find(events, "progress"))["states_total"];
  EXPECT_EQ(total, 524160u);
  ASSERT_GT(kept, 0u);
  ASSERT_LT(kept, total);
  events = nlohmann::json::parse(tw_cancel());
  ASSERT_NE(find(events, "done"), nullptr);
  EXPECT_EQ((*find(events, "done"))["table"]["source"], "");
  EXPECT_EQ((*find(events, "done"))["table"]["states"], kept);

  // The next solve goes on from there, without asking storage again.
  ASSERT_TRUE(nlohmann::json::parse(tw_request(kSolve)).empty());
  nlohmann::json done, built;
  for (int k = 0; k < 100000 && done.is_null(); ++k) {
    events = step(20);
    EXPECT_EQ(find(events, "table_wanted"), nullptr);
    if (k == 0) {
      const nlohmann::json* progress = find(events, "progress");
      ASSERT_NE(progress, nullptr) << events.dump();
      EXPECT_EQ((*progress)["states_at_start"], kept);
    }
    if (find(events, "table_built")) built = *find(events, "table_built");
    if (find(events, "done")) done = *find(events, "done");
  }
  ASSERT_FALSE(done.is_null());
  EXPECT_EQ(built["name"], kName);
  EXPECT_EQ(done["table"]["source"], "built");
  EXPECT_EQ(done["table"]["states_at_start"], kept);
  EXPECT_EQ(done["result"]["length"], 3);
  EXPECT_EQ(done["result"]["proven_optimal"], true);

  // Exported for storage: the whole table with its header; taken back under its own name
  // only.
  const std::uint8_t* at = tw_table_export(kName);
  ASSERT_NE(at, nullptr);
  const std::vector<std::uint8_t> bytes(at, at + tw_table_export_size());
  tw_table_export_free();
  EXPECT_EQ(bytes.size(), 16u + 524160 / 2);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 5), "TWPDB");
  EXPECT_EQ(tw_table_offer(kName, bytes.data(), static_cast<int>(bytes.size())), 1);
  EXPECT_EQ(tw_table_offer("box-pattern-cw-5.v1", bytes.data(), static_cast<int>(bytes.size())), 0);
  EXPECT_EQ(tw_table_export("box-pattern-cw+ccw+half-5.v0"), nullptr);

  // A later solve in this worker has it in memory.
  ASSERT_TRUE(nlohmann::json::parse(tw_request(kSolve)).empty());
  done = nlohmann::json();
  for (int k = 0; k < 1000 && done.is_null(); ++k)
    if (const auto* d = find(events = step(20), "done")) done = *d;
  EXPECT_EQ(done["table"]["source"], "memory");
}

}  // namespace
