// Placeholder registration; the owner of the 'solve' sub-command replaces this file.
#include "cli/commands.hpp"

namespace tilewise::cli {

void add_solve_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("solve", "(not built yet)");
  cmd->callback([&exit_code] {
    std::cerr << "tilewise solve: not built yet\n";
    exit_code = kExitInternal;
  });
}

}  // namespace tilewise::cli
