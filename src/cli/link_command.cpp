// tilewise link encode FILE | --box START [--target T] [--moves M]
// tilewise link decode LINK [-o FILE]
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/puzzle_file.hpp"
#include "core/box/board.hpp"
#include "core/edge/format.hpp"
#include "core/link/codec.hpp"

namespace tilewise::cli {
namespace {

struct LinkArgs {
  bool titles = false;
  std::string file, box_start, box_target, moves = "cw", link, output, base = "";
};

int encode(const LinkArgs& a) {
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

int decode(const LinkArgs& a) {
  Result<SharedPuzzle> shared = decode_link(a.link);
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
  enc->add_flag("--titles", a->titles, "also carry the puzzle's name and motif names");
  enc->add_option("--base", a->base,
                  "page address put before '#', e.g. https://example.org/tilewise/");
  enc->callback([a, &exit_code] { exit_code = encode(*a); });
  auto* dec =
      link->add_subcommand("decode", "Print the puzzle held by a link (whole URL or fragment)");
  dec->add_option("LINK", a->link, "the link")->required();
  dec->add_option("-o,--output", a->output, "write the puzzle file here");
  dec->callback([a, &exit_code] { exit_code = decode(*a); });
}

}  // namespace tilewise::cli
