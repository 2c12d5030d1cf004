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
const char* tw_idle(double budget_ms);
int tw_idle_pending();
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
  // (Under another name, one no other test of this file asks of storage: a refused offer
  // answers that name's storage question.)
  EXPECT_EQ(tw_table_offer("box-pattern-cw+ccw-6.v1", bytes.data(), static_cast<int>(bytes.size())),
            0);
  EXPECT_EQ(tw_table_export("box-pattern-cw+ccw+half-5.v0"), nullptr);

  // A later solve in this worker has it in memory.
  ASSERT_TRUE(nlohmann::json::parse(tw_request(kSolve)).empty());
  done = nlohmann::json();
  for (int k = 0; k < 1000 && done.is_null(); ++k)
    if (const auto* d = find(events = step(20), "done")) done = *d;
  EXPECT_EQ(done["table"]["source"], "memory");
}

// A fresh visit: neither table kept, so the solve answers with the quick table (4 numbers
// here, 6 on the page) and leaves the wanted one (5 here, 7 on the page) to tw_idle, which
// builds it only while no job runs; later solves use it, with the same optimal length.
// (cw tables of 4 and 5 numbers; skipped when an earlier test of this process built them:
// ctest runs each test alone.)
TEST(WorkerBoxTables, QuickTableAnswersFirstThenTheWantedOneIsBuiltWhileIdle) {
  const std::string wanted = "box-pattern-cw-5.v1", quick = "box-pattern-cw-4.v1";
  // Nine clockwise turns from the target.
  const nlohmann::json solve = {
      {"type", "box.solve"}, {"moves", "cw"},
      {"all", false},        {"pattern_tiles", 5},
      {"quick_tiles", 4},    {"start", "3,8,4,12/1,6,15,11/9,2,10,16/5,13,7,14"}};
  auto ask = [&](int id) {
    nlohmann::json r = solve;
    r["id"] = id;
    return nlohmann::json::parse(tw_request(r.dump().c_str()));
  };
  auto run_to_done = [&](nlohmann::json& events) {
    for (int k = 0; k < 100000; ++k) {
      nlohmann::json more = step(20);
      for (const auto& e : more) events.push_back(e);
      if (const auto* d = find(more, "done")) return *d;
    }
    return nlohmann::json();
  };
  ASSERT_TRUE(ask(51).empty());
  nlohmann::json events = step(1);
  if (!find(events, "table_wanted")) GTEST_SKIP() << "cw tables built earlier in this process";
  EXPECT_EQ((*find(events, "table_wanted"))["name"], wanted);
  EXPECT_EQ(tw_table_offer(wanted.c_str(), nullptr, 0), 0);  // nothing kept
  events = step(1);
  ASSERT_NE(find(events, "table_wanted"), nullptr) << events.dump();
  EXPECT_EQ((*find(events, "table_wanted"))["name"], quick);
  EXPECT_EQ(tw_table_offer(quick.c_str(), nullptr, 0), 0);
  nlohmann::json done = run_to_done(events);
  ASSERT_FALSE(done.is_null());
  EXPECT_EQ(done["table"]["tiles"], 4);
  EXPECT_EQ(done["table"]["source"], "built");
  EXPECT_EQ(done["table"]["better"]["name"], wanted);
  EXPECT_EQ(done["table"]["better"]["states"], 0);
  EXPECT_EQ(done["result"]["proven_optimal"], true);
  const int length = done["result"]["length"];
  EXPECT_EQ(length, 9);
  EXPECT_EQ(tw_idle_pending(), 1);

  // A job runs first: tw_idle does nothing meanwhile; the job uses the quick table again.
  ASSERT_TRUE(ask(52).empty());
  EXPECT_EQ(tw_idle_pending(), 0);
  EXPECT_EQ(nlohmann::json::parse(tw_idle(50)), nlohmann::json::array());
  events = nlohmann::json::array();
  done = run_to_done(events);
  EXPECT_EQ(done["table"]["tiles"], 4);
  EXPECT_EQ(done["table"]["source"], "memory");
  EXPECT_EQ(done["table"]["better"]["states"], 0);

  // Idle: the wanted table is built in slices, reported with the latest wanting request's id,
  // then offered for storage.
  std::uint64_t last = 0;
  nlohmann::json built;
  int slices = 0;
  for (; tw_idle_pending() && slices < 100000; ++slices)
    for (const auto& e : nlohmann::json::parse(tw_idle(1))) {
      EXPECT_EQ(e["id"], 52);
      if (e["type"] == "table_progress") {
        EXPECT_EQ(e["background"], true);
        EXPECT_EQ(e["name"], wanted);
        EXPECT_GE(e["states"].get<std::uint64_t>(), last);
        last = e["states"];
      }
      if (e["type"] == "table_built") built = e;
    }
  EXPECT_GT(slices, 2);
  EXPECT_EQ(last, 524160u);
  EXPECT_EQ(built["name"], wanted);
  const std::uint8_t* at = tw_table_export(wanted.c_str());
  EXPECT_NE(at, nullptr);
  tw_table_export_free();

  // Later solves use it: same optimal length, nothing better left to build.
  ASSERT_TRUE(ask(53).empty());
  events = nlohmann::json::array();
  done = run_to_done(events);
  EXPECT_EQ(done["table"]["tiles"], 5);
  EXPECT_EQ(done["table"]["source"], "memory");
  EXPECT_FALSE(done["table"].contains("better"));
  EXPECT_EQ(done["result"]["length"], length);
  EXPECT_EQ(find(events, "table_wanted"), nullptr);
}

// The additive tables (the page's 7+7+2, with 6+6+4 first on a fresh visit): here the
// partitions "rows" (wanted) and "blocks" (quick), 4-number tables. Both asked of storage,
// the quick one built and used, the wanted one built while idle, exported with its header
// and taken back only whole and under its own name; later solves use it.
TEST(WorkerBoxTables, AdditiveTablesQuickFirstThenTheWantedOnesBuiltWhileIdleAndKept) {
  const std::string wanted = "box-additive-cw-rows.v1", quick = "box-additive-cw-blocks.v1";
  const nlohmann::json solve = {{"type", "box.solve"},
                                {"moves", "cw"},
                                {"all", false},
                                {"partition", "rows"},
                                {"quick_partition", "blocks"},
                                {"start", "3,8,4,12/1,6,15,11/9,2,10,16/5,13,7,14"}};
  auto run_to_done = [&](int id) {
    nlohmann::json r = solve;
    r["id"] = id;
    EXPECT_TRUE(nlohmann::json::parse(tw_request(r.dump().c_str())).empty());
    for (int k = 0; k < 100000; ++k) {
      const nlohmann::json events = step(20);
      for (const auto& e : events)
        if (e["type"] == "table_wanted")
          tw_table_offer(e["name"].get<std::string>().c_str(), nullptr, 0);
      if (const auto* d = find(events, "done")) return *d;
    }
    return nlohmann::json();
  };
  nlohmann::json done = run_to_done(61);
  ASSERT_FALSE(done.is_null());
  EXPECT_EQ(done["table"]["name"], quick);
  EXPECT_EQ(done["table"]["label"], "blocks tables");
  EXPECT_EQ(done["table"]["source"], "built");
  EXPECT_EQ(done["table"]["states_total"], 43680);
  EXPECT_EQ(done["table"]["better"]["name"], wanted);
  EXPECT_EQ(done["table"]["better"]["states_total"], 2 * 43680);
  EXPECT_EQ(done["result"]["length"], 9);
  EXPECT_EQ(done["result"]["proven_optimal"], true);
  int slices = 0;
  for (; tw_idle_pending() && slices < 100000; ++slices) (void)tw_idle(1);
  EXPECT_GT(slices, 2);
  const std::uint8_t* at = tw_table_export(wanted.c_str());
  ASSERT_NE(at, nullptr);
  std::vector<std::uint8_t> bytes(at, at + tw_table_export_size());
  tw_table_export_free();
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 5), "TWADB");
  EXPECT_EQ(tw_table_offer(wanted.c_str(), bytes.data(), static_cast<int>(bytes.size())), 1);
  EXPECT_EQ(tw_table_offer(quick.c_str(), bytes.data(), static_cast<int>(bytes.size())), 0);
  bytes[bytes.size() / 2] ^= 0x10;  // damaged
  EXPECT_EQ(tw_table_offer(wanted.c_str(), bytes.data(), static_cast<int>(bytes.size())), 0);
  done = run_to_done(62);
  EXPECT_EQ(done["table"]["name"], wanted);
  EXPECT_EQ(done["table"]["label"], "rows tables");
  EXPECT_EQ(done["table"]["source"], "memory");
  EXPECT_FALSE(done["table"].contains("better"));
  EXPECT_EQ(done["result"]["length"], 9);
  EXPECT_NE(
      done["result"]["method"].get<std::string>().find("additive pattern databases (4x4, rows"),
      std::string::npos);
}

}  // namespace
