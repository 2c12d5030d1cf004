// An AdditiveBound's lookups of packed 4x4 boards (the count by layers): indices asked, their
// bytes prefetched, and read many boards later. With SSE4.1 ranked by byte shuffles
// (docs/puzzle-box.md, "PackedBound"), elsewhere as AdditiveBound ranks them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/puzzle.hpp"

namespace tilewise::box {

// Lookups two by two: two that read the board alike (itself, or its inverse) side by side in
// one register, the last of an odd number alone: an image's terms, or a pattern table's images
// (those that read the board first).
class PackedBound {
 public:
  // Two lookups as the shuffles rank them (packed_bound.cpp): lanes 0..7 hold the first's
  // numbers, 8..15 the second's (unused lanes 0x80: a shuffle gives 0 there, weighted 0).
  struct Pair {
    Pair() { numbers.fill(0x80); }
    alignas(16) std::array<std::uint8_t, 16> numbers;
    alignas(16) std::array<std::uint8_t, 16> cell0{}, cell1{};  // each lookup's cell map
    alignas(16) std::array<std::int8_t, 16> byte_weights{};
    alignas(16) std::array<std::int16_t, 8> word_weights{};
    alignas(16) std::array<std::int32_t, 4> dword_weights{};
    std::array<const std::uint8_t*, 2> nibbles{};  // each lookup's table (null: no second one)
    std::array<int, 2> image{};                    // ... and its image
    bool reads_board = true;                       // (else the board's inverse)
  };

  // `vector`: with the shuffles where the processor can.
  PackedBound(const AdditiveBound& bound, MoveSet moves, bool vector = true);
  bool vector() const { return vector_; }  // ranking with the shuffles
  int pairs() const { return static_cast<int>(pairs_.size()); }
  // The indices of pairs [first, last) (of an additive bound: one image's) of board b at
  // index[2 (p - first) + j] (a lone lookup may write its second slot too), prefetched.
  void pair_indices(Packed b, int first, int last, std::uint32_t* index) const;

  // The additive tables: image's indices (terms(), a slot more when odd), prefetched.
  void indices(Packed b, int image, std::uint32_t* index) const {
    pair_indices(b, image * per_image_, (image + 1) * per_image_, index);
  }
  // The sum of the entries at those indices.
  int excess(int image, const std::uint32_t* index) const { return bound_.excess(image, index); }
  // The bound in moves of board b from one image's excess.
  int moves(Packed b, int excess) const;
  int images() const { return bound_.images(); }
  int terms() const { return bound_.terms(); }

  // A pattern table: the larger entry of pair p at its indices `at`; an entry's moves.
  int largest(int p, const std::uint32_t* at) const {
    const Pair& pair = pairs_[static_cast<std::size_t>(p)];
    const int e = pattern::nibble_at(pair.nibbles[0], at[0]);
    return pair.nibbles[1] ? std::max(e, pattern::nibble_at(pair.nibbles[1], at[1])) : e;
  }
  int entry_moves(int e) const { return pattern_entry_moves(e, bound_.offset()); }

 private:
  const AdditiveBound& bound_;
  [[maybe_unused]] MoveSet moves_;  // (read by the vector path only)
  int per_image_;                   // pairs
  std::vector<Pair> pairs_;
  bool vector_;
};

// One placement of 1..8 numbers ranked by the shuffles (pattern::rank without SSE4.1): the
// tests of every term size.
std::uint32_t vector_rank(const std::uint8_t* cells, int tiles);

}  // namespace tilewise::box
