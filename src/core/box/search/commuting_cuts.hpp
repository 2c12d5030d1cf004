// The count's second order of two commuting buttons, cut without a bound. From a node P, `a b`
// and `b a` (blocks sharing no cell) reach the same board after as many moves, and P-b (tried
// before a) was already asked the bound, so its answer decides P-a-b:
//   - P-b cut by the bound: P-a-b is dead (a completion of it after `a` would be a way home
//     from P-b within its moves left, which the bound rules out);
//   - P-b expanded and P-b-a cut: P-a-b is that board at that depth, dead;
//   - P-b expanded and P-b-a counted, neither move closing a counter-clockwise `X'`: P-a-b is
//     the same node of the count's graph (board, moves left, context), its count P-b-a's.
// BoxSearch::open_node also cuts P-a-b when P-b is known dead by its first lookup, and
// inherits that down the path (P-a-c-b is P-b-a-c when b commutes with a and c).
// Per depth d and move k, reset when the node at depth d is entered: which children of its
// child k the bound cut (all of them when it cut child k) and which were counted (and counts).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tilewise::box {

class CommutingCuts {
 public:
  // `commuting[k]`: the moves (bits by index) whose button commutes with move k's.
  // `no_context` (bits by index): the moves that close no counter-clockwise `X'`.
  CommutingCuts(std::vector<std::uint32_t> commuting, std::uint32_t no_context)
      : commuting_(std::move(commuting)), moves_(commuting_.size()), no_context_(no_context) {}

  std::uint32_t commuting(std::size_t k) const { return commuting_[k]; }

  // The node at `depth` is entered: none of its children is known yet.
  void entered(std::size_t depth) {
    if (cut_below_.size() < (depth + 1) * moves_) {
      cut_below_.resize((depth + 1) * moves_);
      counted_below_.resize((depth + 1) * moves_);
      count_below_.resize((depth + 1) * moves_ * moves_);
    }
    std::fill_n(cut_below_.begin() + depth * moves_, moves_, 0);
    std::fill_n(counted_below_.begin() + depth * moves_, moves_, 0);
  }
  // Child `k` of the node at `depth` was cut by the bound (as if every child of it were);
  // `parent` is the node's own move index in the node above it (none at the root).
  void cut(std::size_t depth, std::size_t k, std::size_t parent) {
    cut_below_[depth * moves_ + k] = ~std::uint32_t{0};
    if (depth > 0) cut_below_[(depth - 1) * moves_ + parent] |= std::uint32_t{1} << k;
  }
  // Child `k` of the node at `depth` (child `parent` of the node above it) has `count`
  // completions; kept when a second order may take it (neither move closes an `X'`).
  void counted(std::size_t depth, std::size_t k, std::size_t parent, std::uint64_t count) {
    if (depth == 0 || !(no_context_ >> k & no_context_ >> parent & 1)) return;
    const std::size_t row = (depth - 1) * moves_ + parent;
    counted_below_[row] |= std::uint32_t{1} << k;
    count_below_[row * moves_ + k] = count;
  }
  // Child `a` of the node at `depth`, about to be expanded: its children (bits by move) known
  // dead, the moves b commuting with a whose node P-b (P: the node at `depth`) was cut, or
  // expanded with P-b-a cut; and those whose count is known, P-b expanded and P-b-a counted
  // (count_of(depth, a, b) is then that count).
  std::pair<std::uint32_t, std::uint32_t> known_children(std::size_t depth, std::size_t a) const {
    std::uint32_t dead = 0, counted = 0;
    const std::size_t row = depth * moves_;
    for (std::uint32_t m = commuting_[a]; m != 0; m &= m - 1) {
      const auto b = static_cast<std::size_t>(__builtin_ctz(m));
      if (cut_below_[row + b] >> a & 1)
        dead |= std::uint32_t{1} << b;
      else if (counted_below_[row + b] >> a & 1)
        counted |= std::uint32_t{1} << b;
    }
    return {dead, counted};
  }
  std::uint64_t count_of(std::size_t depth, std::size_t a, std::size_t b) const {
    return count_below_[(depth * moves_ + b) * moves_ + a];
  }

 private:
  std::vector<std::uint32_t> commuting_;
  std::size_t moves_;
  std::uint32_t no_context_;
  std::vector<std::uint32_t> cut_below_;      // per (depth, move): its children cut
  std::vector<std::uint32_t> counted_below_;  // per (depth, move): its children counted
  std::vector<std::uint64_t> count_below_;    // per (depth, move, move): their counts
};

}  // namespace tilewise::box
