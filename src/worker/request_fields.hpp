// Reading optional fields of a worker request without exceptions: a field of the wrong
// type is one clear "error" event (nlohmann's value()/get() would throw, which aborts the
// wasm worker, built without exception support).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace tilewise::worker {

inline bool field_has_type(const nlohmann::json& v, const std::string&) {
  return v.is_string();
}
inline bool field_has_type(const nlohmann::json& v, long long) {
  return v.is_number_integer();
}
inline bool field_has_type(const nlohmann::json& v, std::uint64_t) {
  return v.is_number_unsigned() || (v.is_number_integer() && v.get<long long>() >= 0);
}
inline const char* field_type_name(const std::string&) {
  return "a string";
}
inline const char* field_type_name(long long) {
  return "an integer";
}
inline const char* field_type_name(std::uint64_t) {
  return "a non-negative integer";
}

// Leaves `out` as it is when the field is absent; false plus an "error" event when the
// field is present with another type.
template <class T>
bool read_field(const nlohmann::json& request, const char* key, T& out, nlohmann::json& events) {
  const auto it = request.find(key);
  if (it == request.end()) return true;
  if (!field_has_type(*it, out)) {
    events.push_back(
        {{"type", "error"},
         {"message", std::string("request field '") + key + "' must be " + field_type_name(out)}});
    return false;
  }
  out = it->template get<T>();
  return true;
}

}  // namespace tilewise::worker
