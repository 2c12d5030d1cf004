#include "core/box/bounds/table_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <string>

#include "core/hash.hpp"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#define TILEWISE_TABLE_MMAP 1
#endif

namespace tilewise::box {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kChecksumBytes = 8;

// The checksum: the header's last bytes, little-endian.
std::uint64_t checksum_in(const std::uint8_t* header_end) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < kChecksumBytes; ++i) sum |= std::uint64_t{header_end[i]} << (8 * i);
  return sum;
}

}  // namespace

TableBytes::TableBytes(std::size_t size) : size_(size) {
  // Large tables in whole 2 MiB pages aligned to one, marked for huge pages (a refusal leaves
  // 4 KiB pages: only slower).
  const std::size_t bytes = size < kHugePage ? std::max<std::size_t>(size, 1)
                                             : (size + kHugePage - 1) / kHugePage * kHugePage;
  void* p = size < kHugePage ? std::malloc(bytes) : std::aligned_alloc(kHugePage, bytes);
  if (!p) throw std::bad_alloc();
#if defined(TILEWISE_TABLE_MMAP) && defined(MADV_HUGEPAGE)
  if (size >= kHugePage) madvise(p, bytes, MADV_HUGEPAGE);
#endif
  std::memset(p, 0, bytes);
  owner_ = std::shared_ptr<const void>(p, [](const void* q) { std::free(const_cast<void*>(q)); });
  data_ = static_cast<const std::uint8_t*>(p);
}

std::vector<std::uint8_t> table_file_bytes(const TableFormat& format,
                                           const std::vector<std::uint8_t>& given,
                                           const std::vector<const TableBytes*>& parts) {
  std::uint64_t sum = hash::kFnv1aStart;
  std::size_t body = 0;
  for (const TableBytes* p : parts) sum = hash::fnv1a(p->data(), p->size(), sum), body += p->size();
  std::vector<std::uint8_t> out = format.head;
  out.insert(out.end(), given.begin(), given.end());
  for (std::size_t i = 0; i < kChecksumBytes; ++i)
    out.push_back(static_cast<std::uint8_t>(sum >> (8 * i)));
  out.reserve(out.size() + body);
  for (const TableBytes* p : parts) out.insert(out.end(), p->data(), p->data() + p->size());
  return out;
}

Result<KeptTable> table_from_bytes(const TableFormat& format, const std::uint8_t* bytes,
                                   std::size_t size) {
  const std::size_t header = format.head.size() + format.given + kChecksumBytes;
  if (size != header + format.body) return Error{"table", "not the size of this table"};
  if (!std::equal(format.head.begin(), format.head.end(), bytes))
    return Error{"table", "another table (format, move set or numbers)"};
  if (hash::fnv1a(bytes + header, format.body) != checksum_in(bytes + header - kChecksumBytes))
    return Error{"table", "damaged (its checksum does not match)"};
  KeptTable kept{{bytes + format.head.size(), bytes + header - kChecksumBytes},
                 TableBytes(format.body)};
  std::copy(bytes + header, bytes + size, &kept.body.at(0));
  return kept;
}

Result<KeptTable> table_from_file(const TableFormat& format, const std::filesystem::path& file,
                                  bool map) {
  const auto fail = [&](const std::string& what) { return Error{file.string(), what}; };
  const std::size_t header = format.head.size() + format.given + kChecksumBytes;
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) return fail("cannot be read");
  if (size != header + format.body)
    return fail((size < header + format.body ? "short: " : "too long: ") + std::to_string(size) +
                " bytes, the table has " + std::to_string(header + format.body));
  std::vector<std::uint8_t> head(header);
  TableBytes body;
#ifdef TILEWISE_TABLE_MMAP
  if (map) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    void* p = fd < 0 ? MAP_FAILED : ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (fd >= 0) ::close(fd);
    if (p != MAP_FAILED) {
      const auto* at = static_cast<const std::uint8_t*>(p);
      std::copy(at, at + header, head.begin());
      body = TableBytes(std::shared_ptr<const void>(
                            p, [size](const void* q) { ::munmap(const_cast<void*>(q), size); }),
                        at + header, format.body);
    }
  }
#else
  (void)map;
#endif
  if (!body.data()) {
    std::ifstream in(file, std::ios::binary);
    body = TableBytes(format.body);
    in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(header));
    in.read(reinterpret_cast<char*>(&body.at(0)), static_cast<std::streamsize>(format.body));
    if (!in) return fail("cannot be read");
  }
  if (!std::equal(format.head.begin(), format.head.end(), head.begin()))
    return fail("another table (format, move set or numbers)");
  const std::uint64_t sum = checksum_in(head.data() + header - kChecksumBytes);
  const std::filesystem::path stamp = file.string() + ".stamp";
  std::string kept_stamp;
  std::getline(std::ifstream(stamp) >> std::ws, kept_stamp);
  // The stamp now: size, modification time, checksum (none when the time cannot be read).
  const auto time = std::filesystem::last_write_time(file, ec);
  const std::string now =
      ec ? ""
         : std::to_string(size) + " " +
               std::to_string(static_cast<long long>(time.time_since_epoch().count())) + " " +
               std::to_string(sum);
  if (now.empty() || kept_stamp != now) {
    if (hash::fnv1a(body.data(), body.size()) != sum)
      return fail("damaged: its checksum does not match");
    std::ofstream(stamp) << now << "\n";  // (a stamp that cannot be written: checked next time)
  }
  return KeptTable{{head.begin() + static_cast<std::ptrdiff_t>(format.head.size()),
                    head.end() - static_cast<std::ptrdiff_t>(kChecksumBytes)},
                   std::move(body)};
}

}  // namespace tilewise::box
