#include "core/box/bounds/packed_bound.hpp"

#include <array>

#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/bounds/pattern_rank.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TILEWISE_VECTOR_RANKS 1
#endif

namespace tilewise::box {

// Two terms of an image (the second empty when an image has an odd number): lanes 0..7 hold
// the first term's numbers, 8..15 the second's (unused lanes 0x80: a shuffle gives 0 there,
// weighted 0). A term of k numbers ranks to sum_j d_j W_j with W_j = (16-j-1)...(16-k+1);
// its digits are summed in pairs (byte weights), the pairs in pairs (word weights), and the
// two results weighted (dword weights) and added.
struct RankPair {
  alignas(16) std::array<std::uint8_t, 16> numbers;
  alignas(16) std::array<std::uint8_t, 16> cell0, cell1;
  alignas(16) std::array<std::int8_t, 16> byte_weights;
  alignas(16) std::array<std::int16_t, 8> word_weights;
  alignas(16) std::array<std::int32_t, 4> dword_weights;
};

namespace {

// A pair with no term: every lane unused, every weight 0.
RankPair empty_pair() {
  RankPair p{};
  p.numbers.fill(0x80);
  return p;
}

// Term `half` (0 or 1) of `pair`: `tiles` numbers (board numbers `number`), cells mapped by `cell`.
void set_term(RankPair& pair, int half, const std::uint8_t* number, int tiles,
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
TILEWISE_SSE41 void rank_pair(__m128i from, const RankPair& p, std::uint32_t* index) {
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

// rank_pair of `from` given as 16 bytes (vector_rank's).
TILEWISE_SSE41 void vector_rank_of(const std::uint8_t* from, const RankPair& pair,
                                   std::uint32_t* index) {
  rank_pair(load(from), pair, index);
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

// `count` pairs of lookups (pair p's first lookup `first[p]`, `size[p]` of them, reading the
// board or its inverse: `reads_board[p]`, the board's first), two indices a pair, their bytes
// prefetched: the board's bytes and its inverse made once, only if asked.
TILEWISE_SSE41 void vector_pairs(Packed b, const RankPair* pairs, const std::size_t* first,
                                 const std::size_t* size, const char* reads_board,
                                 const std::uint8_t* const* nibbles, int count,
                                 std::uint32_t* index) {
  __m128i board = _mm_setzero_si128(), where = board;
  if (reads_board[0]) board = board_bytes(b);
  if (!reads_board[count - 1]) where = where_bytes(b);
  for (int p = 0; p < count; ++p) {
    std::uint32_t* at = index + 2 * p;
    rank_pair(reads_board[p] ? board : where, pairs[p], at);
    __builtin_prefetch(nibbles[first[p]] + at[0] / 2);
    if (size[p] == 2) __builtin_prefetch(nibbles[first[p] + 1] + at[1] / 2);
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
      images_(bound.images()),
      terms_(bound.terms()),
      per_image_((terms_ + 1) / 2),
      offset_(bound.offset()),
      vector_(use_shuffles(vector)) {
  for (const bool board : {true, false}) {  // (a pattern table's images: alike two by two)
    std::vector<pattern::LookupView> alike;
    for (int i = 0; i < images_; ++i)
      if (offset_ >= 0 && bound.reads_board(i) == board) alike.push_back(bound.term(i, 0));
    add(alike, board);
  }
  for (int i = 0; offset_ < 0 && i < images_; ++i) {
    std::vector<pattern::LookupView> terms;
    for (int t = 0; t < terms_; ++t) terms.push_back(bound.term(i, t));
    add(terms, bound.reads_board(i));
  }
}

PackedBound::~PackedBound() = default;

void PackedBound::add(const std::vector<pattern::LookupView>& views, bool reads_board) {
  for (std::size_t k = 0; k < views.size(); ++k) {
    const pattern::LookupView& v = views[k];
    if (k % 2 == 0) {
      pairs_.push_back(empty_pair());
      pair_first_.push_back(views_.size());
      pair_size_.push_back(0);
      pair_reads_board_.push_back(reads_board);
    }
    set_term(pairs_.back(), static_cast<int>(k % 2), v.number.data(), v.tiles, v.cell.data());
    ++pair_size_.back();
    nibbles_.push_back(v.nibbles);
    views_.push_back(v);
  }
}

void PackedBound::pair_indices(Packed b, int first, int last, std::uint32_t* index) const {
  const auto f = static_cast<std::size_t>(first);
#ifdef TILEWISE_VECTOR_RANKS
  if (vector_)
    return vector_pairs(b, &pairs_[f], &pair_first_[f], &pair_size_[f], &pair_reads_board_[f],
                        nibbles_.data(), last - first, index);
#endif
  std::array<std::uint8_t, 16> board, where;
  unpack(b, 16, board.data());
  for (int c = 0; c < 16; ++c) where[board[c]] = static_cast<std::uint8_t>(c);
  for (std::size_t p = f; p < static_cast<std::size_t>(last); ++p)
    for (std::size_t j = 0; j < pair_size_[p]; ++j) {
      const pattern::LookupView& v = views_[pair_first_[p] + j];
      const std::uint8_t* from = pair_reads_board_[p] ? board.data() : where.data();
      std::array<std::uint8_t, pattern::kMaxNumbers> cells{};
      for (int i = 0; i < v.tiles; ++i) cells[i] = v.cell[from[v.number[i]]];
      std::uint32_t& at = index[2 * (p - f) + j];
      at = pattern::rank(cells.data(), v.tiles);
      __builtin_prefetch(v.nibbles + at / 2);
    }
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
    std::array<std::uint8_t, 8> numbers{};  // the term 0, ..., tiles - 1, cells as they are
    std::array<std::uint8_t, 16> same{};
    for (int j = 0; j < 8; ++j) numbers[j] = static_cast<std::uint8_t>(j);
    for (int c = 0; c < 16; ++c) same[c] = static_cast<std::uint8_t>(c);
    RankPair pair = empty_pair();
    set_term(pair, 0, numbers.data(), tiles, same.data());
    alignas(16) std::array<std::uint8_t, 16> from{};
    std::copy(cells, cells + tiles, from.begin());
    std::array<std::uint32_t, 2> index;
    vector_rank_of(from.data(), pair, index.data());
    return index[0];
  }
#endif
  return pattern::rank(cells, tiles);
}

}  // namespace tilewise::box
