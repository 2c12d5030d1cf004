#include "core/link/codec.hpp"

#include <algorithm>
#include <cstdint>

#include "core/box/model/board.hpp"
#include "core/edge/model/validate.hpp"

namespace tilewise {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr size_t kMaxLinkChars = 16384;

std::uint16_t crc16(const std::vector<std::uint8_t>& bytes) {  // CRC-16/CCITT-FALSE
  std::uint16_t crc = 0xffff;
  for (std::uint8_t b : bytes) {
    crc ^= static_cast<std::uint16_t>(b << 8);
    for (int k = 0; k < 8; ++k)
      crc = (crc & 0x8000) ? static_cast<std::uint16_t>((crc << 1) ^ 0x1021)
                           : static_cast<std::uint16_t>(crc << 1);
  }
  return crc;
}

class BitWriter {
 public:
  void put(std::uint32_t value, int bits) {
    for (int k = bits - 1; k >= 0; --k) {
      if (used_ % 8 == 0) bytes_.push_back(0);
      if ((value >> k) & 1) bytes_.back() |= static_cast<std::uint8_t>(0x80 >> (used_ % 8));
      ++used_;
    }
  }
  void text(const std::string& s) {  // up to 63 bytes, 8 bits each
    const size_t n = std::min<size_t>(s.size(), 63);
    put(static_cast<std::uint32_t>(n), 6);
    for (size_t i = 0; i < n; ++i) put(static_cast<std::uint8_t>(s[i]), 8);
  }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
  size_t used_ = 0;
};

class BitReader {
 public:
  explicit BitReader(const std::vector<std::uint8_t>& b) : bytes_(b) {}
  bool get(int bits, std::uint32_t& out) {
    out = 0;
    for (int k = 0; k < bits; ++k) {
      if (pos_ >= bytes_.size() * 8) return false;
      out = (out << 1) | ((bytes_[pos_ / 8] >> (7 - pos_ % 8)) & 1);
      ++pos_;
    }
    return true;
  }
  bool text(std::string& s) {
    std::uint32_t n = 0, c = 0;
    if (!get(6, n)) return false;
    s.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!get(8, c)) return false;
      s.push_back(static_cast<char>(c));
    }
    return true;
  }

 private:
  const std::vector<std::uint8_t>& bytes_;
  size_t pos_ = 0;
};

int bits_for(std::uint32_t max_value) {  // bits to write 0..max_value
  int b = 0;
  while ((1u << b) <= max_value) ++b;
  return std::max(b, 1);
}

// Tile names follow one of three common schemes, or are written out (scheme 3).
std::string scheme_name(int scheme, size_t i) {
  if (scheme == 0) return std::to_string(i + 1);
  if (scheme == 1) return std::to_string(i);
  return std::string(1, static_cast<char>('A' + i));
}

int name_scheme(const EdgePuzzle& p) {
  for (int scheme = 0; scheme < 3; ++scheme) {
    if (scheme == 2 && p.tiles.size() > 26) break;
    bool all = true;
    for (size_t i = 0; i < p.tiles.size() && all; ++i)
      all = p.tiles[i].name == scheme_name(scheme, i);
    if (all) return scheme;
  }
  return 3;
}

void write_edge(BitWriter& w, const EdgeShare& s) {
  const EdgePuzzle& p = s.puzzle;
  w.put(0, 2);  // kind: edge-matching
  w.put(static_cast<std::uint32_t>(p.rows - 1), 4);
  w.put(static_cast<std::uint32_t>(p.cols - 1), 4);
  w.put(p.rule == MatchRule::kEqual, 1);
  w.put(p.border == BorderRule::kFrame0, 1);
  const int scheme = name_scheme(p);
  w.put(static_cast<std::uint32_t>(scheme), 2);
  w.put(!p.name.empty(), 1);
  w.put(!p.motif_names.empty(), 1);
  w.put(!s.arrangement.empty(), 1);
  int side_bits = 0;
  if (p.rule == MatchRule::kComplement) {
    int motifs = 1;
    for (const Tile& t : p.tiles)
      for (Side v : t.sides) motifs = std::max(motifs, v < 0 ? -v : v);
    w.put(static_cast<std::uint32_t>(motifs - 1), 5);
    side_bits = bits_for(static_cast<std::uint32_t>(motifs - 1));
    for (const Tile& t : p.tiles)
      for (Side v : t.sides) {
        w.put(static_cast<std::uint32_t>((v < 0 ? -v : v) - 1), side_bits);
        w.put(v < 0, 1);
      }
  } else {
    int colours = 0;
    for (const Tile& t : p.tiles)
      for (Side v : t.sides) colours = std::max(colours, v);
    w.put(static_cast<std::uint32_t>(colours), 10);
    side_bits = bits_for(static_cast<std::uint32_t>(colours));
    for (const Tile& t : p.tiles)
      for (Side v : t.sides) w.put(static_cast<std::uint32_t>(v), side_bits);
  }
  const int n = p.rows * p.cols;
  const int index_bits = bits_for(static_cast<std::uint32_t>(n));  // n = "empty"
  w.put(static_cast<std::uint32_t>(p.fixed.size()), 9);
  for (const FixedTile& f : p.fixed) {
    w.put(static_cast<std::uint32_t>(f.row * p.cols + f.col), index_bits);
    w.put(static_cast<std::uint32_t>(f.tile), index_bits);
    w.put(static_cast<std::uint32_t>(f.rotation), 2);
  }
  if (!s.arrangement.empty()) {
    for (const Placement& c : s.arrangement) {
      w.put(static_cast<std::uint32_t>(c.tile < 0 ? n : c.tile), index_bits);
      w.put(static_cast<std::uint32_t>(c.tile < 0 ? 0 : c.rotation), 2);
    }
  }
  if (scheme == 3)
    for (const Tile& t : p.tiles) w.text(t.name);
  if (!p.name.empty()) w.text(p.name);
  if (!p.motif_names.empty()) {
    w.put(static_cast<std::uint32_t>(std::min<size_t>(p.motif_names.size(), 63)), 6);
    for (size_t i = 0; i < p.motif_names.size() && i < 63; ++i) w.text(p.motif_names[i]);
  }
}

void write_box(BitWriter& w, const BoxShare& s) {
  const box::BoxPuzzle& p = s.puzzle;
  w.put(1, 2);  // kind: puzzle box
  w.put(static_cast<std::uint32_t>(p.size - box::kMinSize), 3);
  w.put(static_cast<std::uint32_t>(p.moves), 2);
  const int bits = bits_for(static_cast<std::uint32_t>(p.size * p.size - 1));
  for (int v : p.start) w.put(static_cast<std::uint32_t>(v - 1), bits);
  for (int v : p.target) w.put(static_cast<std::uint32_t>(v - 1), bits);
}

Error bad(std::string what) {
  return Error{"link", std::move(what)};
}
const char* kTruncated = "the link is cut short: copy the whole link";

Result<SharedPuzzle> read_edge(BitReader& r) {
  EdgeShare s;
  EdgePuzzle& p = s.puzzle;
  std::uint32_t v = 0, rows = 0, cols = 0, equal = 0, frame = 0, scheme = 0, title = 0, motif = 0,
                arranged = 0;
  if (!r.get(4, rows) || !r.get(4, cols) || !r.get(1, equal) || !r.get(1, frame) ||
      !r.get(2, scheme) || !r.get(1, title) || !r.get(1, motif) || !r.get(1, arranged))
    return bad(kTruncated);
  p.rows = static_cast<int>(rows) + 1;
  p.cols = static_cast<int>(cols) + 1;
  p.rule = equal ? MatchRule::kEqual : MatchRule::kComplement;
  p.border = frame ? BorderRule::kFrame0 : BorderRule::kFree;
  const int n = p.rows * p.cols;
  p.tiles.resize(n);
  if (scheme == 2 && n > 26) return bad("the tile names in it are not valid");
  for (int i = 0; i < n; ++i)
    p.tiles[i].name = scheme == 3 ? "" : scheme_name(static_cast<int>(scheme), i);
  if (p.rule == MatchRule::kComplement) {
    if (!r.get(5, v)) return bad(kTruncated);
    const int side_bits = bits_for(v);
    for (Tile& t : p.tiles)
      for (Side& side : t.sides) {
        std::uint32_t m = 0, neg = 0;
        if (!r.get(side_bits, m) || !r.get(1, neg)) return bad(kTruncated);
        side = neg ? -static_cast<int>(m + 1) : static_cast<int>(m + 1);
      }
  } else {
    if (!r.get(10, v)) return bad(kTruncated);
    const int side_bits = bits_for(v);
    for (Tile& t : p.tiles)
      for (Side& side : t.sides) {
        std::uint32_t c = 0;
        if (!r.get(side_bits, c)) return bad(kTruncated);
        side = static_cast<int>(c);
      }
  }
  const int index_bits = bits_for(static_cast<std::uint32_t>(n));
  std::uint32_t fixed = 0;
  if (!r.get(9, fixed)) return bad(kTruncated);
  if (fixed > static_cast<std::uint32_t>(n)) return bad("more fixed tiles than cells");
  for (std::uint32_t k = 0; k < fixed; ++k) {
    std::uint32_t cell = 0, tile = 0, rot = 0;
    if (!r.get(index_bits, cell) || !r.get(index_bits, tile) || !r.get(2, rot))
      return bad(kTruncated);
    if (cell >= static_cast<std::uint32_t>(n) || tile >= static_cast<std::uint32_t>(n))
      return bad("a fixed tile lies outside the board");
    p.fixed.push_back(FixedTile{static_cast<int>(cell) / p.cols, static_cast<int>(cell) % p.cols,
                                static_cast<int>(tile), static_cast<int>(rot)});
  }
  if (arranged) {
    std::vector<bool> seen(n, false);
    for (int c = 0; c < n; ++c) {
      std::uint32_t tile = 0, rot = 0;
      if (!r.get(index_bits, tile) || !r.get(2, rot)) return bad(kTruncated);
      if (tile > static_cast<std::uint32_t>(n))
        return bad("the board arrangement names a tile that does not exist");
      if (tile < static_cast<std::uint32_t>(n)) {
        if (seen[tile]) return bad("the board arrangement places a tile twice");
        seen[tile] = true;
      }
      s.arrangement.push_back(tile == static_cast<std::uint32_t>(n)
                                  ? Placement{}
                                  : Placement{static_cast<int>(tile), static_cast<int>(rot)});
    }
  }
  if (scheme == 3) {
    std::vector<std::string> seen;
    for (Tile& t : p.tiles) {
      if (!r.text(t.name)) return bad(kTruncated);
      const bool visible = !t.name.empty() && std::all_of(t.name.begin(), t.name.end(), [](char c) {
        return static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != '#';
      });
      if (!visible || std::find(seen.begin(), seen.end(), t.name) != seen.end())
        return bad("the tile names in it are not valid (empty, repeated or with spaces)");
      seen.push_back(t.name);
    }
  }
  if (title && !r.text(p.name)) return bad(kTruncated);
  if (motif) {
    std::uint32_t count = 0;
    if (!r.get(6, count)) return bad(kTruncated);
    p.motif_names.resize(count);
    for (auto& m : p.motif_names)
      if (!r.text(m)) return bad(kTruncated);
  }
  Result<bool> valid = validate_puzzle(p);
  if (!valid) return bad("the puzzle in it is not valid: " + valid.error().what);
  return SharedPuzzle{std::move(s)};
}

Result<SharedPuzzle> read_box(BitReader& r) {
  BoxShare s;
  std::uint32_t size = 0, moves = 0;
  if (!r.get(3, size) || !r.get(2, moves)) return bad(kTruncated);
  s.puzzle.size = static_cast<int>(size) + box::kMinSize;
  if (s.puzzle.size > box::kMaxPageSize || moves > 2)
    return bad("unknown Puzzle Box size or move set");
  s.puzzle.moves = static_cast<box::MoveSet>(moves);
  const int n = s.puzzle.size * s.puzzle.size;
  const int bits = bits_for(static_cast<std::uint32_t>(n - 1));
  for (auto* board : {&s.puzzle.start, &s.puzzle.target}) {
    std::vector<bool> seen(n, false);
    for (int i = 0; i < n; ++i) {
      std::uint32_t v = 0;
      if (!r.get(bits, v)) return bad(kTruncated);
      if (v >= static_cast<std::uint32_t>(n) || seen[v])
        return bad("the Puzzle Box board in it is not a valid board");
      seen[v] = true;
      board->push_back(static_cast<int>(v) + 1);
    }
  }
  return SharedPuzzle{std::move(s)};
}

}  // namespace

std::string frame_link_payload(const std::vector<std::uint8_t>& payload) {
  std::vector<std::uint8_t> all = {static_cast<std::uint8_t>(kLinkVersion),
                                   static_cast<std::uint8_t>(payload.size() >> 8),
                                   static_cast<std::uint8_t>(payload.size() & 0xff)};
  all.insert(all.end(), payload.begin(), payload.end());
  const std::uint16_t crc = crc16(all);
  all.push_back(static_cast<std::uint8_t>(crc >> 8));
  all.push_back(static_cast<std::uint8_t>(crc & 0xff));
  std::string out;
  for (size_t i = 0; i < all.size(); i += 3) {
    std::uint32_t chunk = static_cast<std::uint32_t>(all[i]) << 16;
    if (i + 1 < all.size()) chunk |= static_cast<std::uint32_t>(all[i + 1]) << 8;
    if (i + 2 < all.size()) chunk |= all[i + 2];
    const size_t chars = i + 2 < all.size() ? 4 : i + 1 < all.size() ? 3 : 2;
    for (size_t k = 0; k < chars; ++k) out.push_back(kAlphabet[(chunk >> (18 - 6 * k)) & 63]);
  }
  return out;
}

std::string encode_link(const SharedPuzzle& shared) {
  BitWriter w;
  if (const auto* e = std::get_if<EdgeShare>(&shared))
    write_edge(w, *e);
  else
    write_box(w, std::get<BoxShare>(shared));
  return frame_link_payload(w.bytes());
}

Result<SharedPuzzle> decode_link(std::string_view link) {
  const size_t hash = link.find('#');
  if (hash != std::string_view::npos) link = link.substr(hash + 1);
  if (link.empty()) return bad("the link holds no puzzle (nothing after '#')");
  if (link.size() > kMaxLinkChars) return bad("the link is too long to be a Tilewise puzzle");
  std::vector<std::uint8_t> bytes;
  std::uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < link.size(); ++i) {
    const char* at = std::find(kAlphabet, kAlphabet + 64, link[i]);
    if (at == kAlphabet + 64 || link[i] == '\0')
      return bad("not a Tilewise link: character " + std::to_string(i + 1) +
                 " is not in the link alphabet (A-Z a-z 0-9 - _)");
    acc = (acc << 6) | static_cast<std::uint32_t>(at - kAlphabet);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<std::uint8_t>((acc >> bits) & 0xff));
    }
  }
  if (bytes.size() < 5) return bad(kTruncated);
  if (bytes[0] != kLinkVersion) {
    if (bytes[0] > kLinkVersion)
      return bad("made by a newer Tilewise (link format " + std::to_string(bytes[0]) +
                 "; this version reads format " + std::to_string(kLinkVersion) +
                 "): please update");
    return bad("not a Tilewise link (unknown format " + std::to_string(bytes[0]) + ")");
  }
  const size_t length = (static_cast<size_t>(bytes[1]) << 8) | bytes[2];
  if (bytes.size() < length + 5) return bad(kTruncated);
  if (bytes.size() > length + 5) return bad("the link has extra characters at its end");
  // encode_link ends on whole bytes: 6 leftover bits are an extra character, and unused
  // bits of the last character are zero (else two texts would decode as one link).
  if (bits >= 6) return bad("the link has extra characters at its end");
  if ((acc & ((1u << bits) - 1)) != 0)
    return bad("the link was altered or damaged (checksum mismatch)");
  const std::uint16_t stored =
      static_cast<std::uint16_t>((bytes[length + 3] << 8) | bytes[length + 4]);
  bytes.resize(length + 3);
  if (crc16(bytes) != stored) return bad("the link was altered or damaged (checksum mismatch)");
  std::vector<std::uint8_t> payload(bytes.begin() + 3, bytes.end());
  BitReader r(payload);
  std::uint32_t kind = 0;
  if (!r.get(2, kind)) return bad(kTruncated);
  if (kind == 0) return read_edge(r);
  if (kind == 1) return read_box(r);
  return bad("unknown kind of puzzle in the link");
}

}  // namespace tilewise
