// The data of the mask search (EdgeSearch::run_masks, edge/search/search_masks.cpp).
//
// Tiles are renumbered into blocks of 16: block w is mask word w, kernel tile k is bit
// (k % 16) * 4 + rotation of word k / 16, so a kernel oriented id is word * 64 + bit. The
// tiles of a class (one frame pattern on framed boards, all tiles on others) take consecutive
// blocks in their order, so a cell's candidates lie in its class's words, in the same order
// as in a list.
//
// Kinds (identical tiles searched once): every copy of a kind has a kernel tile of its own,
// the copies one after the other in one word, each listed in the tables as the kind's first
// tile is (bit rotation r: the first tile's look turned r). A copy after the first is
// *blocked* (its bits set in the used words) until the copy before it is placed, so a cell's
// candidates `row & ~used` hold at most the next copy of each kind, in the kinds' order:
// placing a copy flips its own bits and the next copy's (toggles), as placing a tile sets its
// own without kinds. No copy counters: kinds cost a step nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tilewise {

constexpr int kMaskBlocks = 8;  // at most 8 words of 16 tiles x 4 rotations

struct MaskStep {                        // depth -> how its candidates are found (read-only)
  const std::uint64_t* masks = nullptr;  // the cell's table (a fixed tile: its own)
  int word0 = 0, words = 1;              // its class's words
  // The kernel oriented id placed just before -> its part of the key, in table words.
  const std::uint32_t* parent_part = nullptr;
  // The depths of the key's other cells (or the sentinel depth) and their part of the key.
  int other_depth[2] = {0, 0};
  const std::uint32_t* other_part[2] = {nullptr, nullptr};
  // Tests beyond the key, applied to the masks when the cell opens (filter_masks).
  bool filtered = false;
  int check_count = 0;  // known neighbours outside the key
  int check_depth[4] = {0, 0, 0, 0};
  int check_side_row[4] = {0, 0, 0, 0};  // where this cell's side's rows start in `sides`
  // Their tile (kernel oriented id) -> the offset of the row of the value it needs here.
  const std::uint32_t* check_part[4] = {nullptr, nullptr, nullptr, nullptr};
  bool tile1_by_now = false;  // kLowestTile: tile 1 here unless it is placed already
  bool tile1_centre = false;  // tile 1 here only turned less than centre_rotations_
  int corner = -1;            // the corner rule's test (CellPlan::corner)

  // The cell's table with the key part of its key cells other than the one placed just
  // before (`placed`: depth -> kernel oriented id).
  const std::uint64_t* others_row(const std::uint32_t* placed) const {
    return masks + other_part[0][placed[other_depth[0]]] + other_part[1][placed[other_depth[1]]];
  }
};

struct MaskLevel {                             // depth -> search state
  std::uint64_t left[kMaskBlocks] = {};        // candidates not yet taken, per word of the class
  std::uint64_t saved[kMaskBlocks] = {};       // the class's used words before this cell
  const std::uint64_t* child_masks = nullptr;  // the next cell's table + the key part known
  const std::uint32_t* child_part = nullptr;   // + this tile's part (parent_part of the next)
  unsigned words_left = 0;                     // bit w: left[w] is not empty
  int word0 = 0, words = 1;                    // MaskStep's, at hand
};

struct MaskSearch {
  // The blocks.
  std::vector<int> class_of_tile;   // tile -> class
  std::vector<int> class_patterns;  // class -> its frame pattern, smallest turn
  std::vector<int> class_word0;     // class -> first word
  std::vector<int> class_words;     // class -> words
  std::vector<int> kernel_tile;     // tile -> kernel tile (kinds: copy j of a kind, by label)
  // Kernel tile -> the tile whose turns its bits are (kinds: the kind's first tile; -1: a
  // free slot).
  std::vector<int> tile_of_kernel;
  std::vector<int> kind_first, kind_end;  // kernel tile -> its kind's first and past its last
                                          // (without kinds: itself, itself + 1)
  // Kernel tile -> the bits of its word that placing it (or taking it back) flips: its own
  // and, with kinds, the next copy's; padded for the ids a lane step forms past the blocks.
  std::vector<std::uint64_t> toggles;
  std::uint64_t blocked[kMaskBlocks] = {};  // the used words before any tile is placed
  int blocks = 0;                           // words in use
  bool one_word = false;                    // every class fits one word
  // The words of every table row after its tries, 0 past its class's: the most words of a
  // class, the words a lane step reads (one-word boards of more than kLaneOneWordBlocks
  // blocks, none framed, take the lanes' steps of two words: their step copies all the used
  // words).
  int row_words = 1;
  // The plan, by depth, and the search.
  std::vector<MaskStep> steps;  // [cells]: after the last cell
  std::vector<MaskLevel> levels;
  std::vector<std::uint32_t>
      placed;  // depth -> kernel oriented id placed there; [cells]: the sentinel
  std::uint64_t used[kMaskBlocks] = {};  // the tiles placed (and the copies blocked), as bits
  // Key parts by (side, weight, stride): [kernel oriented id] -> need x weight x stride (a
  // table's row stride for keys, `blocks` for the rows of `sides` that checks read).
  std::vector<std::vector<std::uint32_t>> key_parts;
  std::vector<int> key_part_kind;  // (side * 2 + heavy) * 16 + stride, per key_parts entry
  std::uint64_t none[kMaskBlocks + 1] = {};  // the table after the last cell
  std::vector<std::uint64_t> fixed;          // depth -> a fixed tile's own table
  // [(dir * (values + 1) + value) * blocks + word]: the tiles showing that value on side dir,
  // as kernel bits.
  std::vector<std::uint64_t> sides;
  std::vector<int> corner_depths;  // the corner rule: depths of the corners (not top-left)
  int corner_tl_depth = 0;
};

// Counting in lanes (EdgeSearch::run_lanes, edge/search/search_lanes.cpp): a count runs kLanes
// subtrees side by side, one step of each in turn, each step free of branches on the search's
// outcome (place or back up, go down or not), so the processor overlaps the lanes instead of
// waiting on mispredicted branches. Every board on masks: a class's 1-4 words are walked as
// arithmetic too (the first word with a candidate left is an index, not a branch).
constexpr int kLanes = 2;  // measured: 2 lanes 87 ms, 3 or 4 lanes 91 ms (Brendan 6x6)
constexpr int kLaneCells = kMaskBlocks * 16;  // every board on masks
constexpr int kLaneClassWords = 4;            // a class's words (plan_blocks: at most 4)
// The used words a step of one-word boards copies (plan_blocks: more blocks take two-word steps).
constexpr int kLaneOneWordBlocks = 3;
// Used words, + 2: a class's row_words words are read from its first one on (zeros past the
// last; plan_blocks keeps every class's first word + row_words within them).
constexpr int kLaneWords = kMaskBlocks + 2;
// A cell's tests of known neighbours outside its key that a lane step makes itself (framed
// boards placed frame first: the inner cells by the frame's right and bottom sides).
constexpr int kLaneChecks = 2;

struct alignas(64) LaneLevel {
  // Candidates not yet taken, per word of the class. In groups: one word, left[0], and
  // left[1] the position of its bit 0 (word_base; the level stays 128 bytes: a field of its
  // own made it 192, and the one-word boards' lanes 0.92-0.95x).
  std::uint64_t left[kLaneClassWords] = {};
  std::uint64_t& word_base() { return left[1]; }
  std::uint64_t word_base() const { return left[1]; }
  const std::uint64_t* child_masks = nullptr;  // the next cell's table + the key part known
  std::uint64_t used[kLaneWords] = {};         // the tiles placed above this cell
  // The deepest cell above with candidates left (before the subtree's first cell: out of
  // it): where the lane backs up to when this cell has none left.
  std::int64_t back = 0;
};

struct LaneStep {  // depth -> what a lane step there reads, from MaskStep (read-only)
  std::int64_t word = 0, child_word = 0;  // the cell's and the next cell's first words
  // [w][v]: all ones when this cell's word w is the next cell's word v (a tile placed from it
  // changes the next cell's candidates there).
  std::uint64_t to_child[kLaneClassWords][kLaneClassWords] = {};
  std::uint64_t word_base = 0;       // word * 64: the cell's first kernel oriented id
  std::uint64_t child_filtered = 0;  // 1: the next cell has tests beyond the key
  // When they are only its known neighbours' sides outside the key (up to kLaneChecks): how
  // many (else 0: filter_masks), made in the step: its words & the row of the sides that the
  // tile at child_check_depth requires (child_check_rows + child_check_part[its id]).
  std::int64_t child_checks = 0;
  const std::uint64_t* child_check_rows[kLaneChecks] = {};
  const std::uint32_t* child_check_part[kLaneChecks] = {};
  std::int64_t child_check_depth[kLaneChecks] = {};
  const std::uint32_t* child_part = nullptr;  // the next cell's parent_part
  // In groups: the next cell's word, child_word_by_parent[this tile's position] +
  // child_word_by_other[position placed at child_word_depth] (LaneGroups::WordOf).
  const std::uint8_t* child_word_by_parent = nullptr;
  const std::uint8_t* child_word_by_other = nullptr;
  std::int64_t child_word_depth = 0;
  // The cell after the next one: its table and its key's other cells (see MaskStep).
  const std::uint64_t* after_masks = nullptr;
  const std::uint32_t* after_other_part[2] = {nullptr, nullptr};
  std::int64_t after_other_depth[2] = {0, 0};
};

// A lane's figures that change every step, in locals while the lanes step (lane_rounds).
struct LaneRegs {
  std::int64_t depth, base;
  std::uint64_t tries;   // since the lane's figures were last written
  std::uint64_t events;  // the last step's (kCallsAfterRound): 1 the next cell's tests, 2 a board
};

struct MaskLane {  // one subtree: below a prefix of `base` tiles
  LaneLevel levels[kLaneCells + 2];
  std::uint32_t placed[kLaneCells + 1];     // as MaskSearch::placed
  std::uint64_t per_depth[kLaneCells + 1];  // placements by depth, added to the stats later
  std::uint64_t tries;
  std::int64_t depth, base;
  bool active;
  std::uint64_t index;               // its prefix's rank among those handed to the lanes
  std::vector<std::uint32_t> found;  // boards found (placed ids) while an earlier prefix runs
};

// The lanes' own layout of the bits, where it fits ("groups", EdgeSearch::plan_lane_groups,
// edge/search/lane_groups.cpp): a class's turned tiles are grouped by the value they show on
// one side, a side every cell of the class below the cut knows before it opens (its key cell's,
// or the frame's), each group in one word in kernel order. A cell's candidates are then one
// word, known from the key, in the same order as in the class's words: a step reads one word
// whatever the class's size. Placing a tile flips its bits in several words (its turns show
// different values there), a row of `toggles` per kernel tile.
struct LaneGroups {
  bool on = false;
  int words = 0;                        // used words (at most kMaskBlocks)
  std::uint32_t sentinel = 0;           // words * 64: the position whose every part is 0
  std::vector<int> kernel_of_position;  // -1: a free bit
  std::vector<int> position_of_kernel;  // kernel oriented id -> position (-1: no tile)
  // Position -> the offset of its kernel tile's row in `toggles` (kMaskBlocks words a row; the
  // sentinel and free bits: a row of zeros).
  std::vector<std::uint32_t> toggle_row;
  std::vector<std::uint64_t> toggles;
  std::uint64_t blocked[kMaskBlocks] = {};  // MaskSearch::blocked, in positions
  // The steps as MaskStep, in positions: rows of (tries, the word of candidates), key parts
  // by position; the tests' rows of sides [(dir * (values + 1) + value) * words + word].
  std::vector<MaskStep> steps;  // [cells + 2], those at and below the cut
  std::vector<std::uint64_t> sides;
  // Where a cell's word comes from (its grouping side's value): the tile placed just before
  // (`by_parent`), a key cell placed earlier (`by_other`, at `other_depth`), or a constant (the
  // frame, a fixed tile: by_parent all alike). By position.
  struct WordOf {
    const std::uint8_t* by_parent = nullptr;
    const std::uint8_t* by_other = nullptr;
    int other_depth = 0;
  };
  std::vector<WordOf> word_of;                   // depth -> its word's source
  std::vector<std::vector<std::uint64_t>> rows;  // the storage of the steps' tables
  std::vector<std::vector<std::uint32_t>> parts;
  std::vector<std::vector<std::uint8_t>> word_tables;
  std::vector<std::uint32_t> kernel_placed;  // a lane's board as kernel ids (record_placed)
};

struct LaneSearch {
  bool on = false;  // this search runs in lanes
  LaneGroups groups;
  // Every board found is recorded (record_solution), in the order of the one-subtree search:
  // a lane records at once while its prefix is the earliest unfinished one, else keeps its
  // boards until the earlier prefixes are done. Off: counts of boards of tiles that all
  // differ, read from the placements at the last depth.
  bool record = false;
  std::uint64_t started = 0;  // prefixes handed to lanes
  std::uint64_t flushed = 0;  // prefixes whose boards are all recorded
  // Finished prefixes' boards, waiting for an earlier prefix: (rank, boards).
  std::vector<std::pair<std::uint64_t, std::vector<std::uint32_t>>> pending;
  int split = 0;               // the depth of the prefixes handed to the lanes
  bool producer_done = false;  // the search above the split has ended
  // run_blocks is cutting prefixes for the lanes: it leaves them here as the lanes take them,
  // its kernel ids (`split` a prefix) and used words (kMaskBlocks a prefix), with no board
  // built and nothing allocated a prefix.
  bool producing = false;
  std::vector<std::uint32_t> prefix_placed;
  std::vector<std::uint64_t> prefix_used;
  std::size_t next_prefix = 0;  // the next prefix a lane takes (index into the two above)
  std::size_t prefixes() const { return prefix_used.size() / kMaskBlocks; }
  std::vector<LaneStep> steps;  // [cells + 1]
  int words = 1;                // lane_rounds<kWords>: the most words of a class (1-4)
  bool two_others = false;      // some step's next-but-one cell has two other key cells
  bool filtered = false;        // some cell has tests beyond its key
  std::vector<MaskLane> lanes;  // kLanes
};

}  // namespace tilewise
