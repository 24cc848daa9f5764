#pragma once
// BC7 format constants (internal): mode layouts, partition shapes, anchor texels and the
// interpolation weights, as fixed by the BC7 format (Khronos Data Format spec, section BPTC).
#include <cstdint>

namespace aem::codec::bc7 {

enum class PbitKind : std::uint8_t { none, unique, shared };

struct ModeInfo {
  std::uint8_t subsets;         // 1, 2 or 3
  std::uint8_t partition_bits;  // 0, 4 or 6
  std::uint8_t rotation_bits;   // 2 for modes 4 and 5
  std::uint8_t index_mode_bits; // 1 for mode 4
  std::uint8_t color_bits;      // stored bits per colour component, p-bit excluded
  std::uint8_t alpha_bits;      // 0: the mode has no alpha, which decodes as 255
  PbitKind pbits;
  std::uint8_t index_bits;      // primary index precision
  std::uint8_t index2_bits;     // secondary (alpha) index precision, modes 4 and 5
};

inline constexpr ModeInfo kModes[8] = {
    {3, 4, 0, 0, 4, 0, PbitKind::unique, 3, 0},
    {2, 6, 0, 0, 6, 0, PbitKind::shared, 3, 0},
    {3, 6, 0, 0, 5, 0, PbitKind::none, 2, 0},
    {2, 6, 0, 0, 7, 0, PbitKind::unique, 2, 0},
    {1, 0, 2, 1, 5, 6, PbitKind::none, 2, 3},
    {1, 0, 2, 0, 7, 8, PbitKind::none, 2, 2},
    {1, 0, 0, 0, 7, 7, PbitKind::unique, 4, 0},
    {2, 6, 0, 0, 5, 5, PbitKind::unique, 2, 0},
};

inline constexpr std::uint8_t kWeights2[4] = {0, 21, 43, 64};
inline constexpr std::uint8_t kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
inline constexpr std::uint8_t kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

inline constexpr const std::uint8_t* weights_for_bits(int bits) {
  return bits == 2 ? kWeights2 : bits == 3 ? kWeights3 : kWeights4;
}

// 2 bits per texel (texel i at bits 2i..2i+1): the subset of each texel, partitions 0-63.
inline constexpr std::uint32_t kPartitions2[64] = {
    0x50505050u, 0x40404040u, 0x54545454u, 0x54505040u,
    0x50404000u, 0x55545450u, 0x55545040u, 0x54504000u,
    0x50400000u, 0x55555450u, 0x55544000u, 0x54400000u,
    0x55555440u, 0x55550000u, 0x55555500u, 0x55000000u,
    0x55150100u, 0x00004054u, 0x15010000u, 0x00405054u,
    0x00004050u, 0x15050100u, 0x05010000u, 0x40505054u,
    0x00404050u, 0x05010100u, 0x14141414u, 0x05141450u,
    0x01155440u, 0x00555500u, 0x15014054u, 0x05414150u,
    0x44444444u, 0x55005500u, 0x11441144u, 0x05055050u,
    0x05500550u, 0x11114444u, 0x41144114u, 0x44111144u,
    0x15055054u, 0x01055040u, 0x05041050u, 0x05455150u,
    0x14414114u, 0x50050550u, 0x41411414u, 0x00141400u,
    0x00041504u, 0x00105410u, 0x10541000u, 0x04150400u,
    0x50410514u, 0x41051450u, 0x05415014u, 0x14054150u,
    0x41050514u, 0x41505014u, 0x40011554u, 0x54150140u,
    0x50505500u, 0x00555050u, 0x15151010u, 0x54540404u,
};
inline constexpr std::uint32_t kPartitions3[64] = {
    0xAA685050u, 0x6A5A5040u, 0x5A5A4200u, 0x5450A0A8u,
    0xA5A50000u, 0xA0A05050u, 0x5555A0A0u, 0x5A5A5050u,
    0xAA550000u, 0xAA555500u, 0xAAAA5500u, 0x90909090u,
    0x94949494u, 0xA4A4A4A4u, 0xA9A59450u, 0x2A0A4250u,
    0xA5945040u, 0x0A425054u, 0xA5A5A500u, 0x55A0A0A0u,
    0xA8A85454u, 0x6A6A4040u, 0xA4A45000u, 0x1A1A0500u,
    0x0050A4A4u, 0xAAA59090u, 0x14696914u, 0x69691400u,
    0xA08585A0u, 0xAA821414u, 0x50A4A450u, 0x6A5A0200u,
    0xA9A58000u, 0x5090A0A8u, 0xA8A09050u, 0x24242424u,
    0x00AA5500u, 0x24924924u, 0x24499224u, 0x50A50A50u,
    0x500AA550u, 0xAAAA4444u, 0x66660000u, 0xA5A0A5A0u,
    0x50A050A0u, 0x69286928u, 0x44AAAA44u, 0x66666600u,
    0xAA444444u, 0x54A854A8u, 0x95809580u, 0x96969600u,
    0xA85454A8u, 0x80959580u, 0xAA141414u, 0x96960000u,
    0xAAAA1414u, 0xA05050A0u, 0xA0A5A5A0u, 0x96000000u,
    0x40804080u, 0xA9A8A9A8u, 0xAAAAAA44u, 0x2A4A5254u,
};
// Anchor texel of subset 1 in the 2-subset partitions (subset 0 always anchors at texel 0).
inline constexpr std::uint8_t kAnchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
    15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
    6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15,
};
// Anchor texels of subsets 1 and 2 in the 3-subset partitions.
inline constexpr std::uint8_t kAnchor3[64][2] = {
    {3, 15}, {3, 8}, {15, 8}, {15, 3}, {8, 15}, {3, 15}, {15, 3}, {15, 8},
    {8, 15}, {8, 15}, {6, 15}, {6, 15}, {6, 15}, {5, 15}, {3, 15}, {3, 8},
    {3, 15}, {3, 8}, {8, 15}, {15, 3}, {3, 15}, {3, 8}, {6, 15}, {10, 8},
    {5, 3}, {8, 15}, {8, 6}, {6, 10}, {8, 15}, {5, 15}, {15, 10}, {15, 8},
    {8, 15}, {15, 3}, {3, 15}, {5, 10}, {6, 10}, {10, 8}, {8, 9}, {15, 10},
    {15, 6}, {3, 15}, {15, 8}, {5, 15}, {15, 3}, {15, 6}, {15, 6}, {15, 8},
    {3, 15}, {15, 3}, {5, 15}, {5, 15}, {5, 15}, {8, 15}, {5, 15}, {10, 15},
    {5, 15}, {10, 15}, {8, 15}, {13, 15}, {15, 3}, {12, 15}, {3, 15}, {3, 8},
};

// Subset of texel `texel` (0-15, row-major) in partition `partition` of a block with `subsets` subsets.
inline constexpr int subset_of(int subsets, int partition, int texel) {
  if (subsets == 1) return 0;
  const std::uint32_t packed = subsets == 2 ? kPartitions2[partition] : kPartitions3[partition];
  return int((packed >> (2 * texel)) & 3u);
}

// Anchor texel of subset `subset`: its index is stored with one bit less (the top bit is 0).
inline constexpr int anchor_of(int subsets, int partition, int subset) {
  if (subset == 0) return 0;
  if (subsets == 2) return kAnchor2[partition];
  return kAnchor3[partition][subset - 1];
}

// Expands a component of `bits` significant bits (p-bit included) to 8 bits by bit replication.
inline constexpr int expand_bits(int value, int bits) {
  if (bits >= 8) return value;
  const int v = value << (8 - bits);
  return v | (v >> bits);
}

// The BC7 interpolation between two 8-bit endpoints with a 6-bit weight.
inline constexpr int interpolate(int e0, int e1, int weight) {
  return (e0 * (64 - weight) + e1 * weight + 32) >> 6;
}

}  // namespace aem::codec::bc7
