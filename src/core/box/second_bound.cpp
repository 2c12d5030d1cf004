#include "core/box/second_bound.hpp"

#include <algorithm>
#include <cstdio>

#include "core/box/additive_db.hpp"
#include "core/box/pattern_db.hpp"

namespace tilewise::box {

Result<std::vector<std::string>> parse_second_bound(const std::string& spec) {
  std::vector<std::string> stages;
  if (spec.empty() || spec == "none") return stages;
  const auto partitions = additive_partition_names();
  for (std::size_t from = 0; from <= spec.size();) {
    const std::size_t comma = std::min(spec.find(',', from), spec.size());
    const std::string stage = spec.substr(from, comma - from);
    if (stage != "pattern" &&
        std::find(partitions.begin(), partitions.end(), stage) == partitions.end())
      return Error{"second bound",
                   "'" + stage +
                       "' is neither \"pattern\" nor an additive partition (diagonal, "
                       "8+8, 7+7+2, 6+6+4, ...)"};
    if (std::find(stages.begin(), stages.end(), stage) != stages.end())
      return Error{"second bound", "'" + stage + "' is named twice"};
    stages.push_back(stage);
    from = comma + 1;
  }
  return stages;
}

TableBound4x4 table_bound_4x4(MoveSet moves, const std::string& name, int pattern_tiles) {
  TableBound4x4 t;
  AdditivePartition partition;
  if (name == "pattern")
    t.pattern = std::make_unique<PatternBound4x4>(moves, pattern_tiles);
  else if (additive_partition(name, partition))
    t.additive = std::make_unique<AdditiveBound4x4>(moves, partition);
  return t;
}

SecondBound4x4::SecondBound4x4(MoveSet moves, const std::vector<std::string>& stages,
                               int pattern_tiles) {
  for (const std::string& name : stages) {
    Stage s{name, table_bound_4x4(moves, name, pattern_tiles)};
    if (s.table.additive || s.table.pattern)
      stages_.push_back(std::move(s));  // (else parse_second_bound names it)
  }
}

SecondBound4x4::~SecondBound4x4() = default;

int SecondBound4x4::bound(const std::uint8_t* board, int enough) const {
  int h = 0;
  for (const Stage& s : stages_) {
    h = std::max(h, s.table.additive ? s.table.additive->bound(board, enough, s.first)
                                     : s.table.pattern->bound(board, enough, s.first));
    if (h > enough) break;
  }
  return h;
}

std::string SecondBound4x4::describe() const {
  std::string out;
  for (const Stage& s : stages_) {
    char text[96];
    if (s.table.additive)
      std::snprintf(text, sizeof text, "%s (%.1f MiB, %d images)", s.name.c_str(),
                    static_cast<double>(s.table.additive->table_bytes()) / (1024.0 * 1024.0),
                    s.table.additive->images());
    else
      std::snprintf(text, sizeof text, "the pattern table (%d lookups)",
                    s.table.pattern->lookups());
    out += (out.empty() ? "" : ", then ") + std::string(text);
  }
  return out;
}

}  // namespace tilewise::box
