// The 4x4 additive bound and pattern table (AdditiveBound) of boards kept packed, for the count by
// layers (count_layers.cpp): a board's table indices are asked first, their bytes prefetched, and
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
struct RankPair;  // two lookups as the shuffles read them (packed_bound.cpp)

// An AdditiveBound's lookups of packed boards two by two: two lookups that read the board alike
// (the board itself, or its inverse) side by side in one register, the last of an odd number
// alone. The additive tables' pairs are an image's terms; a pattern table's (one lookup an
// image) its images', those that read the board first.
class PackedBound {
 public:
  // `vector`: with the shuffles where the processor can.
  PackedBound(const AdditiveBound& bound, MoveSet moves, bool vector = true);
  ~PackedBound();
  bool vector() const { return vector_; }  // ranking with the shuffles
  int pairs() const { return static_cast<int>(pair_first_.size()); }
  // The table indices of pairs [first, last) of board b, two a pair (index[2 (p - first) + j];
  // a lone lookup's pair may write its second slot too), their bytes prefetched.
  void pair_indices(Packed b, int first, int last, std::uint32_t* index) const;

  // The additive tables: the indices of `image` of board b (terms() of them, a slot more when
  // odd) into `index`, their bytes prefetched.
  void indices(Packed b, int image, std::uint32_t* index) const {
    pair_indices(b, image * per_image_, (image + 1) * per_image_, index);
  }
  // The sum of the entries at those indices.
  int excess(int image, const std::uint32_t* index) const {
    const auto first = static_cast<std::size_t>(image * terms_);
    if (terms_ == 2) return entry(first, index[0]) + entry(first + 1, index[1]);  // (8+8)
    int sum = 0;
    for (int t = 0; t < terms_; ++t) sum += entry(first + static_cast<std::size_t>(t), index[t]);
    return sum;
  }
  // The bound in moves of board b from one image's excess.
  int moves(Packed b, int excess) const;
  int images() const { return images_; }
  int terms() const { return terms_; }

  // A pattern table: the largest entry at the indices of pairs [first, last), and an entry's
  // moves (its lower bound on the moves from the board).
  int largest(int first, int last, const std::uint32_t* index) const {
    int best = 0;
    for (int p = first; p < last; ++p) {
      const std::size_t k = pair_first_[static_cast<std::size_t>(p)];
      const std::uint32_t* at = index + 2 * (p - first);
      for (std::size_t j = 0; j < pair_size_[static_cast<std::size_t>(p)]; ++j) {
        const int e = entry(k + j, at[j]);
        best = e > best ? e : best;
      }
    }
    return best;
  }
  int entry_moves(int e) const { return pattern_entry_moves(e, offset_); }

 private:
  // Appends `views`, all reading the board (`reads_board`) or all its inverse.
  void add(const std::vector<pattern::LookupView>& views, bool reads_board);
  int entry(std::size_t lookup, std::uint32_t index) const {
    return nibbles_[lookup][index / 2] >> (index % 2 * 4) & 15;
  }

  const AdditiveBound& bound_;
  [[maybe_unused]] MoveSet moves_;  // (read by the vector path only)
  int images_, terms_, per_image_;  // per_image_: pairs
  int offset_;                      // a pattern table's (AdditiveBound::offset)
  std::vector<pattern::LookupView> views_;
  std::vector<RankPair> pairs_;
  std::vector<const std::uint8_t*> nibbles_;  // per lookup, in views_ order: its table
  std::vector<std::size_t> pair_first_;       // per pair: its first lookup in views_
  std::vector<std::size_t> pair_size_;        // ... its lookups (1 or 2)
  std::vector<char> pair_reads_board_;        // ... whether they read the board
  bool vector_;
};

// One placement (cell of number 0, ..., of number tiles - 1; 1 <= tiles <= 8) ranked by the
// vector ranks: pattern::rank's index. For the tests of every term size; pattern::rank itself
// without SSE4.1.
std::uint32_t vector_rank(const std::uint8_t* cells, int tiles);

}  // namespace tilewise::box
