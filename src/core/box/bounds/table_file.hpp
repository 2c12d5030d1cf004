// The bytes of the Puzzle Box's tables and the one format they are kept in (the pattern table,
// the 4x4 additive tables, the group tables of 5x5 and up): a header (the format's magic and
// version, its fields, bytes the file gives such as the 8-number table's offset, the FNV-1a
// checksum of the body), then the body.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "core/result.hpp"

namespace tilewise::box {

// A table's bytes: its own (built, or read), zeroed at first and in 2 MiB pages where the
// system gives them (every lookup of a large table is a cache miss, with 4 KiB pages a TLB
// miss too), or a read-only view of a kept file mapped into memory, shared by its copies.
class TableBytes {
 public:
  TableBytes() = default;
  explicit TableBytes(std::size_t size);
  TableBytes(std::shared_ptr<const void> owner, const std::uint8_t* data, std::size_t size)
      : owner_(std::move(owner)), data_(data), size_(size) {}
  const std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }
  const std::uint8_t& operator[](std::size_t i) const { return data_[i]; }
  std::uint8_t& at(std::size_t i) { return const_cast<std::uint8_t*>(data_)[i]; }  // own only
  // `size` bytes from `from` on, sharing these (the tables of one file).
  TableBytes part(std::size_t from, std::size_t size) const { return {owner_, data_ + from, size}; }

 private:
  std::shared_ptr<const void> owner_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

// A table of 4-bit entries (entry k: byte k / 2, bits 4 (k % 2)), as the pattern and additive
// tables keep them; `offset`: what an entry stands for above its value (pattern_db.hpp).
struct NibbleTable {
  TableBytes nibbles;
  int offset = 0;
  int at(std::size_t index) const { return nibbles[index / 2] >> (index % 2 * 4) & 15; }
  void set(std::size_t index, int value) {
    std::uint8_t& b = nibbles.at(index / 2);
    const auto shift = static_cast<int>(index % 2 * 4);
    b = static_cast<std::uint8_t>((b & ~(15 << shift)) | value << shift);
  }
};

// A table file's format: what its header begins with (magic, version, fields), the bytes after
// that the file gives, and the size of its body.
struct TableFormat {
  std::vector<std::uint8_t> head;
  std::size_t given = 0;
  std::size_t body = 0;
};

// A table file read back: the bytes the header gave and the body.
struct KeptTable {
  std::vector<std::uint8_t> given;
  TableBytes body;
};

// The file of a built table: the header, then `parts` one after the other.
std::vector<std::uint8_t> table_file_bytes(const TableFormat& format,
                                           const std::vector<std::uint8_t>& given,
                                           const std::vector<const TableBytes*>& parts);

// The table in `size` bytes at `bytes` (the browser's storage), copied and checked in full.
Result<KeptTable> table_from_bytes(const TableFormat& format, const std::uint8_t* bytes,
                                   std::size_t size);

// The table kept in `file`: mapped read-only when `map` and the system can (else read into
// memory of its own), its header and size checked. The body's checksum is taken in full once,
// then remembered in a stamp beside the file (file + ".stamp": size, modification time,
// checksum), so that later reads of the unchanged file check the header and the stamp only.
// An error names the file and what is wrong with it (missing, short, another table, damaged).
Result<KeptTable> table_from_file(const TableFormat& format, const std::filesystem::path& file,
                                  bool map);

}  // namespace tilewise::box
