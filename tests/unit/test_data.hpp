// Paths of the project's own examples and of ../shared (optional benchmark puzzles: absent
// on a clean clone, where the tests that read it skip).
#pragma once

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
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tilewise::testing
