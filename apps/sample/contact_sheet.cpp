// aem-contact-sheet: lays PNG thumbnails out in one image, left to right and top to bottom, so
// the main job can show every baked model in one file when there is no display.
// Usage: aem-contact-sheet OUT.png COLUMNS IN.png...   (every input the same size)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <stb_image.h>
#include <stb_image_write.h>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: aem-contact-sheet OUT.png COLUMNS IN.png...\n");
    return 1;
  }
  const int columns = std::atoi(argv[2]);
  const int count = argc - 3;
  if (columns < 1) {
    std::fprintf(stderr, "aem-contact-sheet: COLUMNS must be a positive number, not '%s'\n", argv[2]);
    return 1;
  }
  int cell_w = 0, cell_h = 0;
  std::vector<std::uint8_t> sheet;
  const int rows = (count + columns - 1) / columns;
  for (int i = 0; i < count; ++i) {
    int w = 0, h = 0, channels = 0;
    stbi_uc* pixels = stbi_load(argv[3 + i], &w, &h, &channels, 4);
    if (pixels == nullptr) {
      std::fprintf(stderr, "aem-contact-sheet: %s: %s\n", argv[3 + i], stbi_failure_reason());
      return 1;
    }
    if (i == 0) {
      cell_w = w;
      cell_h = h;
      sheet.assign(std::size_t(cell_w) * columns * cell_h * rows * 4, 0);
    } else if (w != cell_w || h != cell_h) {
      std::fprintf(stderr, "aem-contact-sheet: %s is %dx%d, the first image %dx%d\n", argv[3 + i], w, h, cell_w, cell_h);
      stbi_image_free(pixels);
      return 1;
    }
    const int x0 = (i % columns) * cell_w, y0 = (i / columns) * cell_h;
    for (int y = 0; y < h; ++y)
      std::memcpy(&sheet[((std::size_t(y0) + y) * cell_w * columns + x0) * 4], pixels + std::size_t(y) * w * 4,
                  std::size_t(w) * 4);
    stbi_image_free(pixels);
  }
  if (stbi_write_png(argv[1], cell_w * columns, cell_h * rows, 4, sheet.data(), cell_w * columns * 4) == 0) {
    std::fprintf(stderr, "aem-contact-sheet: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
