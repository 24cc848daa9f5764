#pragma once
// GLSL functions that more than one of the viewer's shaders calls, written once: string literals
// that a shader's source splices in at compile time, after its #version line and before its
// first use ("#version 330 core\n" AEM_GLSL_TO_DISPLAY R"(...)").

// Linear light to the display: ACES filmic tone mapping (Narkowicz 2015), then the sRGB transfer
// function. The model and the background behind it share it, so that the two match.
#define AEM_GLSL_TO_DISPLAY                                                                  \
  "vec3 linear_to_srgb(vec3 c) {\n"                                                          \
  "  c = clamp(c, 0.0, 1.0);\n"                                                              \
  "  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));\n" \
  "}\n"                                                                                      \
  "vec3 tone_map(vec3 x) {\n"                                                                \
  "  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);\n"     \
  "}\n"

// The i-th of n points of the Hammersley set in [0, 1)²: i / n and the radical inverse of i in
// base 2 (its bits reversed), for low-discrepancy importance sampling.
#define AEM_GLSL_HAMMERSLEY                                                                  \
  "vec2 hammersley(int i, int n) {\n"                                                        \
  "  uint b = uint(i);\n"                                                                    \
  "  b = (b << 16u) | (b >> 16u);\n"                                                         \
  "  b = ((b & 0x55555555u) << 1u) | ((b & 0xAAAAAAAAu) >> 1u);\n"                           \
  "  b = ((b & 0x33333333u) << 2u) | ((b & 0xCCCCCCCCu) >> 2u);\n"                           \
  "  b = ((b & 0x0F0F0F0Fu) << 4u) | ((b & 0xF0F0F0F0u) >> 4u);\n"                           \
  "  b = ((b & 0x00FF00FFu) << 8u) | ((b & 0xFF00FF00u) >> 8u);\n"                           \
  "  return vec2(float(i) / float(n), float(b) * 2.3283064365386963e-10);\n"                \
  "}\n"
