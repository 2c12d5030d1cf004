#include "core/box/bounds/packed_bound.hpp"

#include "core/box/bounds/pattern_rank.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TILEWISE_VECTOR_RANKS 1
#endif

namespace tilewise::box {
namespace {

using Pair = PackedBound::Pair;

// Lookup `half` (0 or 1) of `pair`: `tiles` numbers (board numbers `number`), cells mapped by
// `cell`. A lookup of k numbers ranks to sum_j d_j W_j with W_j = (16-j-1)...(16-k+1); its
// digits are summed in pairs (byte weights), the pairs in pairs (word weights), and the two
// results weighted (dword weights) and added.
void set_term(Pair& pair, int half, const std::uint8_t* number, int tiles,
              const std::uint8_t* cell) {
  for (int j = 0; j < tiles; ++j) pair.numbers[8 * half + j] = number[j];
  std::copy_n(cell, 16, (half == 0 ? pair.cell0 : pair.cell1).begin());
  std::array<std::uint32_t, 9> w{};  // W_j
  for (int j = 0; j < tiles; ++j) {
    w[j] = 1;
    for (int i = j + 1; i < tiles; ++i) w[j] *= static_cast<std::uint32_t>(16 - i);
  }
  std::array<std::uint32_t, 4> v{};  // each digit pair's weight
  for (int i = 0; i < 4; ++i) {
    std::int8_t a = 0, b = 0;
    if (2 * i + 1 < tiles) {
      a = static_cast<std::int8_t>(16 - (2 * i + 1)), b = 1, v[i] = w[2 * i + 1];
    } else if (2 * i < tiles) {
      a = 1, v[i] = w[2 * i];
    }
    pair.byte_weights[8 * half + 2 * i] = a, pair.byte_weights[8 * half + 2 * i + 1] = b;
  }
  for (int q = 0; q < 2; ++q) {
    std::int16_t a = 0, b = 0;
    std::uint32_t u = 0;
    if (v[2 * q + 1] != 0) {
      a = static_cast<std::int16_t>(v[2 * q] / v[2 * q + 1]), b = 1, u = v[2 * q + 1];
    } else if (v[2 * q] != 0) {
      a = 1, u = v[2 * q];
    }
    pair.word_weights[4 * half + 2 * q] = a, pair.word_weights[4 * half + 2 * q + 1] = b;
    pair.dword_weights[2 * half + q] = static_cast<std::int32_t>(u);
  }
}

#ifdef TILEWISE_VECTOR_RANKS
// Each function below may use SSE4.1 (GCC and Clang): only called once the processor was seen
// to have it (PackedBound's constructor, vector_rank).
#define TILEWISE_SSE41 __attribute__((target("sse4.1")))

TILEWISE_SSE41 __m128i load(const void* p) {
  return _mm_load_si128(static_cast<const __m128i*>(p));
}

// The 16 cells' numbers of a packed board as bytes.
TILEWISE_SSE41 __m128i board_bytes(Packed b) {
  const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(b));
  const __m128i low = _mm_set1_epi8(15);
  return _mm_unpacklo_epi8(_mm_and_si128(x, low), _mm_and_si128(_mm_srli_epi16(x, 4), low));
}

// The cell of each number (the inverse board) as bytes, made packed in a register (bytes
// stored one by one then loaded as one wait for the stores: 9 % of the count's time with
// cw+ccw).
TILEWISE_SSE41 __m128i where_bytes(Packed b) {
  Packed where = 0;
  for (int c = 0; c < 16; ++c)
    where |= Packed{static_cast<std::uint64_t>(c)} << 4 * (b >> 4 * c & 15);
  return board_bytes(where);
}

// The indices of a pair's two terms read from `from` (number -> cell), into index[0..1].
TILEWISE_SSE41 void rank_pair(__m128i from, const Pair& p, std::uint32_t* index) {
  const __m128i cells = _mm_shuffle_epi8(from, load(p.numbers.data()));
  const __m128i c = _mm_blend_epi16(_mm_shuffle_epi8(load(p.cell0.data()), cells),
                                    _mm_shuffle_epi8(load(p.cell1.data()), cells), 0xF0);
  __m128i below = _mm_setzero_si128();  // lane j: the earlier cells of its term below its cell
  for (int k = 0; k < 7; ++k) {
    const __m128i kth =
        _mm_shuffle_epi8(c, _mm_unpacklo_epi64(_mm_set1_epi8(static_cast<char>(k)),
                                               _mm_set1_epi8(static_cast<char>(8 + k))));
    const __m128i after = _mm_set1_epi64x(static_cast<long long>(~std::uint64_t{0} << 8 * (k + 1)));
    below = _mm_sub_epi8(below, _mm_and_si128(_mm_cmpgt_epi8(c, kth), after));
  }
  const __m128i digits = _mm_sub_epi8(c, below);
  const __m128i pairs = _mm_maddubs_epi16(digits, load(p.byte_weights.data()));
  const __m128i quads = _mm_madd_epi16(pairs, load(p.word_weights.data()));
  const __m128i both = _mm_hadd_epi32(_mm_mullo_epi32(quads, load(p.dword_weights.data())), quads);
  index[0] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(both));
  index[1] = static_cast<std::uint32_t>(_mm_extract_epi32(both, 1));
}

// The board's sum of its numbers' steps home.
TILEWISE_SSE41 int steps_sum(Packed b) {
  const __m128i n = board_bytes(b);
  const __m128i three = _mm_set1_epi8(3);
  const __m128i rows = _mm_and_si128(_mm_srli_epi16(n, 2), three), cols = _mm_and_si128(n, three);
  const __m128i sum = _mm_add_epi64(
      _mm_sad_epu8(rows, _mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)),
      _mm_sad_epu8(cols, _mm_setr_epi8(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3)));
  return _mm_cvtsi128_si32(sum) + _mm_extract_epi32(sum, 2);
}

// The indices of `count` pairs (the board's bytes and its inverse made once, only if asked),
// their bytes prefetched.
TILEWISE_SSE41 void vector_pairs(Packed b, const Pair* pairs, int count, std::uint32_t* index) {
  __m128i board = _mm_setzero_si128(), where = board;
  if (pairs[0].reads_board) board = board_bytes(b);
  if (!pairs[count - 1].reads_board) where = where_bytes(b);
  for (int p = 0; p < count; ++p) {
    std::uint32_t* at = index + 2 * p;
    rank_pair(pairs[p].reads_board ? board : where, pairs[p], at);
    __builtin_prefetch(pairs[p].nibbles[0] + at[0] / 2);
    if (pairs[p].nibbles[1]) __builtin_prefetch(pairs[p].nibbles[1] + at[1] / 2);
  }
}

#undef TILEWISE_SSE41
#endif

// Whether to rank with the shuffles: `asked` and the processor has them.
bool use_shuffles(bool asked) {
#ifdef TILEWISE_VECTOR_RANKS
  return asked && __builtin_cpu_supports("sse4.1");
#else
  (void)asked;
  return false;
#endif
}

}  // namespace

PackedBound::PackedBound(const AdditiveBound& bound, MoveSet moves, bool vector)
    : bound_(bound),
      moves_(moves),
      per_image_((bound.terms() + 1) / 2),
      vector_(use_shuffles(vector)) {
  int k = 0;  // the lookups of the group so far: two by two, each group read alike
  const auto add = [&](int image, int term) {
    const int half = k++ % 2;
    if (half == 0) pairs_.emplace_back().reads_board = bound.reads_board(image);
    const pattern::LookupView& v = bound.term(image, term);
    pairs_.back().image[half] = image, pairs_.back().nibbles[half] = v.nibbles;
    set_term(pairs_.back(), half, v.number.data(), v.tiles, v.cell.data());
  };
  if (bound.offset() >= 0) {  // a pattern table: its images, those that read the board first
    for (const bool board : {true, false}) {
      k = 0;
      for (int i = 0; i < bound.images(); ++i)
        if (bound.reads_board(i) == board) add(i, 0);
    }
  } else {  // an additive bound: each image's terms
    for (int i = 0; i < bound.images(); ++i, k = 0)
      for (int t = 0; t < bound.terms(); ++t) add(i, t);
  }
}

void PackedBound::pair_indices(Packed b, int first, int last, std::uint32_t* index) const {
#ifdef TILEWISE_VECTOR_RANKS
  if (vector_)
    return vector_pairs(b, &pairs_[static_cast<std::size_t>(first)], last - first, index);
#endif
  std::array<std::uint8_t, 16> board;
  unpack(b, 16, board.data());
  if (bound_.offset() < 0) return bound_.first_indices(board.data(), first / per_image_, index);
  for (int p = first; p < last; ++p)  // (a pattern table: an image a lookup)
    for (int j = 0; j < 2 && pairs_[static_cast<std::size_t>(p)].nibbles[j]; ++j)
      bound_.first_indices(board.data(), pairs_[static_cast<std::size_t>(p)].image[j],
                           index + 2 * (p - first) + j);
}

int PackedBound::moves(Packed b, int excess) const {
#ifdef TILEWISE_VECTOR_RANKS
  if (vector_ && moves_ != MoveSet::kBothDirectionsAndHalf)
    return (steps_sum(b) + excess_step(moves_) * excess + 3) / 4;
#endif
  std::array<std::uint8_t, 16> board;
  unpack(b, 16, board.data());
  return bound_.moves_of(board.data(), excess);
}

std::uint32_t vector_rank(const std::uint8_t* cells, int tiles) {
#ifdef TILEWISE_VECTOR_RANKS
  if (__builtin_cpu_supports("sse4.1")) {
    std::array<std::uint8_t, 16> same{};  // the numbers 0, ..., tiles - 1, cells as they are
    for (int c = 0; c < 16; ++c) same[c] = static_cast<std::uint8_t>(c);
    Pair pair;
    set_term(pair, 0, same.data(), tiles, same.data());
    alignas(16) std::array<std::uint8_t, 16> from{};
    std::copy(cells, cells + tiles, from.begin());
    std::array<std::uint32_t, 2> index;
    rank_pair(_mm_load_si128(reinterpret_cast<const __m128i*>(from.data())), pair, index.data());
    return index[0];
  }
#endif
  return pattern::rank(cells, tiles);
}

}  // namespace tilewise::box
