// tilewise link encode FILE | --box START [--target T] [--moves M]
// tilewise link encode FILE --bucas BOARD   (an e2.bucas.name board link)
// tilewise link decode LINK [-o FILE] [--puzzle FILE]   (also e2.bucas.name links)
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "core/box/model/board.hpp"
#include "core/edge/best/best_search.hpp"
#include "core/edge/model/format.hpp"
#include "core/link/bucas.hpp"
#include "core/link/codec.hpp"

namespace tilewise::cli {
namespace {

struct LinkArgs {
  bool titles = false;
  std::string file, box_start, box_target, moves = "cw", link, output, base = "", bucas, puzzle;
};

// "1r0 2r3 - ..." (label r turn per cell, reading order, - = empty) as placements.
Result<std::vector<Placement>> parse_board_list(const EdgePuzzle& p, const std::string& text) {
  std::vector<Placement> cells;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    const std::string where = "--bucas: cell " + std::to_string(cells.size() + 1);
    if (word == "-") {
      cells.push_back({-1, 0});
      continue;
    }
    const size_t r = word.find('r');
    int label = 0, turn = 0;
    try {
      label = std::stoi(word.substr(0, r));
      turn = r == std::string::npos ? 0 : std::stoi(word.substr(r + 1));
    } catch (const std::exception&) {
      return Error{where, "'" + word + "' is not LABELrTURN (e.g. 12r3) or -"};
    }
    if (label < 1 || label > static_cast<int>(p.tiles.size()) || turn < 0 || turn > 3)
      return Error{where, "'" + word + "': no such tile or turn"};
    cells.push_back({label - 1, turn});
  }
  if (static_cast<int>(cells.size()) != p.rows * p.cols)
    return Error{"--bucas", "has " + std::to_string(cells.size()) + " cells, the puzzle " +
                                std::to_string(p.rows * p.cols)};
  return cells;
}

int encode_bucas(const LinkArgs& a) {
  std::optional<EdgePuzzle> p = read_puzzle_file(a.file);
  if (!p) return kExitBadInput;
  Result<std::vector<Placement>> cells = parse_board_list(*p, a.bucas);
  Result<std::string> link = cells ? encode_bucas_link(*p, *cells) : cells.error();
  if (!link) {
    std::cerr << "tilewise: " << link.error().to_string() << "\n";
    return kExitBadInput;
  }
  std::cout << (a.base.empty() ? "https://e2.bucas.name/" : a.base) << "#" << *link << "\n";
  return kExitOk;
}

int encode(const LinkArgs& a) {
  if (!a.bucas.empty()) return encode_bucas(a);
  SharedPuzzle shared;
  if (!a.box_start.empty()) {
    bool ok = false;
    box::BoxPuzzle p;
    p.moves = box::parse_move_set(a.moves, ok);
    Result<std::vector<int>> start = box::parse_board(a.box_start, "start");
    if (!ok || !start) {
      std::cerr << "tilewise: "
                << (!ok ? "--moves: use cw, cw+ccw or cw+ccw+half" : start.error().to_string())
                << "\n";
      return kExitBadInput;
    }
    p.size = box::board_size(*start);
    p.start = *start;
    if (a.box_target.empty()) {
      for (int i = 1; i <= p.size * p.size; ++i) p.target.push_back(i);
    } else {
      Result<std::vector<int>> target = box::parse_board(a.box_target, "target");
      if (!target || target->size() != start->size()) {
        std::cerr << "tilewise: "
                  << (target ? "target: not the size of the start board"
                             : target.error().to_string())
                  << "\n";
        return kExitBadInput;
      }
      p.target = *target;
    }
    shared = BoxShare{p};
  } else if (!a.file.empty()) {
    std::optional<EdgePuzzle> p = read_puzzle_file(a.file);
    if (!p) return kExitBadInput;
    if (!a.titles) {  // the puzzle only: links stay short
      p->name.clear();
      p->motif_names.clear();
    }
    shared = EdgeShare{*p, {}};
  } else {
    std::cerr << "tilewise: link encode needs a puzzle FILE or --box START\n";
    return kExitBadInput;
  }
  std::cout << a.base << "#" << encode_link(shared) << "\n";
  return kExitOk;
}

// A bucas link: its board placed on a puzzle file's tiles (with --puzzle), or, when it is
// complete, the puzzle its cells make.
Result<SharedPuzzle> decode_bucas(const LinkArgs& a) {
  Result<BucasBoard> b = decode_bucas_link(a.link);
  if (!b) return b.error();
  if (a.puzzle.empty()) return decode_bucas_share(a.link);
  std::optional<EdgePuzzle> p = read_puzzle_file(a.puzzle);
  if (!p) return Error{"--puzzle", "cannot use " + a.puzzle};
  Result<std::vector<Placement>> cells = place_bucas_board(*p, *b);
  if (!cells) return cells.error();
  return SharedPuzzle{EdgeShare{*p, *cells}};
}

int decode(const LinkArgs& a) {
  Result<SharedPuzzle> shared = is_bucas_link(a.link) ? decode_bucas(a) : decode_link(a.link);
  if (!shared) {
    std::cerr << "tilewise: " << shared.error().to_string() << "\n";
    return kExitBadInput;
  }
  std::string text;
  if (const auto* e = std::get_if<EdgeShare>(&*shared)) {
    text = format_puzzle(e->puzzle);
    if (!e->arrangement.empty()) {
      text += "# board as shared (label rotation, reading order; - = empty):\n#";
      for (const Placement& c : e->arrangement)
        text +=
            c.tile < 0 ? " -" : " " + std::to_string(c.tile + 1) + "r" + std::to_string(c.rotation);
      text += "\n";
      const Solution board{e->arrangement};
      if (check_complete_board(e->puzzle, board))
        text += "# score: " + std::to_string(board_score(e->puzzle, board)) + " of " +
                std::to_string(max_board_score(e->puzzle)) + " inner edges matched\n";
    }
  } else {
    const box::BoxPuzzle& p = std::get<BoxShare>(*shared).puzzle;
    text = "puzzle box " + std::to_string(p.size) + "x" + std::to_string(p.size) + "\nstart " +
           box::format_board(p.start, p.size) + "\ntarget " + box::format_board(p.target, p.size) +
           "\nmoves " + box::move_set_name(p.moves) + "\n";
  }
  if (a.output.empty()) {
    std::cout << text;
  } else {
    std::ofstream f(a.output, std::ios::binary);
    if (!(f << text)) {
      std::cerr << "tilewise: " << a.output << ": cannot write\n";
      return kExitBadInput;
    }
  }
  return kExitOk;
}

}  // namespace

void add_link_command(CLI::App& app, int& exit_code) {
  auto* link =
      app.add_subcommand("link", "Share links: encode a puzzle into a URL fragment and back");
  link->require_subcommand(1);
  auto a = std::make_shared<LinkArgs>();
  auto* enc = link->add_subcommand("encode", "Print the share link of a puzzle");
  enc->add_option("FILE", a->file, "edge-matching puzzle file");
  enc->add_option("--box", a->box_start, "a Puzzle Box start board instead of a file");
  enc->add_option("--target", a->box_target, "Puzzle Box target (default 1..N*N)");
  enc->add_option("--moves", a->moves, "Puzzle Box moves: cw, cw+ccw, cw+ccw+half");
  enc->add_option("--bucas", a->bucas,
                  "write an e2.bucas.name board link of FILE's tiles arranged as \"1r0 2r3 - ...\" "
                  "(label r turn per cell, reading order, - = empty)");
  enc->add_flag("--titles", a->titles, "also carry the puzzle's name and motif names");
  enc->add_option("--base", a->base,
                  "page address put before '#', e.g. https://example.org/tilewise/");
  enc->callback([a, &exit_code] { exit_code = encode(*a); });
  auto* dec =
      link->add_subcommand("decode", "Print the puzzle held by a link (whole URL or fragment)");
  dec->add_option("LINK", a->link, "the link")->required();
  dec->add_option("-o,--output", a->output, "write the puzzle file here");
  dec->add_option("--puzzle", a->puzzle,
                  "e2.bucas.name links: place the board on this puzzle file's tiles");
  dec->callback([a, &exit_code] { exit_code = decode(*a); });
}

}  // namespace tilewise::cli
