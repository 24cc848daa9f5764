// BC7 mode 6 fields for the RDO pass (bc7_mode6_fields.hpp): packing and decoding agree with the
// BC7 decoder, and the bounds the pass filters candidates with are what they claim (the table of
// fixed-endpoint errors exact, the least-squares forms within rounding of the exact errors).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"
#include "aem/codec/image.hpp"
#include "aem/codec/texture_compress.hpp"
#include "bc7_mode6_fields.hpp"
#include "corpus.hpp"

namespace {

using namespace aem::codec;

// Random bytes made a mode 6 block (every such block is valid: texel 0's index has 3 bits).
void random_mode6_block(std::mt19937& rng, std::uint8_t block[16]) {
  for (int i = 0; i < 16; ++i) block[i] = std::uint8_t(rng());
  block[0] = std::uint8_t((block[0] & 0x80) | 0x40);
}

TEST(Bc7Mode6Fields, PackUnpackAndDecodeAgreeWithTheDecoder) {
  std::mt19937 rng(39);
  for (int n = 0; n < 5000; ++n) {
    std::uint8_t block[16], again[16], ours[64], reference[64];
    random_mode6_block(rng, block);
    const bc7::Mode6Fields fields = bc7::unpack_mode6(block);
    bc7::pack_mode6(fields, again);
    ASSERT_TRUE(std::equal(block, block + 16, again)) << "block " << n;
    bc7::decode_mode6(fields, ours);
    decode_bc7_block(block, reference);
    ASSERT_TRUE(std::equal(ours, ours + 64, reference)) << "block " << n;
  }
}

// The exact error of `endpoints`' endpoints with `indices`' texels 2-15, the better second p-bit.
std::uint32_t exact_combined_error(const std::uint8_t texels[64], const std::uint8_t endpoints[16],
                                   const std::uint8_t indices[16], int channels) {
  bc7::Mode6Fields f = bc7::unpack_mode6(endpoints);
  const bc7::Mode6Fields from = bc7::unpack_mode6(indices);
  std::copy(from.index + 2, from.index + 16, f.index + 2);
  std::uint32_t best = ~0u;
  for (int p1 = 0; p1 < 2; ++p1) {
    f.p[1] = p1;
    best = std::min(best, bc7::mode6_error(texels, f, 0xFFFC, channels));
  }
  return best;
}

// How far a least-squares form may sit from an exact error `exact` over `samples` samples: each
// decoded sample is within half a level of the real-valued line, so the squared errors differ by
// at most the sum of |error| (at most sqrt(samples * exact)) plus a quarter level per sample.
double rounding_slack(double exact, int samples) { return std::sqrt(samples * exact) + 0.25 * samples; }

// Blocks of a corpus image against the mode 6 blocks of its neighbours' encodings, as the pass
// pairs them.
TEST(Bc7Mode6Fields, FilterBoundsHoldOnCorpusBlocks) {
  const auto dir = aem::test::corpus_dir();
  if (!dir) GTEST_SKIP() << "corpus absent";
  const ImageRgba8 image = load_image(*dir / "images" / "damagedhelmet_tex0.png");
  std::mt19937 rng(7);
  int pairs = 0;
  for (std::uint32_t by = 40; by < 56; ++by)
    for (std::uint32_t bx = 40; bx < 56; ++bx) {
      std::uint8_t texels[64], source[16], other[16];
      extract_block(image, bx, by, texels);
      bc7::pack_mode6(bc7::fit_mode6(texels, true), other);
      for (int k = 0; k < 4; ++k, ++pairs) {
        std::uint8_t near_texels[64];
        extract_block(image, bx - 1 - std::uint32_t(rng() % 8), by - std::uint32_t(rng() % 3), near_texels);
        bc7::pack_mode6(bc7::fit_mode6(near_texels, true), source);
        const int channels = 3;  // the image is opaque: the rebuilds pin alpha
        // The table: exactly the error of the block's endpoints with the source's indices.
        const auto table = bc7::mode6_endpoint_errors(texels, bc7::unpack_mode6(other), channels);
        ASSERT_EQ(bc7::mode6_error_with_indices(table, source), exact_combined_error(texels, other, source, channels));
        // The least-squares forms, within rounding (the decoder's half-step and the 7-bit codes) of
        // the exact errors: at most half a level per sample either way, over 14 texels.
        const std::uint32_t exact = exact_combined_error(texels, source, other, channels);
        const double quadratic = bc7::mode6_error_with_endpoints(bc7::mode6_index_moments(texels, other, channels),
                                                                 bc7::unpack_mode6(source));
        EXPECT_NEAR(quadratic, double(exact), rounding_slack(exact, 14 * channels)) << "block " << bx << "," << by;
        bc7::Mode6Fields refit = bc7::unpack_mode6(source);
        bc7::fit_mode6_endpoints(texels, true, refit);
        const double residual = bc7::mode6_fit_residual(bc7::mode6_index_moments(texels, source, channels));
        const double refit_error = bc7::mode6_error(texels, refit, 0xFFFC, channels);
        EXPECT_LE(residual, refit_error + rounding_slack(refit_error, 14 * channels)) << "block " << bx << "," << by;
      }
    }
  EXPECT_EQ(pairs, 1024);
}

}  // namespace
