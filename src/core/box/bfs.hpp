// A breadth-first search over states numbered 0..states-1 that can stop and go on later:
// the Puzzle Box table builders run it to the end natively and in slices in the browser
// worker (which must answer messages between slices).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace tilewise::box {

class ResumableBfs {
 public:
  static constexpr std::uint8_t kUnseen = 0xff;

  ResumableBfs(std::uint32_t states, std::uint32_t start) : dist_(states, kUnseen) {
    dist_[start] = 0;
    queue_.push_back(start);
  }

  // Expands up to `max_states` states; `neighbours(state, visit)` calls visit(next) for
  // each state one step away. True when the search is over.
  template <class Neighbours>
  bool run(std::uint64_t max_states, Neighbours&& neighbours) {
    for (; max_states > 0 && head_ < queue_.size(); --max_states, ++head_) {
      const std::uint32_t s = queue_[head_];
      const auto d = static_cast<std::uint8_t>(dist_[s] + 1);
      neighbours(s, [&](std::uint32_t next) {
        if (dist_[next] == kUnseen) {
          dist_[next] = d;
          queue_.push_back(next);
        }
      });
    }
    return done();
  }

  bool done() const { return head_ == queue_.size(); }
  std::uint64_t expanded() const { return head_; }
  // The distances (kUnseen = unreachable); the search is spent afterwards.
  std::vector<std::uint8_t> take() {
    queue_ = {};
    return std::move(dist_);
  }

 private:
  std::vector<std::uint8_t> dist_;
  std::vector<std::uint32_t> queue_;
  std::size_t head_ = 0;
};

}  // namespace tilewise::box
