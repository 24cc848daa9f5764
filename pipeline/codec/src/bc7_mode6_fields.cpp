// Mode 6 field packing and fixed-index / fixed-endpoint refits for the RDO pass.
#include "bc7_mode6_fields.hpp"

#include <algorithm>
#include <cmath>

#include "bc7_tables.hpp"

namespace aem::codec::bc7 {
namespace {

int endpoint_value(const Mode6Fields& f, int e, int channel) { return f.code[e][channel] * 2 + f.p[e]; }

}  // namespace

// The block as two little-endian 64-bit halves (bit 0 is byte 0's lowest): the fields sit at fixed
// bit positions, read and written here without a bit stream (the RDO pass does this per candidate).
Mode6Fields unpack_mode6(const std::uint8_t block[16]) {
  std::uint64_t lo = 0, hi = 0;
  for (int i = 7; i >= 0; --i) lo = (lo << 8) | block[i];
  for (int i = 15; i >= 8; --i) hi = (hi << 8) | block[i];
  Mode6Fields f;
  for (int c = 0; c < 4; ++c)
    for (int e = 0; e < 2; ++e) f.code[e][c] = int(lo >> (7 + 7 * (2 * c + e)) & 0x7F);
  f.p[0] = int(lo >> 63);
  f.p[1] = int(hi & 1);
  f.index[0] = std::uint8_t(hi >> 1 & 0x7);
  for (int i = 1; i < 16; ++i) f.index[i] = std::uint8_t(hi >> (4 * i) & 0xF);
  return f;
}

void pack_mode6(const Mode6Fields& f, std::uint8_t block[16]) {
  std::uint64_t lo = 1u << 6, hi = std::uint64_t(f.p[1] & 1) | std::uint64_t(f.index[0] & 0x7) << 1;
  for (int c = 0; c < 4; ++c)
    for (int e = 0; e < 2; ++e) lo |= std::uint64_t(f.code[e][c] & 0x7F) << (7 + 7 * (2 * c + e));
  lo |= std::uint64_t(f.p[0] & 1) << 63;
  for (int i = 1; i < 16; ++i) hi |= std::uint64_t(f.index[i] & 0xF) << (4 * i);
  for (int i = 0; i < 8; ++i) block[i] = std::uint8_t(lo >> (8 * i));
  for (int i = 0; i < 8; ++i) block[8 + i] = std::uint8_t(hi >> (8 * i));
}

void decode_mode6(const Mode6Fields& f, std::uint8_t texels[64]) {
  int e0[4], e1[4];
  for (int c = 0; c < 4; ++c) {
    e0[c] = endpoint_value(f, 0, c);
    e1[c] = endpoint_value(f, 1, c);
  }
  for (int i = 0; i < 16; ++i) {
    const int w = kWeights4[f.index[i]];
    for (int c = 0; c < 4; ++c) texels[4 * i + c] = std::uint8_t(interpolate(e0[c], e1[c], w));
  }
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
    const std::uint32_t error = mode6_error(texels, trial, 0xFFFF, 4);
    if (error < best_error) {
      best_error = error;
      best = trial;
    }
  }
  fields = best;
}

void choose_mode6_indices(const std::uint8_t texels[64], Mode6Fields& fields, std::uint16_t free_texels) {
  // Channel-major palette, so the error of all 16 entries for one texel is one vector loop.
  int palette[4][16];
  for (int c = 0; c < 4; ++c) {
    const int e0 = endpoint_value(fields, 0, c), e1 = endpoint_value(fields, 1, c);
    for (int k = 0; k < 16; ++k) palette[c][k] = interpolate(e0, e1, kWeights4[k]);
  }
  for (int i = 0; i < 16; ++i) {
    if (!(free_texels >> i & 1)) continue;
    int error[16] = {};
    for (int c = 0; c < 4; ++c) {
      const int value = texels[4 * i + c];
      for (int k = 0; k < 16; ++k) error[k] += (palette[c][k] - value) * (palette[c][k] - value);
    }
    int best_k = 0;
    for (int k = 1; k < (i == 0 ? 8 : 16); ++k)
      if (error[k] < error[best_k]) best_k = k;
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

namespace aem::codec::bc7 {

namespace {
// Texel i's index (i >= 1) in a mode 6 block: 4 bits at bit 64 + 4i.
int mode6_index(const std::uint8_t block[16], int i) { return block[8 + i / 2] >> (4 * (i & 1)) & 0xF; }
}  // namespace

IndexMoments mode6_index_moments(const std::uint8_t texels[64], const std::uint8_t block[16], int channels) {
  // Integer sums (weights in 64ths), scaled to 8-bit units at the end; with s = 64 - t, the sums
  // of s follow from those of t.
  int st = 0, stt = 0, tx[4] = {}, x1[4] = {}, x2[4] = {};
  for (int i = 2; i < 16; ++i) {
    const int t = kWeights4[mode6_index(block, i)];
    st += t;
    stt += t * t;
    for (int c = 0; c < 4; ++c) {
      const int x = texels[4 * i + c];
      tx[c] += t * x;
      x1[c] += x;
      x2[c] += x * x;
    }
  }
  IndexMoments m;
  m.channels = channels;
  m.count = 14;
  m.aa = double(4096 * 14 - 128 * st + stt) / 4096, m.ab = double(64 * st - stt) / 4096, m.bb = double(stt) / 4096;
  for (int c = 0; c < channels; ++c) {
    m.ax[c] = double(64 * x1[c] - tx[c]) / 64, m.bx[c] = double(tx[c]) / 64;
    m.xx[c] = double(x2[c]), m.sum[c] = double(x1[c]);
  }
  return m;
}

double mode6_error_with_endpoints(const IndexMoments& m, const Mode6Fields& endpoints) {
  double best = 1e300;
  for (int p1 = 0; p1 < 2; ++p1) {
    double error = 0;
    for (int c = 0; c < m.channels; ++c) {
      const double e0 = endpoints.code[0][c] * 2 + endpoints.p[0], e1 = endpoints.code[1][c] * 2 + p1;
      error += m.aa * e0 * e0 + 2 * m.ab * e0 * e1 + m.bb * e1 * e1 - 2 * (m.ax[c] * e0 + m.bx[c] * e1) + m.xx[c];
    }
    best = std::min(best, error);
  }
  return std::max(0.0, best);
}

double mode6_fit_residual(const IndexMoments& m) {
  if (m.count == 0) return 0;
  const double det = m.aa * m.bb - m.ab * m.ab;
  double residual = 0;
  for (int c = 0; c < m.channels; ++c) {
    if (det > 1e-9) {  // the normal equations' solution leaves xx - (e0 ax + e1 bx)
      const double e0 = (m.ax[c] * m.bb - m.bx[c] * m.ab) / det, e1 = (m.bx[c] * m.aa - m.ax[c] * m.ab) / det;
      residual += m.xx[c] - (e0 * m.ax[c] + e1 * m.bx[c]);
    } else {  // one weight for all: one colour, the mean
      residual += m.xx[c] - m.sum[c] * m.sum[c] / m.count;
    }
  }
  return std::max(0.0, residual);
}

EndpointErrors mode6_endpoint_errors(const std::uint8_t texels[64], const Mode6Fields& endpoints, int channels) {
  EndpointErrors errors;
  for (int p1 = 0; p1 < 2; ++p1) {
    int palette[4][16];
    for (int c = 0; c < channels; ++c) {
      const int e0 = endpoints.code[0][c] * 2 + endpoints.p[0], e1 = endpoints.code[1][c] * 2 + p1;
      for (int k = 0; k < 16; ++k) palette[c][k] = interpolate(e0, e1, kWeights4[k]);
    }
    for (int i = 2; i < 16; ++i)
      for (int c = 0; c < channels; ++c)
        for (int k = 0; k < 16; ++k) {
          const int d = palette[c][k] - texels[4 * i + c];
          errors.error[p1][i][k] += std::uint32_t(d * d);
        }
  }
  return errors;
}

std::uint32_t mode6_error_with_indices(const EndpointErrors& errors, const std::uint8_t block[16]) {
  std::uint32_t sum[2] = {};
  for (int i = 2; i < 16; ++i) {
    const int index = mode6_index(block, i);
    sum[0] += errors.error[0][i][index];
    sum[1] += errors.error[1][i][index];
  }
  return std::min(sum[0], sum[1]);
}

std::uint32_t mode6_error(const std::uint8_t texels[64], const Mode6Fields& fields, std::uint16_t counted,
                          int channels) {
  std::uint32_t error = 0;
  for (int i = 0; i < 16; ++i) {
    if (!(counted >> i & 1)) continue;
    const int w = kWeights4[fields.index[i]];
    for (int c = 0; c < channels; ++c) {
      const int d = interpolate(endpoint_value(fields, 0, c), endpoint_value(fields, 1, c), w) - texels[4 * i + c];
      error += std::uint32_t(d * d);
    }
  }
  return error;
}

namespace {
// The segment between the fields' endpoints (the second p-bit taken as one half).
struct Segment {
  double e0[4] = {}, dir[4] = {}, length2 = 0, inverse = 0;
  Segment(const Mode6Fields& fields, int channels) {
    for (int c = 0; c < channels; ++c) {
      e0[c] = endpoint_value(fields, 0, c);
      dir[c] = fields.code[1][c] * 2 + 0.5 - e0[c];
      length2 += dir[c] * dir[c];
    }
    inverse = length2 > 0 ? 1.0 / length2 : 0.0;
  }
  // |x - (e0 + t dir)|² = |x - e0|² - 2 t along + t² |dir|², t the clamped projection.
  template <class Value>
  double distance2(const Value* x, int channels) const {
    double along = 0, from_e0 = 0;
    for (int c = 0; c < channels; ++c) {
      const double v = double(x[c]) - e0[c];
      along += v * dir[c];
      from_e0 += v * v;
    }
    const double t = std::clamp(along * inverse, 0.0, 1.0);
    return std::max(0.0, from_e0 - t * (2 * along - t * length2));
  }
};
}  // namespace

double mode6_segment_residual(const std::uint8_t texels[64], const Mode6Fields& fields, int channels) {
  const Segment segment(fields, channels);
  double residual = 0;
  for (int i = 0; i < 16; ++i) residual += segment.distance2(texels + 4 * i, channels);
  return residual;
}

double mode6_segment_distance2(const double colour[4], const Mode6Fields& fields, int channels) {
  return Segment(fields, channels).distance2(colour, channels);
}

}  // namespace aem::codec::bc7
