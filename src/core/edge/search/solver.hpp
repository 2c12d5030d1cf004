// The edge-matching search: an iterative (explicit stack), resumable backtracker, so the
// browser worker can run it in slices and the board can show it step by step.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/edge/model/puzzle.hpp"
#include "core/edge/search/search_masks.hpp"

namespace tilewise {

enum class SolveMode { kFirst, kCount, kAll };

// Order in which cells are filled.
enum class PlacementOrder {
  kAuto,        // rows along the board's short side; frame puzzles: the same (see docs)
  kRowMajor,    // plain reading order
  kShortSide,   // rows along the short side (column-major on wide boards)
  kSpiral,      // from the centre outwards, clockwise (seed 000)
  kShell,       // square boards: growing squares from the top-left (2 known sides early)
  kFrameFirst,  // the perimeter ring clockwise from the top-left, then the inside along the short
                // side
};

// How the 4 (or 2) rotations of the whole board are kept from being searched repeatedly.
enum class SymmetryBreaking {
  kAuto,            // framed square boards: the corner rule (their top-left tile is known);
                    // others: kLowestTile (2-3x fewer nodes than the corner rule there)
  kCornerRule,      // seed 002: the top-left corner holds the smallest corner label
  kCentreRotation,  // seed 000: the centre tile of an odd square board is never rotated
  kLowestTile,      // tile 1 only in the first-placed cell of each orbit of board turns
  kNone,            // search everything; keep only solutions that are their own representative
};

struct SolveOptions {
  SolveMode mode = SolveMode::kAll;
  std::uint64_t limit = 0;               // stop after this many solutions (0 = no limit)
  std::uint64_t max_kept = 10000;        // solutions kept in memory; counting goes on past it
  std::uint64_t max_patterns = 1000000;  // coloured boards remembered for distinct_boards
  // kAuto: odd square boards without a frame go in a spiral from the centre with the centre
  // unturned (with symmetry kAuto), even ones grow squares (kShell), others go in rows along
  // the short side (the frame constrains the first row); in kFirst mode several orders (short side,
  // frame first, reading order) race in fixed node slices and the first to finish wins, so the
  // outcome is the same on every machine.
  PlacementOrder order = PlacementOrder::kAuto;
  SymmetryBreaking symmetry = SymmetryBreaking::kAuto;
  // Boards whose tiles fit the masks (each class of tiles, by frame pattern, in blocks of 16,
  // at most 4 blocks a class and 8 in all) are searched with tile masks (run_masks); false:
  // with candidate lists like other boards (the same tree, nodes and tries; for tests and
  // comparisons).
  bool use_masks = true;
  // Searches of boards of 17+ cells on masks run several subtrees side by side (run_lanes);
  // false: one at a time (the same tree, figures and solutions in the same order; for tests
  // and comparisons).
  bool use_lanes = true;
  // Lanes on their own layout of the bits where it fits (LaneGroups: a cell's candidates in
  // one word); false: on the classes' words (the same tree; for tests and comparisons).
  bool lane_groups = true;
  // In lanes, a board found and a cell's tests beyond its key (the calls a step may need) are
  // handled after each round of steps instead of inside the step: in WebAssembly always (a call
  // site on the step's path, even one never taken, slowed V8's code of the whole step: the
  // worker's lanes 1.03-1.28x faster without), natively when asked (GCC's step lost 3-6 % so;
  // for tests). The same tree either way.
#ifdef __wasm__
  bool lane_calls_after_round = true;
#else
  bool lane_calls_after_round = false;
#endif
  // Tiles that look alike, and turns of a tile that look the same, are searched once, as tile
  // kinds (edge/search/solver_kinds.cpp): a cell takes a kind, each board of kinds found stands for
  // all its labelled solutions (counted by multiplying), and solutions() holds one labelled
  // solution per distinct board. false: every labelled arrangement is searched (the search
  // of boards whose tiles all differ; for tests and comparisons).
  bool search_kinds = true;
  // With kinds: solutions() holds every labelled solution (class representative) of each
  // board found, as the labelled search lists them, instead of one per board.
  bool list_labelled = false;
};

struct SolveStats {
  std::uint64_t nodes = 0;  // successful placements (a tile+rotation that fits)
  std::uint64_t tries = 0;  // candidate tile+rotations looked at (from the tables: tiles that
                            // fit the known neighbours, used ones included)
  std::vector<std::uint64_t> nodes_per_depth;  // [k] = partial boards with k tiles (k=0: 1)
  int max_depth = 0;
  double elapsed_ms = 0;
};

class EdgeSearch {
 public:
  // The puzzle must have passed validate_puzzle().
  EdgeSearch(const EdgePuzzle& puzzle, SolveOptions options);
  EdgeSearch(const EdgeSearch&) = delete;  // candidate cursors point into its own tables
  EdgeSearch& operator=(const EdgeSearch&) = delete;

  // Advances the search by about `node_budget` steps; returns finished().
  bool run(std::uint64_t node_budget);
  bool finished() const { return progress_.finished; }
  void cancel();

  const SolveStats& stats() const { return progress_.stats; }
  // Canonical representatives found so far, in discovery order (at most max_kept).
  const std::vector<Solution>& solutions() const { return found_.solutions; }
  std::uint64_t count() const { return found_.count; }
  // Distinct coloured boards up to board rotation among the solutions counted.
  std::uint64_t distinct_boards() const {
    return kinds_.boards_are_solutions ? found_.count
           : kinds_.on                 ? found_.boards
                                       : found_.patterns.size();
  }
  // True when no two tiles look alike (up to rotation) and no tile looks the same turned:
  // then every solution is its own coloured board, distinct_boards() is count() and no
  // board keys are kept (board_patterns() stays empty).
  bool boards_are_solutions() const { return kinds_.boards_are_solutions; }
  bool distinct_boards_complete() const { return found_.patterns_complete; }
  // True when the search ran to its end (no limit, cancel or first-mode stop cut it).
  bool complete() const { return progress_.complete; }
  // Why the puzzle has no solution when a cheap proof exists (edge/search/unsolvable.hpp): then the
  // search ends at once, complete and empty. Empty otherwise.
  const std::string& no_solution_reason() const { return found_.no_solution_reason; }
  // Solutions that would be listed (labelled classes, or boards when kinds list one per board)
  // and whether solutions() holds fewer.
  std::uint64_t listed() const { return kinds_.on ? found_.listed : found_.count; }
  bool solutions_truncated() const { return listed() > found_.solutions.size(); }
  // True when identical tiles are searched as kinds (SolveOptions::search_kinds).
  bool searches_kinds() const { return kinds_.on; }
  int depth() const {
    return race_.racers.empty() || !race_.racers[race_.active]
               ? board_.depth
               : race_.racers[race_.active]->depth();
  }
  // How the search walks the tree, once run() has started: "lists" (candidate lists),
  // "masks" (tile masks, one subtree at a time) or "lanes" (several subtrees at once).
  const char* engine() const;
  bool lanes_in_groups() const { return lanes_.on && lanes_.groups.on; }
  int cell_count() const { return static_cast<int>(plan_.order.size()); }
  // The partial board in reading order (tile -1 = empty), for the live search view.
  std::vector<Placement> current_board() const;
  // Splitting the tree (edge_parallel): with a split depth, partial boards of that many tiles
  // are collected as prefixes (oriented ids in placement order) instead of searched below;
  // start_from() makes a search explore only below one prefix. Call either before run().
  void set_split_depth(int depth) { split_.depth = depth; }
  const std::vector<std::vector<std::uint16_t>>& prefixes() const { return split_.prefixes; }
  void start_from(const std::vector<std::uint16_t>& prefix);
  const std::unordered_set<std::string>& board_patterns() const { return found_.patterns; }
  // Placement orders racing (kFirst + kAuto); 1 when a single order searches. Orders whose
  // estimated tree is far larger than the smallest leave the race (size_race).
  int orders_racing() const {
    return race_.racers.empty()
               ? 1
               : static_cast<int>(std::count(race_.racing.begin(), race_.racing.end(), 1));
  }
  // Knuth's estimate of the nodes of this search's whole tree (counting, no limit), from
  // `probes` random descents from the root, each child of a node taken with equal chance.
  // The tree is this search's own (order, tables, symmetry rule); call it before run() on a
  // search on lists (SolveOptions::use_masks = false), which it leaves as it found it.
  double sample_nodes(int probes, std::uint64_t seed);

 private:
  // Candidates of a cell, keyed by the values its (up to two) key neighbours require, already
  // filtered by the frame rule: as masks (plan_.use_masks) or as lists, offsets[key]..offsets[key
  // + 1] indexing into items.
  // What a table leaves out for a symmetry rule.
  enum class Exclude {
    kNothing,
    kTile1,        // tile 1 (the tile-1 rule: not in this cell)
    kTile1Turned,  // tile 1 turned >= symmetry_.centre_rotations (the tile-1 rule at the centre)
    kTurned,       // any tile turned >= symmetry_.centre_rotations (the centre rule)
    kAllButCornerMin,  // all but symmetry_.corner_min_tile (the corner rule on framed square
                       // boards)
  };
  struct CandidateTable {
    int dir0 = -1, dir1 = -1, frame_mask = -1;
    Exclude exclude = Exclude::kNothing;
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint16_t> items;  // oriented tile ids (tile * 4 + rotation)
    // Masks: [key * (words + 1)] = the list's length (its tries), then `words` words from
    // word0 on: the oriented tiles listed, as bits (see plan_blocks).
    std::vector<std::uint64_t> masks;
    int word0 = 0, words = 1;
  };
  struct CellPlan {
    int cell = 0;
    int table = 0;                           // index into plan_.tables
    const std::uint32_t* offsets = nullptr;  // plan_.tables[table], set once every table is built
    const std::uint16_t* items = nullptr;
    int key_cell[2] = {-1, -1};           // neighbours whose facing sides form the key
    int key_side[2] = {0, 0};             // their side facing this cell
    int check_count = 0;                  // further known neighbours, checked per candidate
    int check_dir[4] = {-1, -1, -1, -1};  // this cell's side
    int check_cell[4] = {-1, -1, -1, -1};
    int fixed_oriented = -1;  // oriented tile id of a fixed tile
    int corner = -1;          // 0 = top-left, 1 = another corner, -1 = not a corner
    int lowest = 0;  // kLowestTile: 1 = tile 1 not here, 2 = may be here, 3 = must be by now
    bool lowest_centre = false;  // tile 1 here: turned less than symmetry_.centre_rotations
    bool slow = false;           // needs fits() beyond the used-tile test
  };

  // `parent`: a racer of its race or one of its tree estimates (the same puzzle and rules):
  // the puzzle's check, side values and kinds are the parent's, not worked out again.
  EdgeSearch(const EdgePuzzle& puzzle, SolveOptions options, const EdgeSearch* parent);
  void plan_order(const EdgePuzzle& p);
  void build_side_values();
  int table_for(int dir0, int dir1, int frame_mask, Exclude exclude = Exclude::kNothing);
  bool excluded(Exclude exclude, int oriented) const;
  bool symmetry_fits(const CellPlan& plan, int oriented, const int* board,
                     bool rule_tile_placed) const;
  bool tiles_look_unique();
  void enter(int depth);
  bool fits(int depth, int oriented) const;
  void record_solution();
  void place(int tile);
  void unplace(int tile);
  // Tile kinds (edge/search/solver_kinds.cpp).
  void plan_kinds();
  void record_kind_board();
  bool admits(const std::vector<int>& board) const;
  std::vector<int> turned_board(const std::vector<int>& board, int quarter_turns) const;
  Solution labelled(const std::vector<int>& board) const;
  int copy_of(int oriented, std::vector<int>& next_copy) const;
  void expand_board(const std::vector<int>& board, std::uint64_t classes);
  void save_prefix(int depth);
  void run_lists(std::uint64_t node_budget);
  void run_masks(std::uint64_t node_budget);
  void finish(bool complete);
  bool run_race(std::uint64_t node_budget);
  void size_race();
  SolveOptions racer_options(size_t k) const;
  EdgeSearch& racer_at(size_t k);  // built on first use

  // The mask search (run_masks; its data in edge/search/search_masks.hpp).
  void plan_blocks();
  int class_of_frame(int frame_mask) const;
  void plan_masks();
  const std::uint32_t* key_part_table(int side, bool heavy, int stride);
  void filter_masks(int depth, std::uint64_t* left, const std::uint32_t* placed,
                    const std::uint64_t* used) const;
  // The kernel ids (`placed`) and used words of `count` tiles placed in placement order
  // (oriented ids; kinds: looks, each kind's copies taken in turn).
  void kernel_prefix(const int* oriented, int count, std::uint32_t* placed,
                     std::uint64_t* used) const;
  template <bool kOneWord>
  void run_blocks(std::uint64_t node_budget);
  bool lanes_fit() const;
  bool plan_lane_groups();
  void filter_lane_word(int depth, LaneLevel& level, const std::uint32_t* placed) const;
  const std::uint32_t* kernel_placed(const std::uint32_t* placed);
  bool start_lane(MaskLane& lane);
  void end_lane(MaskLane& lane);
  void record_placed(const std::uint32_t* placed);
  void lane_found(MaskLane& lane);
  void run_lanes(std::uint64_t node_budget);
  template <bool kKinds, int kWords, bool kTwoOthers, bool kFiltered, bool kAfterRound,
            int kGroupWords>
  std::uint64_t lane_rounds(std::uint64_t rounds, bool all);
  std::uint64_t lane_rounds_for(std::uint64_t rounds, bool all);

  // The puzzle and the options as the search takes them (kAuto resolved).
  EdgePuzzle puzzle_;
  SolveOptions options_;
  int rows_ = 0, cols_ = 0, tiles_ = 0, values_ = 0;

  // Each oriented tile's sides as value indices (build_side_values).
  struct SideValues {
    std::vector<int> value_of_side;  // oriented*4 + dir -> value index
    std::vector<int> need;           // oriented*4 + dir -> value index a neighbour must show
                                     // there (values_ when nothing can face it)
    std::vector<int> zero_mask;      // oriented -> mask of sides equal to 0
  };
  SideValues sides_;

  // The plan (plan_order): the cells' order and how each depth finds its candidates.
  struct Plan {
    std::vector<int> order;       // depth -> cell
    std::vector<CellPlan> cells;  // depth -> plan
    std::vector<CandidateTable> tables;
    std::vector<int> scratch;                // table_for's list of kept candidates
    std::vector<std::uint16_t> fixed_items;  // depth -> the fixed oriented tile (if any)
    bool use_masks = false;  // the tiles fit kMaskBlocks words and options_.use_masks
  };
  Plan plan_;

  // The partial board and the candidate lists' cursors: the list search's explicit stack
  // (run_lists); the mask and lane searches keep the board and the depth up to date.
  struct PartialBoard {
    std::vector<int> cells;          // cell -> oriented id or -1
    std::vector<std::int32_t> used;  // tile -> used (not a char type: its stores alias nothing
                                     // else)
    std::vector<int> copies_left;    // tile -> copies not placed yet (first tiles of kinds; 1
                                     // for every tile without kinds)
    std::vector<const std::uint16_t*> next;  // depth -> next candidate to try
    std::vector<const std::uint16_t*> end;   // depth -> end of the candidate list
    int depth = 0;
  };
  PartialBoard board_;

  // Tiles that look alike (plan_kinds): the first tile of each kind stands for it; a fixed
  // tile is a kind alone.
  struct Kinds {
    bool on = false;        // identical tiles are searched as kinds
    std::vector<int> look;  // oriented -> its kind's first tile turned to look the same, the
                            // smallest such turn (on only)
    std::vector<std::vector<int>> tiles;   // first tile of a kind -> its tiles, by label
    std::uint64_t labelled_per_board = 1;  // product of multiplicities' factorials and of each
                                           // tile's turns that look the same, per copy
    bool boards_are_solutions = false;     // see boards_are_solutions()
  };
  Kinds kinds_;

  // The symmetry rule's tiles and cells (plan_kinds, plan_order).
  struct SymmetryRule {
    int rule_tile = 0;  // the tile-1 rule's tile (kinds: one alone in its kind, unlike itself
                        // turned)
    int corner_tl_cell = 0;
    int corner_min_tile = -1;  // the top-left tile when the frame forces it (else -1)
    int centre_rotations = 1;
    std::vector<int> corner_cells;
  };
  SymmetryRule symmetry_;

  MaskSearch masks_;  // the mask search (run_masks)
  LaneSearch lanes_;  // the lanes (run_lanes)

  // What the search has found so far.
  struct Found {
    std::uint64_t count = 0;
    std::uint64_t listed = 0;  // kinds: see listed()
    std::uint64_t boards = 0;  // kinds: distinct boards (classes of boards of kinds) kept
    std::vector<Solution> solutions;
    std::unordered_set<std::string> patterns;
    bool patterns_complete = true;
    std::string no_solution_reason;
  };
  Found found_;

  // Where the search stands between calls of run(): it pauses when its budget is spent and
  // resumes from here (and from the board and the searches' own state).
  struct Progress {
    bool started = false;
    bool finished = false;
    bool complete = false;
    SolveStats stats;
    std::chrono::steady_clock::duration elapsed{};
  };
  Progress progress_;

  // Cutting the tree (set_split_depth, start_from).
  struct Split {
    int depth = -1;      // partial boards of this many tiles are kept as prefixes (-1: none)
    int base_depth = 0;  // the depth of the prefix the search starts from
    bool from_prefix = false;
    std::vector<std::vector<std::uint16_t>> prefixes;
  };
  Split split_;

  // The race of placement orders (empty unless kFirst + kAuto and several orders differ).
  struct Race {
    std::vector<std::unique_ptr<EdgeSearch>> racers;
    std::vector<PlacementOrder> orders;  // racer -> its order
    std::vector<char> racing;            // racer -> 1 while it races
    std::uint64_t steps = 0;             // steps run by the race so far
    bool sized = false;                  // size_race() has run
    size_t active = 0;                   // racer running the current slice
    std::uint64_t slice_left = 0;        // steps left in its slice
  };
  Race race_;
};

struct SolveResult {
  int rows = 0, cols = 0;
  std::uint64_t count = 0;
  std::uint64_t distinct_boards = 0;
  bool distinct_boards_complete = true;
  bool complete = true;
  SolveStats stats;
  std::vector<Solution> solutions;  // sorted by labels, then rotations
  bool solutions_truncated = false;
  std::string no_solution_reason;  // see EdgeSearch::no_solution_reason()
};

// Cuts the search tree at the shallowest depth with at least `min_prefixes` partial boards
// (threads or workers then search below each prefix). The returned search holds the
// prefixes and the statistics of the levels above the cut; it stops early (incomplete) when
// `keep_going` returns false.
std::unique_ptr<EdgeSearch> split_search(const EdgePuzzle& puzzle, const SolveOptions& options,
                                         size_t min_prefixes, bool (*keep_going)(const void*),
                                         const void* context);

// Runs the search to its end and sorts the solutions.
SolveResult solve(const EdgePuzzle& puzzle, const SolveOptions& options);
SolveResult result_of(const EdgeSearch& search, int rows, int cols);

}  // namespace tilewise
