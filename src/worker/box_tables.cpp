#include "worker/box_tables.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/bounds/table3.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::worker {
namespace {

using Clock = std::chrono::steady_clock;

// A table as one text: size, move set, pattern tiles or partition (4x4).
using Key = std::string;

Key key_of(const BoxTableId& id) {
  std::string k = std::to_string(id.size) + "/" + std::to_string(static_cast<int>(id.moves));
  if (id.size == 4)
    k += "/" + (id.partition.empty() ? std::to_string(id.pattern_tiles) : id.partition);
  return k;
}

// The distinct tables of a partition, by their groups' home cells.
std::vector<std::vector<std::uint8_t>> partition_homes(const std::string& name) {
  box::AdditivePartition p;
  std::vector<std::vector<std::uint8_t>> homes;
  if (box::additive_partition(name, p))
    for (const auto& g : p.groups)
      if (std::find(homes.begin(), homes.end(), g.home) == homes.end()) homes.push_back(g.home);
  return homes;
}

std::uint64_t partition_states(const std::string& name) {
  std::uint64_t n = 0;
  for (const auto& home : partition_homes(name))
    n += box::pattern::placements(static_cast<int>(home.size()));
  return n;
}

// The build of one table id a slice at a time, its tables one after the other: the 3x3
// table, a pattern table or a partition's additive tables (none from 5x5 on).
class TableBuild {
 public:
  explicit TableBuild(const BoxTableId& id) {
    if (id.size == 3) {
      auto b = std::make_shared<box::Table3Build>(id.moves);
      add(b, [b, moves = id.moves](std::uint64_t max_states) {
        if (!b->run(max_states)) return false;
        box::keep_distance_table_3x3(moves, b->take());  // (where the search reads it)
        return true;
      });
    } else if (id.size == 4 && id.partition.empty()) {
      add(std::make_shared<box::PatternDbBuild>(id.moves, id.pattern_tiles));
    } else if (id.size == 4) {
      for (auto& home : partition_homes(id.partition))
        add(std::make_shared<box::AdditiveDbBuild>(id.moves, std::move(home)));
    }
  }
  bool run(std::uint64_t max_states) {
    for (; next_ < parts_.size(); ++next_) {
      const std::uint64_t before = parts_[next_].done();
      if (!parts_[next_].run(max_states)) return false;
      const std::uint64_t spent = parts_[next_].done() - before;  // (ready: all)
      max_states -= std::min(max_states, spent);
      if (max_states == 0 && next_ + 1 < parts_.size()) {
        ++next_;
        return false;
      }
    }
    return true;
  }
  std::uint64_t states_done() const {
    std::uint64_t n = 0;
    for (const Part& p : parts_) n += p.done();
    return n;
  }

 private:
  struct Part {
    std::function<bool(std::uint64_t)> run;
    std::function<std::uint64_t()> done;
  };
  template <class Build>
  void add(std::shared_ptr<Build> b, std::function<bool(std::uint64_t)> run = nullptr) {
    if (!run) run = [b](std::uint64_t max_states) { return b->run(max_states); };
    parts_.push_back({std::move(run), [b] { return b->states_done(); }});
  }
  std::vector<Part> parts_;
  std::size_t next_ = 0;
};

// A build of more states than this holds a lot of memory (a byte per entry: 55 MiB for the
// 7-number 4x4 table): only one such build is kept unfinished.
constexpr std::uint64_t kLargeBuild = 10'000'000;

struct Build {
  Key key;
  std::unique_ptr<TableBuild> build;
  std::uint64_t total;  // states
};

// (Small plain containers: the worker's download size counts.)
struct Tables {
  std::vector<Key> ready;
  std::vector<Build> builds;  // unfinished, resumed by the next solve (or in the background)
  std::vector<std::pair<std::string, StorageAnswer>> storage;  // per name asked
  std::vector<std::uint8_t> exported;
  std::optional<BoxTableId> background;
  long long background_request = -1;
  Clock::time_point background_reported{};

  bool is_ready(const Key& k) const {
    return std::find(ready.begin(), ready.end(), k) != ready.end();
  }
  void set_ready(const Key& k) {
    if (!is_ready(k)) ready.push_back(k);
    drop_build(k);
  }
  Build* build_of(const Key& k) {
    for (Build& b : builds)
      if (b.key == k) return &b;
    return nullptr;
  }
  void drop_build(const Key& k) {
    builds.erase(
        std::remove_if(builds.begin(), builds.end(), [&k](const Build& b) { return b.key == k; }),
        builds.end());
  }
  StorageAnswer& answer(const std::string& name) {
    for (auto& [n, a] : storage)
      if (n == name) return a;
    return storage.emplace_back(name, StorageAnswer::kNotAsked).second;
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

constexpr box::MoveSet kMoveSets[] = {box::MoveSet::kClockwise, box::MoveSet::kBothDirections,
                                      box::MoveSet::kBothDirectionsAndHalf};

// The 4x4 table stored under `name`, if any.
std::optional<BoxTableId> id_of_name(std::string_view name) {
  for (box::MoveSet moves : kMoveSets) {
    for (int tiles = box::kMinPatternTiles; tiles <= box::kMaxPatternTiles; ++tiles)
      if (box::pattern_table_name(moves, tiles) == name) return BoxTableId{4, moves, tiles, {}};
    for (const std::string& partition : box::additive_partition_names())
      if (box::additive_table_name(moves, partition) == name)
        return BoxTableId{4, moves, 0, partition};
  }
  return std::nullopt;
}

}  // namespace

std::string box_table_name(const BoxTableId& id) {
  if (id.size != 4) return {};
  return id.partition.empty() ? box::pattern_table_name(id.moves, id.pattern_tiles)
                              : box::additive_table_name(id.moves, id.partition);
}

std::string box_table_label(const BoxTableId& id) {
  if (id.size != 4) return {};
  return id.partition.empty() ? std::to_string(id.pattern_tiles) + "-number table"
                              : id.partition + " tables";
}

StorageAnswer storage_answer(const std::string& name) {
  return tables().answer(name);
}

void mark_storage_asked(const std::string& name) {
  StorageAnswer& a = tables().answer(name);
  if (a == StorageAnswer::kNotAsked) a = StorageAnswer::kAsked;
}

bool box_table_ready(const BoxTableId& id) {
  return tables().is_ready(key_of(id));
}

bool run_box_table_build(const BoxTableId& id, std::uint64_t max_states) {
  Tables& t = tables();
  const Key key = key_of(id);
  if (t.is_ready(key)) return true;
  Build* b = t.build_of(key);
  if (!b) {
    if (box_table_states_total(id) > kLargeBuild)  // another large unfinished build is dropped
      t.builds.erase(std::remove_if(t.builds.begin(), t.builds.end(),
                                    [](const Build& o) { return o.total > kLargeBuild; }),
                     t.builds.end());
    b = &t.builds.emplace_back(
        Build{key, std::make_unique<TableBuild>(id), box_table_states_total(id)});
  }
  if (!b->build->run(max_states)) return false;
  t.set_ready(key);
  return true;
}

std::uint64_t box_table_states_done(const BoxTableId& id) {
  Tables& t = tables();
  if (t.is_ready(key_of(id))) return box_table_states_total(id);
  const Build* b = t.build_of(key_of(id));
  return b ? b->build->states_done() : 0;
}

void want_background_build(const BoxTableId& id, long long request_id) {
  Tables& t = tables();
  if (t.is_ready(key_of(id))) return;
  t.background = id;
  t.background_request = request_id;
  t.background_reported = {};
}

std::optional<BoxTableId> background_build() {
  const Tables& t = tables();
  if (t.background && t.is_ready(key_of(*t.background))) return std::nullopt;
  return t.background;
}

bool run_background_build(double budget_ms, nlohmann::json& events) {
  Tables& t = tables();
  if (!background_build()) return false;
  const BoxTableId id = *t.background;
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration<double, std::milli>(budget_ms);
  bool ready = false;
  do ready = run_box_table_build(id, 8000);
  while (!ready && Clock::now() < end);
  const std::string name = box_table_name(id);
  if (ready || start - t.background_reported > std::chrono::milliseconds(250)) {
    t.background_reported = start;
    events.push_back({{"id", t.background_request},
                      {"type", "table_progress"},
                      {"background", true},
                      {"name", name},
                      {"tiles", id.partition.empty() ? id.pattern_tiles : 0},
                      {"label", box_table_label(id)},
                      {"states", box_table_states_done(id)},
                      {"states_total", box_table_states_total(id)}});
  }
  if (ready)
    events.push_back({{"id", t.background_request}, {"type", "table_built"}, {"name", name}});
  return !ready;
}

std::uint64_t box_table_states_total(const BoxTableId& id) {
  std::uint64_t n = 1;
  if (id.size == 3)
    for (int k = 2; k <= 9; ++k) n *= static_cast<std::uint64_t>(k);
  else if (id.size == 4 && !id.partition.empty())
    return partition_states(id.partition);
  else if (id.size == 4)
    n = box::pattern::placements(id.pattern_tiles);
  else
    n = 0;
  return n;
}

}  // namespace tilewise::worker

using tilewise::worker::tables;

extern "C" {

int tw_table_offer(const char* name, const std::uint8_t* bytes, int size) {
  auto& t = tables();
  const std::string n = name ? name : "";
  t.answer(n) = tilewise::worker::StorageAnswer::kAnswered;
  const auto id = tilewise::worker::id_of_name(n);
  if (!id || !bytes || size <= 0) return 0;
  if (id->partition.empty()
          ? !tilewise::box::load_pattern_table(id->moves, id->pattern_tiles, bytes,
                                               static_cast<std::size_t>(size))
          : !tilewise::box::load_additive_tables(id->moves, id->partition, bytes,
                                                 static_cast<std::size_t>(size)))
    return 0;
  t.set_ready(tilewise::worker::key_of(*id));
  return 1;
}

void tw_table_forget(const char* name) {
  auto& answer = tables().answer(name ? name : "");
  const auto id = tilewise::worker::id_of_name(name ? name : "");
  if (id && !tilewise::worker::box_table_ready(*id))
    answer = tilewise::worker::StorageAnswer::kNotAsked;
}

const std::uint8_t* tw_table_export(const char* name) {
  auto& t = tables();
  const auto id = tilewise::worker::id_of_name(name ? name : "");
  t.exported.clear();
  if (id && id->partition.empty())
    t.exported = tilewise::box::pattern_table_bytes(id->moves, id->pattern_tiles);
  else if (id)
    t.exported = tilewise::box::additive_table_bytes(id->moves, id->partition);
  return t.exported.empty() ? nullptr : t.exported.data();
}

int tw_table_export_size() {
  return static_cast<int>(tables().exported.size());
}

void tw_table_export_free() {
  tables().exported = {};
}

}  // extern "C"
