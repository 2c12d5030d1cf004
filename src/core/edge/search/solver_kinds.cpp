// Tile kinds: identical tiles searched once.
//
// Tiles that look alike up to rotation form a kind, represented by its first tile; of each
// tile only the turns that look different are tried (the smallest turn of each look). A cell
// takes a kind while copies are left, so each coloured board is met once instead of once per
// labelled arrangement. Every board of kinds stands for kinds_.labelled_per_board labelled
// solutions: the product of each kind's multiplicity factorial and, per copy, of its turns that
// look the same (fixed tiles are kinds of their own, never turned).
//
// Symmetry: the rules of board turns (tile 1, centre, corner) are stated for labels; on kinds
// they still admit at least one turn of every board (a relaxation), sometimes several. A
// board found is kept only when no other admitted turn of it is smaller (admits() replays the
// rules on the turned board), so each class of boards is kept exactly once; it counts
// kinds_.labelled_per_board / (turns that map the board onto itself) labelled classes, and distinct
// boards are counted, not remembered.
#include <algorithm>
#include <map>

#include "core/edge/model/symmetry.hpp"
#include "core/edge/search/solver.hpp"

namespace tilewise {

void EdgeSearch::plan_kinds() {
  kinds_.on = false;
  symmetry_.rule_tile = 0;
  if (!options_.search_kinds || kinds_.boards_are_solutions || tiles_ == 0) return;
  std::vector<char> fixed(tiles_, 0);
  for (const FixedTile& f : puzzle_.fixed) fixed[f.tile] = 1;
  auto look = [&](int o) {
    std::uint64_t key = 0;  // value indices under 2^16 (see tiles_look_unique)
    for (int d = 0; d < 4; ++d)
      key = key << 16 | static_cast<std::uint64_t>(sides_.value_of_side[o * 4 + d]);
    return key;
  };
  kinds_.look.assign(static_cast<size_t>(tiles_) * 4, 0);
  board_.copies_left.assign(tiles_, 0);
  kinds_.tiles.assign(tiles_, {});
  std::map<std::uint64_t, int> first_of;  // smallest look over the turns -> first tile
  std::uint64_t per_board = 1;
  for (int t = 0; t < tiles_; ++t) {
    if (fixed[t]) {
      for (int r = 0; r < 4; ++r) kinds_.look[t * 4 + r] = t * 4 + r;
      board_.copies_left[t] = 1;
      continue;
    }
    std::uint64_t smallest = look(t * 4);
    for (int r = 1; r < 4; ++r) smallest = std::min(smallest, look(t * 4 + r));
    const int first = first_of.emplace(smallest, t).first->second;
    kinds_.tiles[first].push_back(t);
    const std::uint64_t copies = ++board_.copies_left[first];
    int same_turns = 0;
    for (int r = 0; r < 4; ++r) {
      int r0 = 0;
      while (look(first * 4 + r0) != look(t * 4 + r)) ++r0;
      kinds_.look[t * 4 + r] = first * 4 + r0;
      same_turns += look(t * 4 + r) == look(t * 4);
    }
    // The copy multiplies by its rank among its kind (the factorial) and by its like turns.
    if (__builtin_mul_overflow(per_board, copies * static_cast<std::uint64_t>(same_turns),
                               &per_board))
      return;  // beyond 64 bits: search labels (counts that large overflow anyway)
  }
  kinds_.on = true;
  kinds_.labelled_per_board = per_board;
  if (options_.symmetry == SymmetryBreaking::kLowestTile) {
    // The rule needs a tile alone in its kind that looks different turned: then every board
    // has exactly one turn with it in the first-placed cell of its orbit. Without one, every
    // board is searched and admits() keeps one turn of each.
    options_.symmetry = SymmetryBreaking::kNone;
    for (int t = 0; t < tiles_; ++t) {
      if (fixed[t] || kinds_.tiles[t].size() != 1) continue;
      bool turns_differ = true;
      for (int r = 1; r < 4; ++r)
        turns_differ = turns_differ && kinds_.look[t * 4 + r] == t * 4 + r;
      if (turns_differ) {
        symmetry_.rule_tile = t;
        options_.symmetry = SymmetryBreaking::kLowestTile;
        break;
      }
    }
  }
}

// `board` (cell -> oriented id, kinds' looks) turned clockwise, in kinds' looks again.
std::vector<int> EdgeSearch::turned_board(const std::vector<int>& board, int quarter_turns) const {
  std::vector<Placement> cells(board.size());
  for (size_t c = 0; c < board.size(); ++c) cells[c] = {board[c] >> 2, board[c] & 3};
  const std::vector<Placement> turned = rotate_board(cells, rows_, cols_, quarter_turns);
  std::vector<int> out(board.size());
  for (size_t c = 0; c < out.size(); ++c)
    out[c] = kinds_.look[turned[c].tile * 4 + turned[c].rotation];
  return out;
}

// Whether the search would reach this complete board: the tables' exclusions and the symmetry
// tests, replayed cell by cell in placement order.
bool EdgeSearch::admits(const std::vector<int>& board) const {
  std::vector<int> placed(board.size(), -1);
  bool rule_tile_placed = false;
  for (size_t d = 0; d < plan_.order.size(); ++d) {
    const CellPlan& plan = plan_.cells[d];
    const int o = board[plan.cell];
    if (plan.fixed_oriented >= 0 ? o != plan.fixed_oriented
                                 : excluded(plan_.tables[plan.table].exclude, o))
      return false;
    if (!symmetry_fits(plan, o, placed.data(), rule_tile_placed)) return false;
    placed[plan.cell] = o;
    rule_tile_placed = rule_tile_placed || (o >> 2) == symmetry_.rule_tile;
  }
  return true;
}

// The next copy (next_copy: kind -> copies handed out) of the kind of `o`, turned to show
// its look (copies may be written turned), as an oriented id; fixed tiles are themselves.
int EdgeSearch::copy_of(int o, std::vector<int>& next_copy) const {
  const int first = o >> 2;
  const std::vector<int>& copies = kinds_.tiles[first];
  if (copies.empty()) return o;
  const int t = copies[next_copy[first]++];
  int r = 0;
  while (kinds_.look[t * 4 + r] != o) ++r;
  return t * 4 + r;
}

// One labelled solution of a board of kinds: each kind's copies in reading order.
Solution EdgeSearch::labelled(const std::vector<int>& board) const {
  std::vector<int> next_copy(tiles_, 0);
  Solution s;
  s.cells.resize(board.size());
  for (size_t c = 0; c < board.size(); ++c) {
    const int o = copy_of(board[c], next_copy);
    s.cells[c] = {o >> 2, o & 3};
  }
  return s;
}

void EdgeSearch::record_kind_board() {
  const std::vector<int>& board = board_.cells;
  std::uint64_t self_turns = 0;
  for (int q : board_symmetries(puzzle_)) {
    if (q == 0) {
      ++self_turns;
      continue;
    }
    const std::vector<int> turned = turned_board(board, q);
    if (turned == board) {
      ++self_turns;
    } else if (turned < board && admits(turned)) {
      return;  // that turn of the board represents it
    }
  }
  const std::uint64_t classes = kinds_.labelled_per_board / self_turns;
  ++found_.boards;
  const bool keep = options_.mode != SolveMode::kCount;
  if (options_.list_labelled) {
    if (keep) expand_board(board, classes);
    found_.listed += classes;
  } else {
    if (keep && found_.solutions.size() < options_.max_kept)
      found_.solutions.push_back(canonical_solution(puzzle_, labelled(board)));
    ++found_.listed;
  }
  found_.count += options_.mode == SolveMode::kFirst ? 1 : classes;
  if (options_.limit && found_.count >= options_.limit) finish(false);
}

// Every labelled solution of the board (copies of a kind in every order, each copy in every
// turn that looks the same), as class representatives, each class once.
void EdgeSearch::expand_board(const std::vector<int>& board, std::uint64_t classes) {
  const int n = static_cast<int>(board.size());
  std::vector<Solution> found;
  Solution s;
  s.cells.resize(board.size());
  std::vector<char> taken(tiles_, 0);
  auto fill = [&](auto&& self, int c) -> bool {
    if (found.size() >= classes) return false;  // all of them (or enough) found
    if (c == n) {
      Solution rep = canonical_solution(puzzle_, s);
      if (std::find_if(found.begin(), found.end(), [&](const Solution& f) {
            return !solution_less(f, rep) && !solution_less(rep, f);
          }) == found.end())
        found.push_back(std::move(rep));
      return true;
    }
    const int first = board[c] >> 2;
    const std::vector<int>& copies = kinds_.tiles[first];
    if (copies.empty()) {  // a fixed tile
      s.cells[c] = {first, board[c] & 3};
      return self(self, c + 1);
    }
    for (int t : copies) {
      if (taken[t]) continue;
      taken[t] = 1;
      for (int r = 0; r < 4; ++r) {
        if (kinds_.look[t * 4 + r] != board[c]) continue;
        s.cells[c] = {t, r};
        if (!self(self, c + 1)) return taken[t] = 0, false;
      }
      taken[t] = 0;
    }
    return true;
  };
  fill(fill, 0);
  for (Solution& f : found) {
    if (found_.solutions.size() >= options_.max_kept) break;
    found_.solutions.push_back(std::move(f));
  }
}

}  // namespace tilewise
