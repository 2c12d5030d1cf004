// tilewise box merge PART.json...: the partial counts of `box solve --count --part I/N
// --json` summed into the whole count, once every part 1..N of one board is there, complete,
// exactly once.
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/json_text.hpp"

namespace tilewise::cli {
namespace {

struct Merged {
  nlohmann::json first;  // the first part read (board, moves, length, parts)
  std::vector<bool> seen;
  std::uint64_t count = 0, nodes = 0;
  double elapsed_ms = 0;
};

// Adds one part's result; an error message (naming the file) when it does not fit.
std::string add_part(const std::string& file, Merged& m) {
  std::ifstream in(file);
  if (!in) return file + ": cannot be read";
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return file + ": not a JSON object";
  for (const char* key : {"part", "parts", "count", "complete", "length", "start", "target",
                          "moves", "nodes", "elapsed_ms"})
    if (!j.contains(key)) return file + ": no \"" + key + "\" (not a --part --json result)";
  if (!j["complete"].get<bool>()) return file + ": that part was not counted to the end";
  if (m.seen.empty()) {
    m.first = j;
    m.seen.assign(j["parts"].get<std::size_t>(), false);
  }
  for (const char* key : {"parts", "length", "start", "target", "moves"})
    if (j[key] != m.first[key])
      return file + ": another count (its \"" + key + "\" is " + j[key].dump() + ", not " +
             m.first[key].dump() + ")";
  const std::size_t part = j["part"].get<std::size_t>();
  if (part < 1 || part > m.seen.size())
    return file + ": part " + std::to_string(part) + " of " + std::to_string(m.seen.size());
  if (m.seen[part - 1]) return file + ": part " + std::to_string(part) + " given twice";
  m.seen[part - 1] = true;
  m.count += j["count"].get<std::uint64_t>();
  m.nodes += j["nodes"].get<std::uint64_t>();
  m.elapsed_ms += j["elapsed_ms"].get<double>();
  return "";
}

}  // namespace

void add_box_merge_command(CLI::App& box_cmd, int& exit_code) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  auto* merge = box_cmd.add_subcommand(
      "merge", "The whole count from the --json results of box solve --count --part I/N");
  merge->add_option("PART", *files, "one result file per part")->required();
  merge->add_flag("--json", *json, "print one JSON object");
  merge->callback([files, json, &exit_code] {
    Merged m;
    for (const std::string& f : *files)
      if (const std::string error = add_part(f, m); !error.empty()) {
        std::cerr << "tilewise: " << error << "\n";
        exit_code = kExitBadInput;
        return;
      }
    for (std::size_t k = 0; k < m.seen.size(); ++k)
      if (!m.seen[k]) {
        std::cerr << "tilewise: part " << k + 1 << " of " << m.seen.size() << " is missing\n";
        exit_code = kExitBadInput;
        return;
      }
    if (*json) {
      std::cout << json_text({{"start", m.first["start"]},
                              {"target", m.first["target"]},
                              {"moves", m.first["moves"]},
                              {"length", m.first["length"]},
                              {"count", m.count},
                              {"parts", m.seen.size()},
                              {"nodes", m.nodes},
                              {"elapsed_ms", m.elapsed_ms}})
                << "\n";
    } else {
      std::cout << "optimal length: " << m.first["length"].get<int>() << " moves\n"
                << "optimal solutions: " << m.count << " (" << m.seen.size() << " parts, "
                << m.nodes << " nodes)\n";
    }
    exit_code = kExitOk;
  });
}

}  // namespace tilewise::cli
