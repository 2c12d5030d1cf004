// Campaign files (docs/campaigns.md): job files, and results (finished) or checkpoints.
#include <algorithm>

#include "core/edge/campaign/campaign.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/json.hpp"
#include "core/edge/search/option_names.hpp"
#include "core/hash.hpp"
#include "core/json_text.hpp"
#include "core/version.hpp"

namespace tilewise {
namespace {

using nlohmann::json;

constexpr const char* kJobFormat = "tilewise-campaign-job";
constexpr const char* kResultFormat = "tilewise-campaign-result";

std::string fnv1a64_hex(const std::string& text) {
  std::uint64_t h = hash::fnv1a(text);
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int k = 15; k >= 0; --k, h >>= 4) out[k] = digits[h & 15];
  return out;
}

json stats_json(const SolveStats& s) {
  return {{"nodes", s.nodes},
          {"tries", s.tries},
          {"nodes_per_depth", s.nodes_per_depth},
          {"max_depth", s.max_depth},
          {"elapsed_ms", s.elapsed_ms}};
}

json spec_json(const CampaignSpec& s) {
  if (s.best)
    return {{"puzzle", format_puzzle(s.puzzle)},
            {"mode", "best"},
            {"best",
             {{"seed", s.budget.seed},
              {"seconds", s.budget.seconds},
              {"max_nodes", s.budget.max_nodes},
              {"beam", s.budget.max_beam_width}}},
            {"jobs", s.jobs}};
  SolveStats above = s.above;
  above.elapsed_ms = 0;
  return {{"puzzle", format_puzzle(s.puzzle)},
          {"mode", name_of(solve_mode_names(), s.options.mode)},
          {"order", name_of(placement_order_names(), s.options.order)},
          {"symmetry", name_of(symmetry_rule_names(), s.options.symmetry)},
          {"keep", s.options.max_kept},
          {"max_patterns", s.options.max_patterns},
          {"cut_depth", s.cut_depth},
          {"prefixes", s.prefix_count},
          {"jobs", s.jobs},
          {"above_cut", stats_json(above)},
          {"boards_are_solutions", s.boards_are_solutions}};
}

json tiles_json(const std::vector<std::uint16_t>& oriented) {
  json tiles = json::array();
  for (std::uint16_t o : oriented) tiles.push_back({o / 4 + 1, o % 4});
  return tiles;
}

// Thrown inside this file only (parse_* turn it into an Error).
struct Bad {
  std::string what;
};

template <class Enum>
Enum word(const json& j, const char* key, const std::map<std::string, Enum>& names) {
  const std::string w = j.at(key).get<std::string>();
  const auto it = names.find(w);
  if (it == names.end()) throw Bad{std::string("unknown ") + key + " '" + w + "'"};
  return it->second;
}

SolveStats parse_stats(const json& j, size_t cells) {
  SolveStats s;
  s.nodes = j.at("nodes").get<std::uint64_t>();
  s.tries = j.at("tries").get<std::uint64_t>();
  s.nodes_per_depth = j.at("nodes_per_depth").get<std::vector<std::uint64_t>>();
  s.max_depth = j.at("max_depth").get<int>();
  s.elapsed_ms = j.at("elapsed_ms").get<double>();
  if (s.nodes_per_depth.size() != cells + 1) throw Bad{"nodes_per_depth has the wrong length"};
  return s;
}

// Best mode: the budget instead of the cut.
CampaignSpec parse_best_spec(const json& j, CampaignSpec s) {
  s.best = true;
  const json& b = j.at("best");
  s.budget.seed = b.at("seed").get<std::uint64_t>();
  s.budget.seconds = b.at("seconds").get<double>();
  s.budget.max_nodes = b.at("max_nodes").get<std::uint64_t>();
  s.budget.max_beam_width = b.at("beam").get<int>();
  s.jobs = j.at("jobs").get<int>();
  if (!(s.budget.seconds >= 0) || (s.budget.seconds == 0 && s.budget.max_nodes == 0))
    throw Bad{"a best campaign needs seconds > 0 or max_nodes > 0"};
  if (s.budget.max_beam_width < 0 || s.budget.max_beam_width > BestSearch::kMaxBeamWidth)
    throw Bad{"beam out of range"};
  if (s.jobs < 1) throw Bad{"jobs must be at least 1"};
  s.above.nodes_per_depth.assign(s.puzzle.tiles.size() + 1, 0);
  return s;
}

CampaignSpec parse_spec(const json& j) {
  CampaignSpec s;
  Result<EdgePuzzle> puzzle = parse_puzzle(j.at("puzzle").get<std::string>(), "puzzle");
  if (!puzzle) throw Bad{puzzle.error().to_string()};
  s.puzzle = std::move(*puzzle);
  if (j.at("mode") == "best") return parse_best_spec(j, std::move(s));
  s.options.mode = word(j, "mode", solve_mode_names());
  s.options.order = word(j, "order", placement_order_names());
  s.options.symmetry = word(j, "symmetry", symmetry_rule_names());
  s.options.max_kept = j.at("keep").get<std::uint64_t>();
  s.options.max_patterns = j.at("max_patterns").get<std::uint64_t>();
  s.cut_depth = j.at("cut_depth").get<int>();
  s.prefix_count = j.at("prefixes").get<std::uint32_t>();
  s.jobs = j.at("jobs").get<int>();
  const size_t cells = s.puzzle.tiles.size();
  s.above = parse_stats(j.at("above_cut"), cells);
  s.boards_are_solutions = j.at("boards_are_solutions").get<bool>();
  if (s.options.max_kept < 1) throw Bad{"keep must be at least 1"};
  if (s.cut_depth < 0 || s.cut_depth > static_cast<int>(cells)) throw Bad{"cut_depth out of range"};
  if (s.jobs < 1) throw Bad{"jobs must be at least 1"};
  return s;
}

// [[label, rotation], ...] of `count` distinct tiles of a puzzle with `tiles` tiles.
std::vector<std::uint16_t> parse_tiles(const json& j, size_t count, size_t tiles) {
  if (!j.is_array() || j.size() != count)
    throw Bad{"expected " + std::to_string(count) + " [label, rotation] pairs"};
  std::vector<std::uint16_t> out;
  std::vector<char> used(tiles, 0);
  for (const json& pair : j) {
    const int label = pair.at(0).get<int>(), rotation = pair.at(1).get<int>();
    if (label < 1 || static_cast<size_t>(label) > tiles || rotation < 0 || rotation > 3 ||
        used[label - 1])
      throw Bad{"bad tile [" + std::to_string(label) + ", " + std::to_string(rotation) + "]"};
    used[label - 1] = 1;
    out.push_back(static_cast<std::uint16_t>((label - 1) * 4 + rotation));
  }
  return out;
}

// The figures of a count, all or first job.
json tally_json(const JobResult& r) {
  json solutions = json::array();
  for (const PrefixTally::Found& f : r.tally.solutions) {
    json s = solution_json(f.solution);
    s["prefix"] = f.prefix;
    s["index"] = f.index;
    solutions.push_back(s);
  }
  json keys = nullptr;
  if (!r.spec.boards_are_solutions) {
    std::vector<std::string> sorted;
    for (const std::string& k : r.tally.patterns) sorted.push_back(hex_bytes(k));
    std::sort(sorted.begin(), sorted.end());
    keys = sorted;
  }
  return {{"prefixes_owned", r.prefixes_owned},
          {"prefixes_done", r.prefixes_done},
          {"count", r.tally.count},
          {"kinds", r.tally.kinds},
          {"boards", r.tally.boards},
          {"listed", r.tally.listed},
          {"stats", stats_json(r.tally.stats)},
          {"search_complete", r.tally.complete},
          {"patterns_complete", r.tally.patterns_complete},
          {"pattern_keys", keys},
          {"solutions", solutions}};
}

// A complete board: [[label, rotation], ...], every tile once.
Solution parse_board(const json& j, size_t cells) {
  Solution board;
  for (std::uint16_t o : parse_tiles(j, cells, cells))
    board.cells.push_back(Placement{o / 4, o % 4});
  return board;
}

// A count, all or first job's figures.
void parse_tally(const json& j, JobResult& r) {
  const size_t cells = r.spec.puzzle.tiles.size();
  r.prefixes_owned = j.at("prefixes_owned").get<std::uint32_t>();
  r.prefixes_done = j.at("prefixes_done").get<std::vector<std::uint32_t>>();
  if (!std::is_sorted(r.prefixes_done.begin(), r.prefixes_done.end()) ||
      std::adjacent_find(r.prefixes_done.begin(), r.prefixes_done.end()) != r.prefixes_done.end() ||
      (!r.prefixes_done.empty() && r.prefixes_done.back() >= r.spec.prefix_count))
    throw Bad{"prefixes_done must ascend below " + std::to_string(r.spec.prefix_count)};
  r.tally.count = j.at("count").get<std::uint64_t>();
  r.tally.kinds = j.value("kinds", false);  // identical tiles searched once (solver_kinds)
  r.tally.boards = j.value("boards", std::uint64_t{0});
  r.tally.listed = j.value("listed", std::uint64_t{0});
  r.tally.stats = parse_stats(j.at("stats"), cells);
  r.tally.complete = j.at("search_complete").get<bool>();
  r.tally.patterns_complete = j.at("patterns_complete").get<bool>();
  if (!j.at("pattern_keys").is_null())
    for (const json& k : j.at("pattern_keys")) {
      std::string bytes;
      if (!bytes_of_hex(k.get<std::string>(), bytes)) throw Bad{"a pattern key is not hex"};
      r.tally.patterns.insert(std::move(bytes));
    }
  for (const json& s : j.at("solutions")) {
    PrefixTally::Found f;
    f.prefix = s.at("prefix").get<std::uint32_t>();
    f.index = s.at("index").get<std::uint32_t>();
    f.solution = parse_board(s.at("tiles"), cells);
    r.tally.solutions.push_back(std::move(f));
  }
}

// A best job's figures: its board (every tile once; merge checks the rest), score, work.
void parse_best_figures(const json& b, JobResult& r) {
  BestJobFigures& f = r.best;
  f.score = b.at("score").get<int>();
  f.board = parse_board(b.at("board").at("tiles"), r.spec.puzzle.tiles.size());
  f.nodes = b.at("nodes").get<std::uint64_t>();
  f.search_ms = b.at("search_ms").get<double>();
  f.runs = b.at("runs").get<int>();
  if (f.score < 0 || f.runs < 1 || !(f.search_ms >= 0)) throw Bad{"bad best-board figures"};
}

// Reads a JSON object, checks its format, version, tilewise version and checksum.
json read_checked(std::string_view text, const char* format) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw Bad{"not a JSON object"};
  if (!j.contains("format") || j["format"] != format)
    throw Bad{std::string("not a ") + format + " file"};
  if (j.at("format_version").get<int>() != kCampaignFormatVersion)
    throw Bad{"format version " + j["format_version"].dump() + ", this tilewise reads " +
              std::to_string(kCampaignFormatVersion)};
  if (j.at("tilewise").get<std::string>() != version())
    throw Bad{"made by tilewise " + j["tilewise"].get<std::string>() + ", this is " + version() +
              " (the search's figures may differ between versions)"};
  if (j.at("checksum").get<std::string>() != json_checksum(j))
    throw Bad{"checksum mismatch (the file was changed or cut short)"};
  if (j.at("campaign").get<std::string>() != campaign_id(parse_spec(j.at("spec"))))
    throw Bad{"campaign id does not match its spec"};
  return j;
}

template <class T, class Read>
Result<T> parse_guarded(std::string_view source, Read read) {
  try {
    return read();
  } catch (const Bad& bad) {
    return Error{std::string(source), bad.what};
  } catch (const json::exception& e) {
    return Error{std::string(source), std::string("malformed: ") + e.what()};
  }
}

}  // namespace

std::string json_checksum(const json& object) {
  json copy = object;
  copy.erase("checksum");
  return fnv1a64_hex(json_text(copy));
}

std::string campaign_id(const CampaignSpec& spec) {
  return fnv1a64_hex(json_text(spec_json(spec)));
}

json job_json(const CampaignJob& job) {
  json prefixes = json::array();
  for (size_t i = 0; i < job.prefixes.size(); ++i)
    prefixes.push_back({{"index", job.prefix_indices[i]}, {"tiles", tiles_json(job.prefixes[i])}});
  json j = {{"format", kJobFormat},
            {"format_version", kCampaignFormatVersion},
            {"tilewise", version()},
            {"campaign", campaign_id(job.spec)},
            {"spec", spec_json(job.spec)},
            {"job", job.index},
            {"estimated_work", job.estimated_work},
            {"prefixes", prefixes}};
  j["checksum"] = json_checksum(j);
  return j;
}

json job_result_json(const JobResult& r) {
  json j = {{"format", kResultFormat},        {"format_version", kCampaignFormatVersion},
            {"tilewise", version()},          {"campaign", campaign_id(r.spec)},
            {"spec", spec_json(r.spec)},      {"job", r.job},
            {"job_checksum", r.job_checksum}, {"finished", r.finished},
            {"wall_ms", r.wall_ms},           {"threads", r.threads}};
  if (r.spec.best) {
    j["best"] = {{"score", r.best.score},
                 {"board", solution_json(r.best.board)},
                 {"nodes", r.best.nodes},
                 {"search_ms", r.best.search_ms},
                 {"runs", r.best.runs}};
  } else {
    j.update(tally_json(r));
  }
  j["checksum"] = json_checksum(j);
  return j;
}

Result<CampaignJob> parse_job(std::string_view text, std::string_view source) {
  return parse_guarded<CampaignJob>(source, [&] {
    const json j = read_checked(text, kJobFormat);
    CampaignJob job;
    job.spec = parse_spec(j.at("spec"));
    job.index = j.at("job").get<int>();
    job.estimated_work = j.at("estimated_work").get<std::uint64_t>();
    if (job.index < 0 || job.index >= job.spec.jobs) throw Bad{"job number out of range"};
    for (const json& p : j.at("prefixes")) {
      const std::uint32_t k = p.at("index").get<std::uint32_t>();
      if (k >= job.spec.prefix_count ||
          (!job.prefix_indices.empty() && k <= job.prefix_indices.back()))
        throw Bad{"prefix indices must ascend below " + std::to_string(job.spec.prefix_count)};
      job.prefix_indices.push_back(k);
      job.prefixes.push_back(parse_tiles(p.at("tiles"), static_cast<size_t>(job.spec.cut_depth),
                                         job.spec.puzzle.tiles.size()));
    }
    return job;
  });
}

Result<JobResult> parse_job_result(std::string_view text, std::string_view source) {
  return parse_guarded<JobResult>(source, [&] {
    const json j = read_checked(text, kResultFormat);
    JobResult r;
    r.spec = parse_spec(j.at("spec"));
    r.job = j.at("job").get<int>();
    r.job_checksum = j.at("job_checksum").get<std::string>();
    r.finished = j.at("finished").get<bool>();
    r.wall_ms = j.at("wall_ms").get<double>();
    r.threads = j.at("threads").get<int>();
    if (r.spec.best)
      parse_best_figures(j.at("best"), r);
    else
      parse_tally(j, r);
    return r;
  });
}

}  // namespace tilewise
