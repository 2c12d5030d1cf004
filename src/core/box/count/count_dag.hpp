// The graph of the optimal 4x4 sequences (docs/puzzle-box.md, "Counting on the graph"): the
// completions of each node with kMinLeft moves left or more, the live ones exact in a sharded
// hash map, the dead ones in a lossy cache. Shared by threads (share()): a lock a shard.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/box/count/lossy_cache.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"
#include "core/box/model/packed_board.hpp"
#include "core/box/model/puzzle.hpp"
#include "core/box/model/spelling.hpp"

namespace tilewise::box {

using Board16 = std::array<std::uint8_t, 16>;  // cell -> number 0..15; the target reads 0..15
// Gets each sequence; returns false to stop the walk.
using EmitSequence = std::function<bool(const std::vector<Move>&)>;

// A 4x4 puzzle's start as the count reads it (renamed_start: the target reads 0..15).
Board16 start_board16(const BoxPuzzle& p);

struct SquareTurn {  // one, two or three quarter turns: where each cell and button goes
  std::array<std::uint8_t, 16> cell;
  std::array<std::uint8_t, 9> button;
  Move turned(const Move& m) const { return {button[m.button], m.quarter_turns}; }
  Board16 turned(const Board16& b) const {  // (its numbers renamed as their cells)
    Board16 image{};
    for (int c = 0; c < 16; ++c) image[cell[c]] = cell[b[c]];
    return image;
  }
};
// The quarter turns (not the identity) that map `start` onto itself, numbers renamed as their
// cells: from there a board has as many completions as its turned image.
std::vector<SquareTurn> turns_onto_itself(const Board16& start);

class CountDag {
 public:
  static constexpr std::uint64_t kMiss = ~std::uint64_t{0};
  static constexpr int kMinLeft = 2;
  static constexpr std::uint64_t kMaxCount = (std::uint64_t{1} << 52) - 1;  // per node

  // `max_bytes`: both tables together, the growth of a shard included.
  CountDag(MoveSet moves, std::uint64_t max_bytes);

  static std::uint64_t key_of(const Board16& board) { return pack(board.data(), 16); }
  // A node's context after `last` (null: the start): left (< 64) << 4 | button + 1 (0: none).
  static std::uint32_t context_of(int left, const Move* last, MoveSet moves) {
    return static_cast<std::uint32_t>(left) << 4 |
           (last && closes_ccw(*last, moves) ? static_cast<std::uint32_t>(last->button) + 1 : 0);
  }

  // Before the count: a board and its images under the turns that keep `start` share a node,
  // under the smallest key; node_of gives a (board, context)'s.
  void share_turned_images(const Board16& start);
  std::pair<std::uint64_t, std::uint32_t> node_of(const Board16& board,
                                                  std::uint32_t context) const;
  std::size_t turned_images() const { return turns_.size(); }  // besides the board itself
  void share();  // several threads from now on (before they start)

  // A node's completions (0: a dead one still cached), or kMiss.
  std::uint64_t find(std::uint64_t board, std::uint32_t context) const;
  // False once the live table would outgrow max_bytes or a count kMaxCount (then full).
  bool put(std::uint64_t board, std::uint32_t context, std::uint64_t count);
  bool full() const { return full_.load(std::memory_order_relaxed); }

  // Every optimal sequence below a counted node (board, left, spelling), in allowed_moves'
  // order, to `emit` as `path` + its moves; false when `emit` stopped it. walk_all: from the
  // root set_root gave.
  bool walk(const Board16& board, int left, const Spelling& s, std::vector<Move>& path,
            const EmitSequence& emit) const;
  void set_root(const Board16& start, int length) { root_ = start, length_ = length; }
  bool walk_all(const EmitSequence& emit) const;
  void drop_dead();  // frees the dead nodes' cache (the listing needs only the live table)

  std::uint64_t live_nodes() const { return live_.load(std::memory_order_relaxed); }
  std::uint64_t bytes() const;  // now (at most max_bytes)

 private:
  struct Slot {
    std::uint64_t board = 0;  // 0: empty
    std::uint64_t word = 0;   // context << 52 | count
  };
  struct Shard {
    std::vector<Slot> slots;
    std::uint64_t used = 0;
    mutable std::atomic_flag busy;  // its lock, once shared
  };
  class ShardLock;
  bool grow(Shard& shard);
  static std::size_t slot_of(const Shard& s, std::uint64_t board, std::uint32_t context);
  std::uint32_t live_moves(const Board16& b, int left, const Spelling& s) const;
  std::uint64_t live_count(std::uint64_t board, std::uint32_t context) const;  // 0 if absent

  MoveSet moves_;
  std::vector<MoveCells> cells_;
  std::vector<SquareTurn> turns_;  // turns_onto_itself(the start)
  std::uint64_t max_bytes_;
  std::atomic<std::uint64_t> live_bytes_ = 0, live_ = 0;
  std::atomic<bool> full_ = false;
  bool shared_ = false;
  std::unique_ptr<Shard[]> shards_;
  LossyCache dead_;  // (board, context) of dead nodes
  Board16 root_{};
  int length_ = 0;
};

}  // namespace tilewise::box
