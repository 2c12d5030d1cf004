// 5x5 to 9x9: the anytime search (docs/puzzle-box.md, "5x5 and up: the anytime search"). Every
// improvement is replayed on the start board before it is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {

class BoxAnytimeSearch {
 public:
  // `puzzle` must pass check_box_puzzle and be 5x5 or larger. From `options`: all,
  // node_budget (both searches together; it is exceeded until a first solution is found),
  // pattern_tiles (the 4x4 finish; a missing table is
  // built here), max_beam_width, cancel. Time limits are the caller's (solve_box, the worker).
  BoxAnytimeSearch(const BoxPuzzle& puzzle, const BoxSolveOptions& options);
  // Works for about `max_nodes` nodes (whole units: at most a few thousand more); true when
  // finished (proven optimal, the node budget spent with a solution found, cancelled, or
  // every beam run).
  bool run(std::uint64_t max_nodes) { return search_->run(max_nodes); }
  bool finished() const { return search_->finished; }
  // The best so far: length -1 until the first solution; lower_bound; proven_optimal; nodes.
  // Final (complete or not) once finished.
  const BoxSolveResult& result() const { return search_->r; }
  // How many times the best got shorter; the beam in progress ("beam 4096, staged x2, ...").
  std::uint64_t improvements() const { return search_->improvements; }
  std::string progress() const { return search_->progress(); }

  // The search, whatever the boards' capacity (anytime_search.cpp).
  struct Run {
    virtual ~Run() = default;
    virtual bool run(std::uint64_t max_nodes) = 0;
    virtual std::string progress() const = 0;
    BoxSolveResult r;
    std::uint64_t improvements = 0;
    bool finished = false;
  };

 private:
  std::unique_ptr<Run> search_;
};

// Symmetric halves (the reversed board, docs/puzzle-box.md): `half`, then `half` backwards
// with each move mirrored (odd n: left-right, even n: about the main diagonal; the mirror
// turns the other way and undoing turns back, so each keeps its direction). When `half`
// brings the numbers that start in top-bottom mirror cells (even n: mirror cells about the
// other diagonal) to mirror cells of that mirror, the whole turns the board half round.
std::vector<Move> symmetric_halves(int n, std::vector<Move> half);

}  // namespace tilewise::box
