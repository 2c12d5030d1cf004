// Ctrl-C for long sub-commands: while an InterruptWatch lives, SIGINT only raises a flag
// that the search polls, so the command can still print what it has.
#pragma once

#include <atomic>
#include <csignal>

namespace tilewise::cli {

class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
  const std::atomic<bool>* flag() const;
  bool interrupted() const { return flag()->load(); }

 private:
  void (*previous_)(int);
};

}  // namespace tilewise::cli
