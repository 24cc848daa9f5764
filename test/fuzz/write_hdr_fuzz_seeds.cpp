// Writes the Radiance HDR fuzz seeds into the folder named on the command line: flat and
// run-length scanlines (runs, literals, both in one row), the #?RGBE magic, and an image as wide
// as a row of runs allows. The run-length encoder here is the test's own, not the reader's.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Pixel = std::vector<unsigned char>;  // R, G, B, E

// One channel of a scanline, as the new-style run-length coding writes it: a run of 3 or more
// equal bytes as 128+n and the byte, anything else as n literal bytes (n up to 127 and 128).
void encode_channel(const std::vector<unsigned char>& values, std::string& out) {
  std::size_t x = 0;
  while (x < values.size()) {
    std::size_t run = 1;
    while (x + run < values.size() && run < 127 && values[x + run] == values[x]) ++run;
    if (run >= 3) {
      out += char(128 + run);
      out += char(values[x]);
      x += run;
      continue;
    }
    std::size_t literal = 0;
    while (x + literal < values.size() && literal < 128) {
      const std::size_t at = x + literal;
      if (at + 2 < values.size() && values[at] == values[at + 1] && values[at] == values[at + 2]) break;
      ++literal;
    }
    out += char(literal);
    out.append(reinterpret_cast<const char*>(&values[x]), literal);
    x += literal;
  }
}

std::string header(const char* magic, int width, int height) {
  return std::string(magic) + "\nFORMAT=32-bit_rle_rgbe\nEXPOSURE=1.0\n\n-Y " + std::to_string(height) + " +X " +
         std::to_string(width) + "\n";
}

std::string image(const char* magic, int width, int height, bool run_length, Pixel (*pixel)(int, int)) {
  std::string out = header(magic, width, height);
  for (int y = 0; y < height; ++y) {
    if (!run_length) {
      for (int x = 0; x < width; ++x) out.append(reinterpret_cast<const char*>(pixel(x, y).data()), 4);
      continue;
    }
    out += std::string("\x02\x02", 2);
    out += char(width >> 8);
    out += char(width & 0xff);
    for (int channel = 0; channel < 4; ++channel) {
      std::vector<unsigned char> values;
      for (int x = 0; x < width; ++x) values.push_back(pixel(x, y)[std::size_t(channel)]);
      encode_channel(values, out);
    }
  }
  return out;
}

Pixel gradient(int x, int y) { return {static_cast<unsigned char>(x * 8), static_cast<unsigned char>(y * 16), 200, 129}; }
Pixel banded(int x, int y) { return {static_cast<unsigned char>(x / 10 * 30), static_cast<unsigned char>(x % 7 == 0 ? 255 : 40), static_cast<unsigned char>(y), static_cast<unsigned char>(x < 150 ? 128 : 0)}; }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_hdr_fuzz_seeds DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const auto write = [&](const char* name, const std::string& bytes) {
    std::ofstream(dir / name, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  };
  write("flat.hdr", image("#?RADIANCE", 8, 4, false, gradient));
  write("run_length.hdr", image("#?RADIANCE", 16, 8, true, gradient));
  write("runs_and_literals.hdr", image("#?RGBE", 300, 4, true, banded));
  return 0;
}
