#include "app/share.hpp"

#include <utility>
#include <variant>

#include "app/box_view.hpp"
#include "app/examples.hpp"
#include "app/widgets.hpp"
#include "core/edge/model/format.hpp"
#include "core/link/bucas.hpp"
#include "core/link/codec.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace tilewise::app::share {
namespace {

constexpr double kRewriteEveryMs = 500;  // in-place address updates while playing

struct ShareState {
  std::string written;           // the code the address holds, as far as we know
  std::vector<Placement> cells;  // the board's cells when `written` was last compared
  bool checked = false;          // `cells` is meaningful
  bool pending = false;          // a change not yet written (throttled)
  bool new_entry = false;        // the next write adds a history entry
  bool rewrite_now = false;      // the next write replaces the entry at once
  double last_write_ms = -1e9;
  std::string url, error;
  bool reveal = false;  // scroll the link field into sight (shared from elsewhere: the editor)
};
ShareState g_share;

// The puzzle without its title and motif names: what tells two puzzles apart.
EdgeShare untitled(const EdgePuzzle& p) {
  EdgeShare shared{p, {}};
  shared.puzzle.name.clear();
  shared.puzzle.motif_names.clear();
  return shared;
}
std::string puzzle_code(const EdgePuzzle& p) {
  return encode_link(SharedPuzzle{untitled(p)});
}

// The app's examples, as parsed, with their untitled codes (computed once).
struct KnownExample {
  std::string file;
  EdgePuzzle puzzle;
  std::string code;
};
const std::vector<KnownExample>& known_examples() {
  static const std::vector<KnownExample> known = [] {
    std::vector<KnownExample> list;
    for (const Example& e : examples()) {
      Result<EdgePuzzle> p = parse_puzzle(e.text, e.name);
      if (p) list.push_back({std::string(e.name), *p, puzzle_code(*p)});
    }
    return list;
  }();
  return known;
}
const KnownExample* example_of(const EdgePuzzle& p) {
  const std::string code = puzzle_code(p);
  for (const KnownExample& e : known_examples())
    if (e.code == code) return &e;
  return nullptr;
}

// A linked puzzle gets its names back: an example's from the example (links leave them
// out: the page has them), another puzzle's from the link. Returns what the panel calls it.
std::string restore_names(EdgePuzzle& p) {
  if (const KnownExample* e = example_of(p)) {
    p.name = e->puzzle.name;
    p.motif_names = e->puzzle.motif_names;
    return e->file;
  }
  return p.name.empty() ? "puzzle from a link" : p.name;
}

// The link of the board: the puzzle (with its title and motif names, which give the colours,
// unless it is one of the examples), plus the arrangement unless the tiles lie as dealt.
std::string code_for(const PlayBoard& board, const std::vector<Placement>* instead = nullptr) {
  EdgeShare shared =
      example_of(board.puzzle()) ? untitled(board.puzzle()) : EdgeShare{board.puzzle(), {}};
  const std::vector<Placement>& cells = instead ? *instead : board.cells();
  if (!same_cells(cells, PlayBoard(board.puzzle()).cells())) shared.arrangement = cells;
  return encode_link(SharedPuzzle{shared});
}

// A board takes an arrangement that keeps fixed tiles where fixed (the codec already checks
// that no tile is placed twice); empty cells are fine: their tiles lie in the tray.
bool arrangement_fits(const EdgePuzzle& p, const std::vector<Placement>& cells) {
  const PlayBoard dealt(p);
  for (size_t c = 0; c < cells.size(); ++c) {
    if (dealt.is_fixed_cell(static_cast<int>(c)) &&
        (cells[c].tile != dealt.cells()[c].tile || cells[c].rotation != dealt.cells()[c].rotation))
      return false;
  }
  return true;
}

// Decodes a link of a tile puzzle the board can show; one clear message (the codec's own)
// when it cannot.
Result<EdgeShare> edge_link(Result<SharedPuzzle> shared) {
  if (!shared) return shared.error();
  EdgeShare& e = std::get<EdgeShare>(*shared);
  if (!e.arrangement.empty() && !arrangement_fits(e.puzzle, e.arrangement))
    return Error{"link", "the board in it moves a fixed tile"};
  return std::move(e);
}

void adopt(const PlayBoard& board) {  // the address already shows this board
  g_share.written = code_for(board);
  g_share.cells = board.cells();
  g_share.checked = true;
  g_share.new_entry = g_share.rewrite_now = false;
}

}  // namespace

void open_address(bool at_start, PlayBoard& board, std::string& error, Loader load) {
  if (!at_start && !platform::take_hash_change()) return;
  const std::string code = platform::location_hash();
  if (!at_start && code == g_share.written) return;  // the board already shows it
  if (code.empty()) {
    // No link (a plain address, or the fragment was erased): put the board's link there.
    g_share.new_entry = false;
    g_share.rewrite_now = true;
    return;
  }
  Result<SharedPuzzle> decoded =
      is_bucas_link(code) ? decode_bucas_share(code) : decode_link(code);  // e2.bucas.name too
  if (decoded && std::holds_alternative<BoxShare>(*decoded)) {  // the Puzzle Box mode opens it
    box_open(std::get<BoxShare>(*decoded).puzzle);
    g_share.error.clear();
    error.clear();
    g_share.written = code;
    return;
  }
  Result<EdgeShare> linked = edge_link(std::move(decoded));
  if (!linked) {
    g_share.error = error = linked.error().to_string();
    if (at_start) adopt(board);  // keep the bad link in view until the user plays
    return;
  }
  const std::string name = restore_names(linked->puzzle);
  load(linked->puzzle, name);
  if (!linked->arrangement.empty()) board.start_from(linked->arrangement);  // the link's start
  g_share.error.clear();
  error.clear();
  adopt(board);
}

void new_puzzle() {
  g_share.url.clear();  // it was the previous puzzle's link
  g_share.new_entry = true;
  g_share.checked = false;
}

void sync(const PlayBoard& board, const std::vector<Placement>* instead) {
  const std::vector<Placement>& cells = instead ? *instead : board.cells();
  const bool changed = !g_share.checked || !same_cells(cells, g_share.cells);
  if (changed) {
    g_share.cells = cells;
    g_share.checked = true;
    g_share.pending = true;
  }
  if (!g_share.pending && !g_share.rewrite_now) return;
  const double now = platform::now_ms();
  const bool due =
      g_share.new_entry || g_share.rewrite_now || now - g_share.last_write_ms >= kRewriteEveryMs;
  if (!due) return;
  const std::string code = code_for(board, instead);
  if (code != g_share.written || g_share.rewrite_now) {
    platform::set_location_hash(code, !g_share.new_entry);
    g_share.written = code;
    g_share.last_write_ms = now;
  }
  g_share.pending = g_share.new_entry = g_share.rewrite_now = false;
}

void share_controls(const PlayBoard& board, const std::vector<Placement>* instead) {
  if (button("Share")) {
    g_share.url = platform::location_without_hash() + "#" + code_for(board, instead);
    platform::copy_to_clipboard(g_share.url);
  }
  if (instead) {
    ImGui::SameLine();
    if (button("Share the solved board")) {
      g_share.url = platform::location_without_hash() + "#" + code_for(board);
      platform::copy_to_clipboard(g_share.url);
    }
  }
  if (g_share.url.empty()) return;
  ImGui::TextDisabled("Link copied. Or copy it from here:");
  ImGui::SetNextItemWidth(-1);
  // Read-only: ImGui never writes into the buffer; the size includes the terminating zero.
  ImGui::InputText("##share_url", g_share.url.data(), g_share.url.size() + 1,
                   ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
  record_item("share_url");
  if (g_share.reveal) ImGui::SetScrollHereY(1.0f);  // its window scrolls it into sight
  g_share.reveal = false;
}

void share_puzzle(const EdgePuzzle& puzzle) {
  g_share.url = platform::location_without_hash() + "#" + code_for(PlayBoard(puzzle));
  platform::copy_to_clipboard(g_share.url);
  g_share.reveal = true;
}

void share_box_controls() {
  if (button("Share puzzle")) {
    const std::string code = encode_link(SharedPuzzle{BoxShare{box_current_puzzle()}});
    g_share.url = platform::location_without_hash() + "#" + code;
    platform::copy_to_clipboard(g_share.url);
    platform::set_location_hash(code, false);
    g_share.written = code;
  }
  if (g_share.url.empty()) return;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##box_share_url", g_share.url.data(), g_share.url.size() + 1,
                   ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
  record_item("box_share_url");
}

void add_test_state(nlohmann::json& state, const PlayBoard& board) {
  nlohmann::json tiles = nlohmann::json::array();
  for (const Tile& t : board.puzzle().tiles) tiles.push_back(t.sides);
  state["tiles"] = tiles;
  state["fixed"] = board.puzzle().fixed.size();
  state["share_url"] = g_share.url;
  state["link_error"] = g_share.error;
  state["link"] = g_share.written;
  state["link_pending"] = g_share.pending;  // a change not yet written (at most every 500 ms)
}

}  // namespace tilewise::app::share
