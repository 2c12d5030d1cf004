// 5x5 to 8x8: an anytime search. The best solution so far gets shorter while it runs, next
// to a proven lower bound; proven_optimal when the two meet.
//
// The searches share the node budget, in fixed turns (so the outcome does not depend on how
// the work is sliced):
// - beam searches over whole boards, ranked by the numbers' distances home, the numbers of
//   the outer rows and columns weighted more (so they go home first); when a board in the
//   beam has everything but one corner's 4x4 block home, IDA* finishes that block optimally
//   (the 4x4 pattern table). The beams are tried with each corner's block left for last and
//   several weightings, then again twice as wide, and so on (up to max_beam_width and a
//   memory cap); a beam stops where it could no longer beat the best so far;
// - window beams (a quarter of the beams' nodes once there is a solution): a beam from the
//   board before a window of 12-48 moves of the best solution to the board after it; a
//   shorter way replaces the window;
// - the optimal IDA* (BoxSearch, a quarter of the nodes): it raises the lower bound, and a
//   solution it finds is optimal (with `all`, every optimal sequence).
// Every improvement is replayed on the start board before it is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

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
  ~BoxAnytimeSearch();
  // Works for about `max_nodes` nodes (whole units: at most a few thousand more); true when
  // finished (proven optimal, the node budget spent with a solution found, cancelled, or
  // every beam run).
  bool run(std::uint64_t max_nodes);
  bool finished() const;
  // The best so far: length -1 until the first solution; lower_bound; proven_optimal; nodes.
  // Final (complete or not) once finished.
  const BoxSolveResult& result() const;
  std::uint64_t improvements() const;  // how many times the best got shorter
  std::string progress() const;        // the beam in progress ("beam 4096, staged x2, ...")

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tilewise::box
