// Mode 6 field packing and fixed-index / fixed-endpoint refits for the RDO pass.
#include "bc7_mode6_fields.hpp"

#include <algorithm>
#include <cmath>

#include "bc7_tables.hpp"
#include "bit_stream.hpp"

namespace aem::codec::bc7 {
namespace {

int endpoint_value(const Mode6Fields& f, int e, int channel) { return f.code[e][channel] * 2 + f.p[e]; }

// Squared error of the fields as they stand, over all texels and channels.
std::uint32_t fields_error(const std::uint8_t texels[64], const Mode6Fields& f) {
  std::uint32_t error = 0;
  for (int i = 0; i < 16; ++i) {
    const int w = kWeights4[f.index[i]];
    for (int c = 0; c < 4; ++c) {
      const int d = interpolate(endpoint_value(f, 0, c), endpoint_value(f, 1, c), w) - texels[4 * i + c];
      error += std::uint32_t(d * d);
    }
  }
  return error;
}

}  // namespace

Mode6Fields unpack_mode6(const std::uint8_t block[16]) {
  detail::BlockBitReader r(block);
  r.read(7);
  Mode6Fields f;
  for (int c = 0; c < 4; ++c)
    for (int e = 0; e < 2; ++e) f.code[e][c] = int(r.read(7));
  f.p[0] = int(r.read(1));
  f.p[1] = int(r.read(1));
  for (int i = 0; i < 16; ++i) f.index[i] = std::uint8_t(r.read(i == 0 ? 3 : 4));
  return f;
}

void pack_mode6(const Mode6Fields& f, std::uint8_t block[16]) {
  detail::BlockBitWriter w;
  w.write(1u << 6, 7);
  for (int c = 0; c < 4; ++c)
    for (int e = 0; e < 2; ++e) w.write(std::uint32_t(f.code[e][c]), 7);
  w.write(std::uint32_t(f.p[0]), 1);
  w.write(std::uint32_t(f.p[1]), 1);
  for (int i = 0; i < 16; ++i) w.write(f.index[i], i == 0 ? 3 : 4);
  w.store(block);
}

void decode_mode6(const Mode6Fields& f, std::uint8_t texels[64]) {
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c)
      texels[4 * i + c] =
          std::uint8_t(interpolate(endpoint_value(f, 0, c), endpoint_value(f, 1, c), kWeights4[f.index[i]]));
}

void fit_mode6_endpoints(const std::uint8_t texels[64], bool opaque, Mode6Fields& fields) {
  // Least squares per channel: texel i decodes near (1 - t) e0 + t e1 with t = weight / 64.
  double aa = 0, ab = 0, bb = 0;
  double ax[4] = {}, bx[4] = {}, sum[4] = {};
  for (int i = 0; i < 16; ++i) {
    const double t = kWeights4[fields.index[i]] / 64.0, s = 1.0 - t;
    aa += s * s;
    ab += s * t;
    bb += t * t;
    for (int c = 0; c < 4; ++c) {
      ax[c] += s * texels[4 * i + c];
      bx[c] += t * texels[4 * i + c];
      sum[c] += texels[4 * i + c];
    }
  }
  const double det = aa * bb - ab * ab;
  double target[2][4];
  for (int c = 0; c < 4; ++c) {
    if (det > 1e-9) {
      target[0][c] = (ax[c] * bb - bx[c] * ab) / det;
      target[1][c] = (bx[c] * aa - ax[c] * ab) / det;
    } else {  // every texel has the same weight: one colour
      target[0][c] = target[1][c] = sum[c] / 16.0;
    }
  }
  Mode6Fields best = fields;
  std::uint32_t best_error = ~0u;
  for (int pbits = 0; pbits < 4; ++pbits) {
    Mode6Fields trial = fields;
    trial.p[0] = pbits & 1;
    trial.p[1] = pbits >> 1;
    if (opaque && (trial.p[0] == 0 || trial.p[1] == 0)) continue;
    for (int e = 0; e < 2; ++e)
      for (int c = 0; c < 4; ++c) {
        const double code = std::floor((target[e][c] - trial.p[e]) / 2.0 + 0.5);
        trial.code[e][c] = int(std::clamp(code, 0.0, 127.0));
      }
    if (opaque) trial.code[0][3] = trial.code[1][3] = 127;
    const std::uint32_t error = fields_error(texels, trial);
    if (error < best_error) {
      best_error = error;
      best = trial;
    }
  }
  fields = best;
}

void choose_mode6_indices(const std::uint8_t texels[64], Mode6Fields& fields, std::uint16_t free_texels) {
  int palette[16][4];
  for (int k = 0; k < 16; ++k)
    for (int c = 0; c < 4; ++c)
      palette[k][c] = interpolate(endpoint_value(fields, 0, c), endpoint_value(fields, 1, c), kWeights4[k]);
  for (int i = 0; i < 16; ++i) {
    if (!(free_texels >> i & 1)) continue;
    int best_k = 0, best_error = 1 << 30;
    for (int k = 0; k < (i == 0 ? 8 : 16); ++k) {
      int error = 0;
      for (int c = 0; c < 4; ++c) {
        const int d = palette[k][c] - texels[4 * i + c];
        error += d * d;
      }
      if (error < best_error) {
        best_error = error;
        best_k = k;
      }
    }
    fields.index[i] = std::uint8_t(best_k);
  }
}

}  // namespace aem::codec::bc7

namespace aem::codec::bc7 {

Mode6Fields fit_mode6(const std::uint8_t texels[64], bool opaque) {
  const int channels = opaque ? 3 : 4;
  double mean[4] = {};
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < channels; ++c) mean[c] += texels[4 * i + c] / 16.0;
  double cov[4][4] = {};
  for (int i = 0; i < 16; ++i)
    for (int a = 0; a < channels; ++a)
      for (int b = 0; b < channels; ++b) cov[a][b] += (texels[4 * i + a] - mean[a]) * (texels[4 * i + b] - mean[b]);
  double axis[4] = {1, 1, 1, 1};
  for (int iteration = 0; iteration < 8; ++iteration) {  // power iteration: the principal axis
    double next[4] = {}, norm = 0;
    for (int a = 0; a < channels; ++a) {
      for (int b = 0; b < channels; ++b) next[a] += cov[a][b] * axis[b];
      norm = std::max(norm, std::abs(next[a]));
    }
    if (norm <= 0) break;
    for (int a = 0; a < channels; ++a) axis[a] = next[a] / norm;
  }
  double t[16], lo = 1e300, hi = -1e300;
  for (int i = 0; i < 16; ++i) {
    t[i] = 0;
    for (int c = 0; c < channels; ++c) t[i] += (texels[4 * i + c] - mean[c]) * axis[c];
    lo = std::min(lo, t[i]);
    hi = std::max(hi, t[i]);
  }
  Mode6Fields f;
  for (int i = 0; i < 16; ++i)
    f.index[i] = std::uint8_t(hi > lo ? int(std::floor((t[i] - lo) / (hi - lo) * 15.0 + 0.5)) : 0);
  if (f.index[0] > 7)  // texel 0's index has no top bit: mirror the axis
    for (std::uint8_t& index : f.index) index = std::uint8_t(15 - index);
  for (int pass = 0; pass < 2; ++pass) {
    fit_mode6_endpoints(texels, opaque, f);
    choose_mode6_indices(texels, f, 0xFFFF);
  }
  return f;
}

}  // namespace aem::codec::bc7
