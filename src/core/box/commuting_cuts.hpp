// The count's second order of two commuting buttons, cut without a bound (session 16).
//
// Counting every optimal sequence tries both orders of two buttons whose blocks share no
// cell: from a node P, `a b` and `b a` reach the same board after as many moves. The node
// P-b (b tried before a among P's children) was already asked the bound, so its answer
// decides P-a-b without a lookup:
//   - P-b cut by the bound (more than the moves left from it): P-a-b is dead, since a
//     completion of P-a-b (the same board as P-b-a) after `a` would be a way home from P-b
//     within its moves left, which the bound (a lower bound, rounded to the parity every
//     distance has) rules out;
//   - P-b expanded and its child P-b-a cut by the bound: P-a-b is that board at that depth.
// Only the bound's answers (the board's distance) are used, never a count, so the spelling
// context (count_dag.hpp) plays no part. Most children are cut by the bound, so most second
// orders are cut here before their table entries are ranked or read.
//
// Per depth d of the search's path and move k (allowed_moves' order): what became of child k
// of the node at depth d (unknown until asked: skipped, answered by the count's table, ...)
// and, when it was expanded, which of its own children the bound cut.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tilewise::box {

class CommutingCuts {
 public:
  // `commuting[k]`: the moves (bits by index) whose button commutes with move k's.
  explicit CommutingCuts(std::vector<std::uint32_t> commuting)
      : commuting_(std::move(commuting)), moves_(commuting_.size()) {}

  // The node at `depth` is entered: none of its children is known yet.
  void entered(std::size_t depth) {
    if (state_.size() < (depth + 1) * moves_) {
      state_.resize((depth + 1) * moves_);
      cut_below_.resize((depth + 1) * moves_);
    }
    for (std::size_t k = 0; k < moves_; ++k) state_[depth * moves_ + k] = kUnknown;
  }
  // Child `k` of the node at `depth` was cut by the bound; `parent` is the node's own move
  // index in the node above it (none at the root).
  void cut(std::size_t depth, std::size_t k, std::size_t parent) {
    state_[depth * moves_ + k] = kCut;
    if (depth > 0) cut_below_[(depth - 1) * moves_ + parent] |= std::uint32_t{1} << k;
  }
  // Child `k` of the node at `depth` is expanded (entered() follows for depth + 1).
  void expanded(std::size_t depth, std::size_t k) {
    state_[depth * moves_ + k] = kExpanded;
    cut_below_[depth * moves_ + k] = 0;
  }
  // The children (bits by move) known dead of child `a` of the node at `depth`, that child
  // about to be expanded: the moves b commuting with a whose node P-b (P: the node at
  // `depth`) was cut, or expanded with P-b-a cut.
  std::uint32_t dead_children(std::size_t depth, std::size_t a) const {
    std::uint32_t dead = 0;
    const std::size_t row = depth * moves_;
    for (std::uint32_t m = commuting_[a]; m != 0; m &= m - 1) {
      const auto b = static_cast<std::size_t>(__builtin_ctz(m));
      if (state_[row + b] == kCut ||
          (state_[row + b] == kExpanded && (cut_below_[row + b] >> a & 1)))
        dead |= std::uint32_t{1} << b;
    }
    return dead;
  }

 private:
  static constexpr std::uint8_t kUnknown = 0, kCut = 1, kExpanded = 2;
  std::vector<std::uint32_t> commuting_;
  std::size_t moves_;
  std::vector<std::uint8_t> state_;
  std::vector<std::uint32_t> cut_below_;
};

}  // namespace tilewise::box
