// Counting every optimal 4x4 sequence on the graph the sequences form (docs/puzzle-box.md):
// sequences that differ in the order of commuting buttons meet in one node (board, moves
// left, context), walked once, its number of completions kept. The context is none but after
// a counter-clockwise `X'` with cw+ccw (`X' X'` is `X X`, not listed again): the spelling
// forbids nothing else that an optimal sequence could do.
//
// The live nodes (a completion or more) are kept exactly, in shards of a hash map sized by
// what it holds, so every optimal sequence can be listed again from them alone; the dead ones
// in a lossy cache. Nodes with fewer than kMinLeft moves left are not kept. Shared by several
// searches (share(): parallel_count.hpp), each shard has a lock of its own, the cache
// relaxed atomics; a node counted by two threads at once is counted by both, the same.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
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

// A quarter turn of the square (one, two or three): where each cell and each button goes.
struct SquareTurn {
  std::array<std::uint8_t, 16> cell;
  std::array<std::uint8_t, 9> button;
  Move turned(const Move& m) const { return {button[m.button], m.quarter_turns}; }
};
// The quarter turns that map `start` onto itself, the numbers renamed as their cells, the
// identity left out: from such a start a board has as many completions as its turned image.
std::vector<SquareTurn> turns_onto_itself(const Board16& start);

class CountDag {
 public:
  static constexpr std::uint64_t kMiss = ~std::uint64_t{0};
  static constexpr int kMinLeft = 2;
  static constexpr std::uint64_t kMaxCount = (std::uint64_t{1} << 52) - 1;  // per node

  // `max_bytes`: both tables together, the growth of a shard included.
  CountDag(MoveSet moves, std::uint64_t max_bytes);

  static std::uint64_t key_of(const Board16& board) { return pack(board.data(), 16); }
  // The key of a node after `last` (null: the start) with `left` moves left (see above):
  // left (< 64) << 4 | the context's button + 1 (0: none); 10 bits, kept above a count.
  static std::uint32_t context_of(int left, const Move* last, MoveSet moves) {
    return static_cast<std::uint32_t>(left) << 4 |
           (last && closes_ccw(*last, moves) ? static_cast<std::uint32_t>(last->button) + 1 : 0);
  }

  // With a start that quarter turns map onto itself (turns_onto_itself), the nodes of a
  // board and its turned images are kept once, under the smallest key of their images. Call
  // before the count.
  void share_turned_images(const Board16& start);
  // The key (board, context) of the node (board, context_of(...)).
  std::pair<std::uint64_t, std::uint32_t> node_of(const Board16& board,
                                                  std::uint32_t context) const;
  std::size_t turned_images() const { return turns_.size(); }  // besides the board itself
  // Several threads use the table from now on. Call before they start.
  void share();

  // The node's number of completions (0 for a dead one still in the cache), or kMiss.
  std::uint64_t find(std::uint64_t board, std::uint32_t context) const;
  // Keeps a node's count; false when the live table would outgrow max_bytes or the count
  // is above kMaxCount (then the table is full: nothing more is kept).
  bool put(std::uint64_t board, std::uint32_t context, std::uint64_t count);
  bool full() const { return full_.load(std::memory_order_relaxed); }

  // Every optimal sequence below the node (board, left, spelling) in allowed_moves' order,
  // each passed to `emit` as `path` + its moves; needs the node's count done. False when
  // `emit` stopped it.
  bool walk(Board16& board, int left, const Spelling& s, std::vector<Move>& path,
            const EmitSequence& emit) const;
  // From the start, once the count is done: every optimal sequence.
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
  struct PairHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint32_t>& k) const {
      return static_cast<std::size_t>(mix_key(k.first, k.second));
    }
  };
  using WalkMasks =
      std::unordered_map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t, PairHash>;
  bool grow(Shard& shard);
  static std::size_t slot_of(const Shard& s, std::uint64_t board, std::uint32_t context);
  std::uint32_t live_moves(Board16& b, int left, const Spelling& s) const;
  bool walk(Board16& b, int left, const Spelling& s, std::vector<Move>& path,
            const EmitSequence& emit, WalkMasks& masks) const;
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
