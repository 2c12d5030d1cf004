// tilewise: the command-line face of the Tilewise core.
#include <iostream>

#include "cli/commands.hpp"
#include "core/version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tilewise: solve, generate and share edge-matching and rotation puzzles"};
  app.require_subcommand(1);
  app.set_version_flag("--version", tilewise::version());
  int exit_code = tilewise::cli::kExitOk;
  tilewise::cli::add_solve_command(app, exit_code);
  tilewise::cli::add_generate_command(app, exit_code);
  tilewise::cli::add_box_command(app, exit_code);
  tilewise::cli::add_link_command(app, exit_code);
  tilewise::cli::add_bench_command(app, exit_code);
  tilewise::cli::add_split_command(app, exit_code);
  tilewise::cli::add_job_command(app, exit_code);
  tilewise::cli::add_merge_command(app, exit_code);
  tilewise::cli::add_status_command(app, exit_code);
  tilewise::cli::add_estimate_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? tilewise::cli::kExitOk : tilewise::cli::kExitBadInput;
  }
  return exit_code;
}
