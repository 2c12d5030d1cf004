#include "cli/campaign_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/puzzle_file.hpp"

namespace tilewise::cli {
namespace {

std::string stem_of(const std::string& job_path) {
  const std::string ext = ".json";
  const bool json = job_path.size() > ext.size() &&
                    job_path.compare(job_path.size() - ext.size(), ext.size(), ext) == 0;
  return json ? job_path.substr(0, job_path.size() - ext.size()) : job_path;
}

template <class T, class Parse>
std::optional<T> read_checked(const std::string& path, Parse parse) {
  std::optional<std::string> text = read_text_file(path, kMaxCampaignFileBytes);
  if (!text) return std::nullopt;
  Result<T> value = parse(*text, path);
  if (!value) {
    std::cerr << "tilewise: " << value.error().to_string() << "\n";
    return std::nullopt;
  }
  return std::move(value.value());
}

}  // namespace

std::string result_path_for(const std::string& job_path) {
  return stem_of(job_path) + ".result.json";
}

std::string checkpoint_path_for(const std::string& job_path) {
  return stem_of(job_path) + ".checkpoint.json";
}

std::optional<CampaignJob> read_job_file(const std::string& path) {
  return read_checked<CampaignJob>(path, parse_job);
}

std::optional<JobResult> read_result_file(const std::string& path) {
  return read_checked<JobResult>(path, parse_job_result);
}

bool write_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      std::cerr << "tilewise: " << tmp << ": cannot write: " << std::strerror(errno) << "\n";
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::cerr << "tilewise: " << path << ": cannot rename into place: " << std::strerror(errno)
              << "\n";
    return false;
  }
  return true;
}

}  // namespace tilewise::cli
