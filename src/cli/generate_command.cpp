// tilewise generate --rows R --cols C --motifs K --rule complement|equal [--frame] [--seed S]
// [--hints N] [--lonely N]
#include <fstream>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"

namespace tilewise::cli {

void add_generate_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<GenerateOptions>();
  auto out = std::make_shared<std::string>();
  auto frame = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("generate", "Generate a random solvable puzzle (same seed, same puzzle)");
  cmd->add_option("--rows", o->rows, "board rows")->check(CLI::Range(1, kMaxBoardSide));
  cmd->add_option("--cols", o->cols, "board columns")->check(CLI::Range(1, kMaxBoardSide));
  cmd->add_option("--motifs", o->motifs, "number of motifs (complement) or inner colours (equal)");
  const std::map<std::string, MatchRule> rules{{"complement", MatchRule::kComplement},
                                               {"equal", MatchRule::kEqual}};
  cmd->add_option("--rule", o->rule, "complement or equal")
      ->transform(CLI::CheckedTransformer(rules, CLI::ignore_case));
  cmd->add_flag("--frame", *frame, "grey frame (colour 0 on the perimeter; needs --rule equal)");
  cmd->add_option("--seed", o->seed, "random seed");
  cmd->add_option("--hints", o->fixed_hints, "tiles fixed at their solved place");
  cmd->add_option("--border-colours", o->border_colours,
                  "with --frame: colours of their own between frame tiles (Eternity II style)");
  cmd->add_option("--lonely", o->lonely_sides,
                  "perimeter sides no other tile can match (free border only)");
  cmd->add_option("-o,--output", *out, "write to FILE instead of standard output");
  cmd->callback([o, out, frame, &exit_code] {
    o->border = *frame ? BorderRule::kFrame0 : BorderRule::kFree;
    Result<EdgePuzzle> p = generate_puzzle(*o);
    if (!p) {
      std::cerr << "tilewise: " << p.error().to_string() << "\n";
      exit_code = kExitBadInput;
      return;
    }
    const std::string text = format_puzzle(*p);
    if (out->empty()) {
      std::cout << text;
    } else {
      std::ofstream f(*out, std::ios::binary);
      if (!(f << text)) {
        std::cerr << "tilewise: " << *out << ": cannot write\n";
        exit_code = kExitBadInput;
        return;
      }
    }
    exit_code = kExitOk;
  });
}

}  // namespace tilewise::cli
