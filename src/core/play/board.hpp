// A board being played: tiles placed on cells, turned and swapped by the user, with
// undo/redo and live matching feedback. Platform-free: the browser app draws it.
#pragma once

#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

enum class EdgeState { kOpen, kMatched, kMismatched };

// Whether two boards hold the same tiles, turned the same way, on every cell.
bool same_cells(const std::vector<Placement>& a, const std::vector<Placement>& b);

class PlayBoard {
 public:
  PlayBoard() = default;
  // Tiles start in input order, unturned; fixed tiles at their places.
  explicit PlayBoard(const EdgePuzzle& puzzle);

  const EdgePuzzle& puzzle() const { return puzzle_; }
  const std::vector<Placement>& cells() const { return cells_; }
  bool is_fixed_cell(int cell) const;

  // Each returns false (and changes nothing) when the move is not allowed.
  bool rotate(int cell, int quarter_turns);  // +1 clockwise, -1 counter-clockwise
  bool swap(int cell_a, int cell_b);         // either cell may be empty: then the tile just moves
  // The tray: tiles not on the board. A tray tile goes onto a cell unturned (the cell's tile,
  // if any, goes to the tray); a board tile goes back to the tray; clear_to_tray() empties
  // every cell but the fixed ones, to build the board from scratch.
  std::vector<int> tray() const;  // tile indices, ascending
  bool place_from_tray(int tile, int cell);
  bool take_to_tray(int cell);
  bool clear_to_tray();
  int first_empty_cell() const;                         // reading order; -1 when the board is full
  void set_cells(const std::vector<Placement>& cells);  // e.g. apply a solution (undoable)
  // A new starting arrangement (a saved board): nothing to undo back to.
  void start_from(const std::vector<Placement>& cells);
  bool undo();
  bool redo();
  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  // Inner edges: horizontal ones (between (i,j) and (i,j+1)) then vertical ones.
  EdgeState right_edge(int cell) const;   // between cell and its right neighbour
  EdgeState bottom_edge(int cell) const;  // between cell and the cell below
  bool frame_ok(int cell) const;          // frame puzzles: zeros exactly on the perimeter
  int matched_edges() const;
  int inner_edges() const;
  bool solved() const;

 private:
  void remember();
  EdgeState edge(int a, int side_a, int b, int side_b) const;
  EdgePuzzle puzzle_;
  std::vector<Placement> cells_;
  std::vector<std::vector<Placement>> undo_, redo_;
};

}  // namespace tilewise
