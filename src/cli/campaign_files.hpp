// Campaign files as the sub-commands split, job, merge and status use them: JOB.json has its
// result next to it in JOB.result.json and its checkpoint in JOB.checkpoint.json.
#pragma once

#include <optional>
#include <string>

#include "core/edge/campaign/campaign.hpp"

namespace tilewise::cli {

inline constexpr std::size_t kMaxCampaignFileBytes = std::size_t{1} << 30;

// JOB.json -> JOB.result.json / JOB.checkpoint.json.
std::string result_path_for(const std::string& job_path);
std::string checkpoint_path_for(const std::string& job_path);

// Read and check a file; print one error line and return nothing when it is bad.
std::optional<CampaignJob> read_job_file(const std::string& path);
std::optional<JobResult> read_result_file(const std::string& path);

// Writes FILE.tmp then renames it over FILE, so a kill never leaves half a file. False (and
// an error printed) when it cannot.
bool write_file_atomically(const std::string& path, const std::string& text);

}  // namespace tilewise::cli
