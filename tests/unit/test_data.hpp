// Paths of the project's own examples and of ../shared (optional benchmark puzzles: absent
// on a clean clone, where the tests that read it skip).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tilewise::testing {

inline std::string source_path(const std::string& rel) {
  return std::string(TILEWISE_SOURCE_DIR) + "/" + rel;
}
inline std::string shared_path(const std::string& rel) {
  return std::string(TILEWISE_SHARED_DIR) + "/" + rel;
}
inline bool exists(const std::string& path) {
  return std::filesystem::exists(path);
}
// An optional part left out because MISSING (under ../shared) is absent: the line "WHAT (no
// MISSING)", also appended to the file $TILEWISE_SKIPPED_LOG names (scripts/test.sh lists them
// at its end). Returns the line, for GTEST_SKIP() or a print.
inline std::string note_skipped(const std::string& what, const std::string& missing) {
  const std::string line = what + " (no " + missing + ")";
  if (const char* log = std::getenv("TILEWISE_SKIPPED_LOG"); log && *log)
    std::ofstream(log, std::ios::app) << line + "\n" << std::flush;
  return line;
}
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tilewise::testing
