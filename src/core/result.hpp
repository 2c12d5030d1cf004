// Error reporting for the platform-free core: no exceptions cross the core's API
// (the WebAssembly builds run without exception support).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tilewise {

// One clear error: where it happened (file:line, link offset, argument name...)
// and what is wrong, phrased for the user.
struct Error {
  std::string where;  // e.g. "dogs.txt:7" or "link" or "board"; may be empty
  std::string what;   // e.g. "unknown side 'HEAD-PINK': expected HEAD-<COLOUR> or TAIL-<COLOUR>"

  std::string to_string() const { return where.empty() ? what : where + ": " + what; }
};

// Either a value or an Error.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace tilewise
