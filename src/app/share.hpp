// Share links in the app: the page's address fragment follows the board (rewritten in place
// while playing, a new history entry per different puzzle), links in the address are opened
// (at start and on Back / an edited address), and the Share button hands out the full URL.
// The codec itself is core/link_codec.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/edge/model/puzzle.hpp"
#include "core/play/board.hpp"

namespace tilewise::app::share {

// The app's own loader of a different puzzle (resets play and solver state).
using Loader = void (*)(const EdgePuzzle& puzzle, const std::string& name);

// Opens the link in the address: at start (after the default puzzle is loaded), then once per
// frame for the link the user went to (Back/Forward, an edited address). A good link is
// loaded through `load` and its arrangement put on `board`; a bad one sets `error` (the
// codec's message) and the puzzle stays.
void open_address(bool at_start, PlayBoard& board, std::string& error, Loader load);

// The app loaded a different puzzle (example, file, generator, editor): the address gets a
// new history entry so that Back returns to the previous one.
void new_puzzle();
// Once per frame: keeps the address in step with the board (in place, at most every 500 ms).
// `instead`: the arrangement the address shows in place of the board's (the scrambled start
// while the solver's answer is on the board: a link never gives the answer away).
void sync(const PlayBoard& board, const std::vector<Placement>* instead = nullptr);

// The Share button and the read-only link field (drawn in the current ImGui window). With
// `instead` (the solver's answer on the board), Share hands out the puzzle as it started and
// "Share the solved board" the answer.
void share_controls(const PlayBoard& board, const std::vector<Placement>* instead = nullptr);

// Hands out the link of `puzzle` as dealt (the editor's Share, after loading it): copied, and
// shown under the panel's Share button, which its panel scrolls into sight.
void share_puzzle(const EdgePuzzle& puzzle);

// The Puzzle Box panel's Share button: the link of the box puzzle on screen (start board as
// it stands, target, move set), copied and put in the address.
void share_box_controls();

// Adds to the browser tests' state: share_url (the last URL handed out by Share), link_error
// (the last bad link's message), link (the code the address holds), tiles (each tile's sides).
void add_test_state(nlohmann::json& state, const PlayBoard& board);

}  // namespace tilewise::app::share
