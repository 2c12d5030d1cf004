// Placeholder registration; the owner of the 'generate' sub-command replaces this file.
#include "cli/commands.hpp"

namespace tilewise::cli {

void add_generate_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("generate", "(not built yet)");
  cmd->callback([&exit_code] {
    std::cerr << "tilewise generate: not built yet\n";
    exit_code = kExitInternal;
  });
}

}  // namespace tilewise::cli
