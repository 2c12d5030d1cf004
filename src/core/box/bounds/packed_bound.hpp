// An AdditiveBound's lookups of packed 4x4 boards (the count by layers): indices asked, their
// bytes prefetched, and read many boards later. With SSE4.1 ranked by byte shuffles
// (docs/puzzle-box.md, "PackedBound"), elsewhere as AdditiveBound ranks them.
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

// Lookups two by two: two that read the board alike (itself, or its inverse) side by side in
// one register, the last of an odd number alone: an image's terms, or a pattern table's images
// (those that read the board first).
class PackedBound {
 public:
  // `vector`: with the shuffles where the processor can.
  PackedBound(const AdditiveBound& bound, MoveSet moves, bool vector = true);
  ~PackedBound();
  bool vector() const { return vector_; }  // ranking with the shuffles
  int pairs() const { return static_cast<int>(pair_first_.size()); }
  // The indices of pairs [first, last) of board b at index[2 (p - first) + j] (a lone lookup
  // may write its second slot too), their bytes prefetched.
  void pair_indices(Packed b, int first, int last, std::uint32_t* index) const;

  // The additive tables: image's indices (terms(), a slot more when odd), prefetched.
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

  // A pattern table: the largest entry at pairs [first, last)'s indices; an entry's moves.
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

// One placement of 1..8 numbers ranked by the shuffles (pattern::rank without SSE4.1): the
// tests of every term size.
std::uint32_t vector_rank(const std::uint8_t* cells, int tiles);

}  // namespace tilewise::box
