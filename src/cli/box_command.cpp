// Placeholder registration; the owner of the 'box' sub-command replaces this file.
#include "cli/commands.hpp"

namespace tilewise::cli {

void add_box_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("box", "(not built yet)");
  cmd->callback([&exit_code] {
    std::cerr << "tilewise box: not built yet\n";
    exit_code = kExitInternal;
  });
}

}  // namespace tilewise::cli
