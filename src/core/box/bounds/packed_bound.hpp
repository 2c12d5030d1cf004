// The 4x4 additive bound and pattern table of boards kept packed, for the count by layers
// (count_layers.cpp): a board's table indices are asked first, their bytes prefetched, and
// read many boards later, so that the misses of many boards overlap. On x86-64 with SSE4.1
// the indices are ranked with byte shuffles, two terms side by side in one register; the
// fallback elsewhere ranks them as AdditiveBound::first_indices does.
#pragma once

#include <cstdint>
#include <vector>

#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

class AdditiveBound;
class PatternBound4x4;
struct RankPair;  // two terms of an image as the shuffles read them (packed_bound.cpp)

class PackedBound {
 public:
  // `vector`: rank with the shuffles where the processor can.
  PackedBound(const AdditiveBound& bound, MoveSet moves, bool vector = true);
  ~PackedBound();

  // The table indices of `image` of board b (terms() of them) into `index`, their bytes
  // prefetched.
  void indices(Packed b, int image, std::uint32_t* index) const;
  // The sum of the entries at those indices.
  int excess(int image, const std::uint32_t* index) const {
    const std::uint8_t* const* table = &nibbles_[static_cast<std::size_t>(image * terms_)];
    if (terms_ == 2)  // (8+8: the count's tables)
      return (table[0][index[0] / 2] >> (index[0] % 2 * 4) & 15) +
             (table[1][index[1] / 2] >> (index[1] % 2 * 4) & 15);
    int sum = 0;
    for (int t = 0; t < terms_; ++t) sum += table[t][index[t] / 2] >> (index[t] % 2 * 4) & 15;
    return sum;
  }
  // The bound in moves of board b from one image's excess.
  int moves(Packed b, int excess) const;

  int images() const { return images_; }
  int terms() const { return terms_; }
  bool vector() const { return vector_; }  // ranking with the shuffles

 private:
  const AdditiveBound& bound_;
  [[maybe_unused]] MoveSet moves_;  // (read by the vector path only)
  int images_, terms_;
  bool vector_ = false;
  std::vector<RankPair> pairs_;               // per image, (terms + 1) / 2
  std::vector<char> reads_board_;             // per image: AdditiveBound::reads_board
  std::vector<const std::uint8_t*> nibbles_;  // per image and term: its table
};

// The pattern table's lookups of packed boards, ranked as PackedBound ranks its terms: the
// lookups that read the board alike two by two in one register (count_layers.cpp's second
// bound).
class PackedPattern {
 public:
  explicit PackedPattern(const PatternBound4x4& pattern, bool vector = true);
  ~PackedPattern();

  int lookups() const { return static_cast<int>(views_.size()); }
  // The lookups two at a time (paired with a lookup reading the board alike, or alone).
  int pairs() const { return static_cast<int>(pair_first_.size()); }
  // The table indices of pairs [first, last) of board b, two a pair (index[2 (p - first) + j],
  // j < 2), their bytes prefetched.
  void indices(Packed b, int first, int last, std::uint32_t* index) const;
  // The largest entry at those indices.
  int largest(int first, int last, const std::uint32_t* index) const {
    int best = 0;
    for (int p = first; p < last; ++p) {
      const std::size_t k = pair_first_[static_cast<std::size_t>(p)];
      const std::uint32_t* at = index + 2 * (p - first);
      for (std::size_t j = 0; j < pair_size_[static_cast<std::size_t>(p)]; ++j) {
        const int e = nibbles_[k + j][at[j] / 2] >> (at[j] % 2 * 4) & 15;
        best = e > best ? e : best;
      }
    }
    return best;
  }
  // An entry (the largest) as a lower bound on the moves from the board.
  int moves(int entry) const { return pattern_entry_moves(entry, offset_); }
  // All pairs (2 * pairs() indices), and the bound they give.
  void indices(Packed b, std::uint32_t* index) const { indices(b, 0, pairs(), index); }
  int bound(const std::uint32_t* index) const { return moves(largest(0, pairs(), index)); }

 private:
  // The lookups reading the board first, then those reading its inverse.
  std::vector<pattern::LookupView> views_;
  std::size_t on_board_ = 0;                  // lookups reading the board
  std::vector<RankPair> pairs_;               // theirs two by two, then the others'
  std::vector<const std::uint8_t*> nibbles_;  // per lookup, in views_ order: its table
  std::vector<std::size_t> pair_first_;       // per pair: its first lookup in views_
  std::vector<std::size_t> pair_size_;        // ... and its lookups (1 or 2)
  int offset_;                                // of the entries
  bool vector_ = false;
};

// One placement (cell of number 0, ..., of number tiles - 1; 1 <= tiles <= 8) ranked by the
// vector ranks: pattern::rank's index. For the tests of every term size; pattern::rank itself
// without SSE4.1.
std::uint32_t vector_rank(const std::uint8_t* cells, int tiles);

}  // namespace tilewise::box
