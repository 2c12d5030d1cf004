// The lanes' own layout of the bits (LaneGroups, edge/search/search_masks.hpp): every cell
// below the cut finds its candidates in one word, whatever its class's size.
//
// A class's turned tiles of one frame pattern are grouped by the value they show on one side,
// the grouping side, chosen so that every cell of that class and pattern below the cut knows
// the value there before it opens: a key cell's side (the tile placed just before, or one
// placed earlier) or the frame. A cell's table rows then each lie in one group, and a group
// is laid out in one word in kernel order, so a cell's candidates come in the order of the
// class's words: the same tree. Where a group would take more than a word, the class's groups
// split by the value on a second side those cells know, into parts in consecutive words.
// Orientations of classes and patterns no cell below the cut takes fill the bits left over,
// and are only read as tiles placed above the cut.
#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "core/edge/search/solver.hpp"

namespace tilewise {

#ifdef __wasm__
// Not in the site: groups made the worker 1.25-1.32x faster on clues 2 and 4 but 12.7 KB
// gzipped larger, and the site is at its budget (tests/browser/pwa.test.mjs).
bool EdgeSearch::plan_lane_groups() {
  return false;
}
void EdgeSearch::filter_lane_word(int, LaneLevel&, const std::uint32_t*) const {}
const std::uint32_t* EdgeSearch::kernel_placed(const std::uint32_t* placed) {
  return placed;
}
#else
namespace {

// A table kept once in `store` (steps share tables); its entries stay where they are.
template <typename T>
const T* kept_table(std::vector<std::vector<T> >& store, std::vector<T> table) {
  for (const std::vector<T>& t : store)
    if (t == table) return t.data();
  store.push_back(std::move(table));
  return store.back().data();
}

}  // namespace

bool EdgeSearch::plan_lane_groups() {
  LaneGroups& g = lanes_.groups;
  g = LaneGroups{};
  // Classes of one word keep their layout: a step there reads one word already and copies
  // fewer used words (Brendan 6x6, clues 1 and 3: 0.79-0.81x in groups).
  if (!options_.lane_groups || masks_.row_words < 2) return false;
  const int n = static_cast<int>(plan_.order.size());
  const int split = lanes_.split;
  const bool framed = puzzle_.border == BorderRule::kFrame0;
  const int width = values_ + 1;
  auto oriented_of = [this](int kernel) {
    return masks_.tile_of_kernel[kernel >> 2] * 4 + (kernel & 3);
  };
  // A cell's class and frame pattern (-1 on boards without a frame).
  auto class_of_cell = [this](int d) {
    const CellPlan& plan = plan_.cells[d];
    if (plan.fixed_oriented >= 0) return masks_.class_of_tile[plan.fixed_oriented >> 2];
    return std::max(0, class_of_frame(plan_.tables[plan.table].frame_mask));
  };
  auto pattern_of_cell = [&](int d) {
    const CellPlan& plan = plan_.cells[d];
    if (!framed) return -1;
    if (plan.fixed_oriented >= 0) return sides_.zero_mask[plan.fixed_oriented];
    return plan_.tables[plan.table].frame_mask;
  };
  auto parent_key = [&](int d, int k) {
    return d > 0 && plan_.cells[d].key_cell[k] == plan_.cells[d - 1].cell;
  };
  // The sides every cell of a class and pattern below the cut knows, and how many of those
  // cells know each from the tile placed just before (on the step's chain: avoided).
  std::map<std::pair<int, int>, int> allowed;
  std::map<std::pair<int, int>, std::array<int, 4> > from_parent;
  for (int d = split; d < n; ++d) {
    const CellPlan& plan = plan_.cells[d];
    if (plan.fixed_oriented >= 0) continue;
    const std::pair<int, int> key{class_of_cell(d), pattern_of_cell(d)};
    int known = framed ? plan_.tables[plan.table].frame_mask : 0;
    std::array<int, 4>& parent = from_parent[key];
    for (int k = 0; k < 2; ++k) {
      if (plan.key_cell[k] < 0) continue;
      const int dir = (plan.key_side[k] + 2) % 4;
      known |= 1 << dir;
      if (parent_key(d, k) && !(framed && (plan_.tables[plan.table].frame_mask >> dir & 1)))
        ++parent[dir];
    }
    auto it = allowed.emplace(key, 15).first;
    it->second &= known;
    if (it->second == 0) return false;
  }
  // Each class and pattern's grouping side: the one fewest of its cells know from the tile
  // placed just before.
  auto best_side = [&](const std::pair<int, int>& key, int sides) {
    int best = -1;
    for (int dir = 0; dir < 4; ++dir)
      if ((sides >> dir & 1) && (best < 0 || from_parent[key][dir] < from_parent[key][best]))
        best = dir;
    return best;
  };
  // A class and pattern's layout: its grouping side, and where a group would take more than
  // a word, a second side whose values split every group into `parts` words in a row
  // (part_of_value: value -> its part).
  struct Layout {
    int side = -1, second = -1, parts = 1;
    std::vector<int> part_of_value;
    std::vector<int> first_word;  // value -> its group's first word (0: no group)
  };
  std::map<std::pair<int, int>, Layout> layout;
  const int kernels = masks_.blocks * 64;
  std::map<std::pair<int, int>, std::vector<int> > members;  // kernel ids, in kernel order
  std::vector<int> loose;
  for (int k = 0; k < kernels; ++k) {
    const int tile = masks_.tile_of_kernel[k >> 2];
    if (tile < 0) continue;
    const int c = masks_.class_of_tile[tile];
    const int p = framed ? sides_.zero_mask[oriented_of(k)] : -1;
    if (allowed.count({c, p}) != 0) {
      members[{c, p}].push_back(k);
    } else {
      loose.push_back(k);
    }
  }
  auto value_on = [&](int k, int dir) { return sides_.value_of_side[oriented_of(k) * 4 + dir]; };
  for (const auto& [key, sides] : allowed) {
    Layout& l = layout[key];
    l.first_word.assign(static_cast<std::size_t>(width), 0);
    l.side = best_side(key, sides);
    std::vector<int> size(static_cast<std::size_t>(width), 0);
    for (int k : members[key]) ++size[value_on(k, l.side)];
    if (*std::max_element(size.begin(), size.end()) <= 64) continue;
    l.second = best_side(key, sides & ~(1 << l.side));
    if (l.second < 0) return false;
    // Values of the second side into parts, each (the heaviest first) where it leaves the
    // largest group smallest.
    std::vector<std::vector<int> > count(width, std::vector<int>(width, 0));  // [first][second]
    std::vector<int> total(static_cast<std::size_t>(width), 0);
    for (int k : members[key]) {
      ++count[value_on(k, l.side)][value_on(k, l.second)];
      ++total[value_on(k, l.second)];
    }
    std::vector<int> order(static_cast<std::size_t>(width));
    for (int v = 0; v < width; ++v) order[v] = v;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return total[a] > total[b]; });
    for (l.parts = 2; l.parts <= 4; ++l.parts) {
      l.part_of_value.assign(static_cast<std::size_t>(width), 0);
      std::vector<std::vector<int> > in(width, std::vector<int>(l.parts, 0));  // [first][part]
      int largest = 0;
      for (int v2 : order) {
        int best = 0, best_max = 1 << 30;
        for (int part = 0; part < l.parts; ++part) {
          int most = 0;
          for (int v1 = 0; v1 < width; ++v1) most = std::max(most, in[v1][part] + count[v1][v2]);
          if (most < best_max) best = part, best_max = most;
        }
        l.part_of_value[v2] = best;
        for (int v1 = 0; v1 < width; ++v1) in[v1][best] += count[v1][v2];
        largest = std::max(largest, best_max);
      }
      if (largest <= 64) break;
    }
    if (l.parts > 4) return false;
  }
  // The groups: (class, pattern, value) -> its parts' kernel ids, in kernel order.
  std::map<std::tuple<int, int, int>, std::vector<std::vector<int> > > groups;
  for (const auto& [key, ids] : members) {
    const Layout& l = layout.at(key);
    for (int k : ids) {
      std::vector<std::vector<int> >& parts = groups[{key.first, key.second, value_on(k, l.side)}];
      parts.resize(static_cast<std::size_t>(l.parts));
      parts[l.second < 0 ? 0 : l.part_of_value[value_on(k, l.second)]].push_back(k);
    }
  }
  // Groups into words, largest first, each into the first words in a row with room for its
  // parts; then the rest into any free bits.
  std::vector<std::pair<const std::tuple<int, int, int>*, const std::vector<std::vector<int> >*> >
      by_size;
  for (const auto& [key, parts] : groups) by_size.emplace_back(&key, &parts);
  auto size_of = [](const std::vector<std::vector<int> >& parts) {
    std::size_t size = 0;
    for (const std::vector<int>& part : parts) size += part.size();
    return size;
  };
  std::stable_sort(by_size.begin(), by_size.end(), [&](const auto& a, const auto& b) {
    return size_of(*a.second) > size_of(*b.second);
  });
  std::vector<int> fill;  // word -> bits taken
  g.position_of_kernel.assign(static_cast<std::size_t>(kernels), -1);
  for (const auto& group : by_size) {
    const std::tuple<int, int, int>* const key = group.first;
    const std::vector<std::vector<int> >* const parts = group.second;
    auto fits = [&](std::size_t w) {
      for (std::size_t part = 0; part < parts->size(); ++part) {
        const int taken = w + part < fill.size() ? fill[w + part] : 0;
        if (taken + static_cast<int>((*parts)[part].size()) > 64) return false;
      }
      return true;
    };
    std::size_t w = 0;
    while (!fits(w)) ++w;
    if (fill.size() < w + parts->size()) fill.resize(w + parts->size(), 0);
    std::vector<int>& first_word = layout.at({std::get<0>(*key), std::get<1>(*key)}).first_word;
    first_word[std::get<2>(*key)] = static_cast<int>(w);
    for (std::size_t part = 0; part < parts->size(); ++part)
      for (int k : (*parts)[part])
        g.position_of_kernel[k] = static_cast<int>(w + part) * 64 + fill[w + part]++;
  }
  for (int k : loose) {
    std::size_t w = 0;
    while (w < fill.size() && fill[w] == 64) ++w;
    if (w == fill.size()) fill.push_back(0);
    g.position_of_kernel[k] = static_cast<int>(w) * 64 + fill[w]++;
  }
  if (fill.size() > static_cast<std::size_t>(kMaskBlocks)) return false;
  g.words = std::max<int>(1, static_cast<int>(fill.size()));
  const int positions = g.words * 64;
  g.sentinel = static_cast<std::uint32_t>(positions);
  g.kernel_of_position.assign(static_cast<std::size_t>(positions) + 1, -1);
  for (int k = 0; k < kernels; ++k)
    if (g.position_of_kernel[k] >= 0) g.kernel_of_position[g.position_of_kernel[k]] = k;
  // Toggles: each kernel tile's bits (and, with kinds, the next copy's) at their positions.
  const int kernel_tiles = masks_.blocks * 16;
  g.toggles.assign(static_cast<std::size_t>(kernel_tiles + 1) * kMaskBlocks, 0);
  for (int t = 0; t < kernel_tiles; ++t)
    for (std::uint64_t bits = masks_.toggles[t]; bits != 0; bits &= bits - 1) {
      const int p = g.position_of_kernel[(t >> 4) * 64 + __builtin_ctzll(bits)];
      if (p >= 0) g.toggles[t * kMaskBlocks + p / 64] |= std::uint64_t{1} << (p % 64);
    }
  for (int w = 0; w < masks_.blocks; ++w)
    for (std::uint64_t bits = masks_.blocked[w]; bits != 0; bits &= bits - 1) {
      const int p = g.position_of_kernel[w * 64 + __builtin_ctzll(bits)];
      if (p >= 0) g.blocked[p / 64] |= std::uint64_t{1} << (p % 64);
    }
  g.toggle_row.assign(static_cast<std::size_t>(positions) + 1, kernel_tiles * kMaskBlocks);
  for (int p = 0; p < positions; ++p)
    if (g.kernel_of_position[p] >= 0)
      g.toggle_row[p] = static_cast<std::uint32_t>((g.kernel_of_position[p] >> 2) * kMaskBlocks);
  // Key parts by position: need x weight x stride (as key_part_table).
  std::map<std::tuple<int, bool, int>, const std::uint32_t*> parts;
  auto part = [&](int key_side, bool heavy, int stride) {
    const std::uint32_t*& known = parts[{key_side, heavy, stride}];
    if (known != nullptr) return known;
    std::vector<std::uint32_t> t(static_cast<std::size_t>(positions) + 1, 0);
    for (int p = 0; p < positions; ++p) {
      const int k = g.kernel_of_position[p];
      if (k < 0) continue;
      const auto need = static_cast<std::uint32_t>(sides_.need[oriented_of(k) * 4 + key_side]);
      t[p] = need * static_cast<std::uint32_t>((heavy ? width : 1) * stride);
    }
    return known = kept_table(g.parts, std::move(t));
  };
  const std::uint32_t* const no_part =
      kept_table(g.parts, std::vector<std::uint32_t>(static_cast<std::size_t>(positions) + 1, 0));
  const std::uint64_t* const none = kept_table(g.rows, std::vector<std::uint64_t>(2, 0));
  g.sides.assign(static_cast<std::size_t>(4 * width * g.words), 0);
  for (int p = 0; p < positions; ++p) {
    const int k = g.kernel_of_position[p];
    if (k < 0) continue;
    for (int dir = 0; dir < 4; ++dir) {
      const int value = sides_.value_of_side[oriented_of(k) * 4 + dir];
      g.sides[(static_cast<std::size_t>(dir) * width + value) * g.words + p / 64] |=
          std::uint64_t{1} << (p % 64);
    }
  }
  // The steps at and below the cut, their rows (tries, then the one word of candidates).
  const std::size_t old_stride = static_cast<std::size_t>(masks_.row_words) + 1;
  std::vector<const std::uint64_t*> table_rows(plan_.tables.size(), nullptr);
  auto rows_of = [&](int table) -> const std::uint64_t* {
    if (table_rows[table] != nullptr) return table_rows[table];
    const CandidateTable& t = plan_.tables[table];
    const std::size_t keys = (t.masks.size() - kLaneClassWords) / old_stride;
    std::vector<std::uint64_t> rows(keys * 2, 0);
    for (std::size_t key = 0; key < keys; ++key) {
      const std::uint64_t* row = &t.masks[key * old_stride];
      rows[key * 2] = row[0];
      int word = -1;
      for (int w = 0; w < masks_.row_words; ++w)
        for (std::uint64_t bits = row[1 + w]; bits != 0; bits &= bits - 1) {
          const int p = g.position_of_kernel[(t.word0 + w) * 64 + __builtin_ctzll(bits)];
          if (word >= 0 && p / 64 != word) return nullptr;  // a row across words
          word = p / 64;
          rows[key * 2 + 1] |= std::uint64_t{1} << (p % 64);
        }
    }
    g.rows.push_back(std::move(rows));
    return table_rows[table] = g.rows.back().data();
  };
  g.steps.assign(static_cast<std::size_t>(n) + 2, MaskStep{});
  for (int d = 0; d <= n + 1; ++d) {
    MaskStep& step = g.steps[d];
    step.masks = none;
    step.parent_part = no_part;
    step.other_depth[0] = step.other_depth[1] = n;
    step.other_part[0] = step.other_part[1] = no_part;
    if (d < split || d >= n) continue;
    const CellPlan& plan = plan_.cells[d];
    const MaskStep& kernel_step = masks_.steps[d];
    if (plan.fixed_oriented >= 0) {
      const int k = masks_.kernel_tile[plan.fixed_oriented >> 2] * 4 + (plan.fixed_oriented & 3);
      const int p = g.position_of_kernel[k];
      g.rows.push_back({1, std::uint64_t{1} << (p % 64)});
      step.masks = g.rows.back().data();
    } else {
      step.masks = rows_of(plan.table);
      if (step.masks == nullptr) return false;
    }
    const bool two_keys = plan.key_cell[1] >= 0;
    int others = 0;
    for (int k = 0; k < 2 && plan.key_cell[k] >= 0 && plan.fixed_oriented < 0; ++k) {
      const std::uint32_t* key_part = part(plan.key_side[k], k == 0 && two_keys, 2);
      if (parent_key(d, k)) {
        step.parent_part = key_part;
      } else {
        step.other_depth[others] = kernel_step.other_depth[others];
        step.other_part[others] = key_part;
        ++others;
      }
    }
    step.check_count = kernel_step.check_count;
    for (int k = 0; k < plan.check_count; ++k) {
      step.check_depth[k] = kernel_step.check_depth[k];
      step.check_part[k] = part((plan.check_dir[k] + 2) % 4, false, g.words);
      step.check_side_row[k] = plan.check_dir[k] * width * g.words;
    }
    step.tile1_by_now = kernel_step.tile1_by_now;
    step.tile1_centre = kernel_step.tile1_centre;
    step.corner = kernel_step.corner;
    step.filtered = kernel_step.filtered;
  }
  // Each cell's word.
  auto word_table = [&](auto word_at) {
    std::vector<std::uint8_t> t(static_cast<std::size_t>(positions) + 1, 0);
    for (int p = 0; p < positions; ++p)
      if (g.kernel_of_position[p] >= 0) t[p] = static_cast<std::uint8_t>(word_at(p));
    return kept_table(g.word_tables, std::move(t));
  };
  const std::uint8_t* const no_word = word_table([](int) { return 0; });
  std::map<std::vector<int>, const std::uint8_t*> word_tables;
  g.word_of.assign(static_cast<std::size_t>(n) + 2, LaneGroups::WordOf{no_word, no_word, n});
  for (int d = split; d < n; ++d) {
    const CellPlan& plan = plan_.cells[d];
    LaneGroups::WordOf& of = g.word_of[d];
    if (plan.fixed_oriented >= 0) {
      const int k = masks_.kernel_tile[plan.fixed_oriented >> 2] * 4 + (plan.fixed_oriented & 3);
      const int word = g.position_of_kernel[k] / 64;
      of.by_parent = word_table([word](int) { return word; });
      continue;
    }
    // The word: its group's first word (the value on the grouping side) + its part (the
    // value on the second side), each from the frame, the tile placed just before or a key
    // cell placed earlier (one: else no layout).
    const int c = class_of_cell(d), p = pattern_of_cell(d);
    const Layout& l = layout.at({c, p});
    auto word_part = [&](int side, int value) {
      return side == l.side ? l.first_word[value] : l.part_of_value[value];
    };
    const int frame_mask = framed ? plan_.tables[plan.table].frame_mask : 0;
    int constant = 0, other_depth = -1;
    std::vector<std::pair<int, int> > from_parent_tile, from_other_tile;  // (side, facing)
    for (int s : {l.side, l.second}) {
      if (s < 0) continue;
      if (frame_mask >> s & 1) {  // every candidate shows the frame's value there (0)
        int value = -1;
        for (int o = 0; o < tiles_ * 4 && value < 0; ++o)
          if (sides_.zero_mask[o] >> s & 1) value = sides_.value_of_side[o * 4 + s];
        constant += word_part(s, value);
        continue;
      }
      for (int k = 0; k < 2; ++k) {
        if (plan.key_cell[k] < 0 || (plan.key_side[k] + 2) % 4 != s) continue;
        if (parent_key(d, k)) {
          from_parent_tile.emplace_back(s, plan.key_side[k]);
          continue;
        }
        const int depth =
            static_cast<int>(std::find(plan_.order.begin(), plan_.order.end(), plan.key_cell[k]) -
                             plan_.order.begin());
        if (other_depth >= 0 && other_depth != depth) return false;
        other_depth = depth;
        from_other_tile.emplace_back(s, plan.key_side[k]);
      }
    }
    auto table = [&](const std::vector<std::pair<int, int> >& sources, int add) {
      std::vector<int> key{c, p, add};  // cells alike share a table, made once
      for (const auto& [s, facing] : sources) key.insert(key.end(), {s, facing});
      const std::uint8_t*& known = word_tables[key];
      if (known != nullptr) return known;
      return known = word_table([&](int q) {
               int word = add;
               for (const auto& [s, facing] : sources)
                 word +=
                     word_part(s, sides_.need[oriented_of(g.kernel_of_position[q]) * 4 + facing]);
               return word;
             });
    };
    const bool constant_to_parent = !from_parent_tile.empty() || from_other_tile.empty();
    of.by_parent = table(from_parent_tile, constant_to_parent ? constant : 0);
    if (!from_other_tile.empty()) {
      of.by_other = table(from_other_tile, constant_to_parent ? 0 : constant);
      of.other_depth = other_depth;
    }
  }
  g.kernel_placed.assign(static_cast<std::size_t>(n), 0);
  g.on = true;
  return true;
}

// filter_masks for a cell's one word in groups: its tests beyond the key, on positions.
void EdgeSearch::filter_lane_word(int depth, LaneLevel& level, const std::uint32_t* placed) const {
  const LaneGroups& g = lanes_.groups;
  const MaskStep& step = g.steps[depth];
  const std::uint64_t word = level.word_base() >> 6;
  std::uint64_t left = level.left[0];
  for (int k = 0; k < step.check_count; ++k)
    left &=
        g.sides[step.check_side_row[k] + step.check_part[k][placed[step.check_depth[k]]] + word];
  // Keeps the candidates whose kernel ids are in [from, to) (or, `inside` false, outside it).
  auto keep = [&](int from, int to, bool inside) {
    for (std::uint64_t bits = left; bits != 0; bits &= bits - 1) {
      const int b = __builtin_ctzll(bits);
      const int k = g.kernel_of_position[static_cast<int>(level.word_base()) + b];
      if ((k >= from && k < to) != inside) left &= ~(std::uint64_t{1} << b);
    }
  };
  if (step.tile1_by_now || step.tile1_centre) {
    const int one = masks_.kernel_tile[symmetry_.rule_tile] * 4;
    const int p = g.position_of_kernel[one];
    if (step.tile1_by_now && !(level.used[p >> 6] >> (p & 63) & 1)) keep(one, one + 4, true);
    if (step.tile1_centre) keep(one + symmetry_.centre_rotations, one + 4, false);
  }
  if (step.corner >= 0) {
    auto kernel = [&](int d) { return g.kernel_of_position[placed[d]]; };
    int from = 0, to = masks_.blocks * 64;
    if (step.corner == 0) {
      for (int d : masks_.corner_depths)
        if (d < depth) to = std::min(to, masks_.kind_end[kernel(d) >> 2] * 4);
    } else if (step.corner == 1 && masks_.corner_tl_depth < depth) {
      from = masks_.kind_first[kernel(masks_.corner_tl_depth) >> 2] * 4;
    }
    keep(from, to, true);
  }
  level.left[0] = left;
}

const std::uint32_t* EdgeSearch::kernel_placed(const std::uint32_t* placed) {
  LaneGroups& g = lanes_.groups;
  if (!g.on) return placed;
  for (std::size_t d = 0; d < g.kernel_placed.size(); ++d)
    g.kernel_placed[d] = static_cast<std::uint32_t>(g.kernel_of_position[placed[d]]);
  return g.kernel_placed.data();
}
#endif

}  // namespace tilewise
