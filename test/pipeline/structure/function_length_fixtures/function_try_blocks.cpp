// Fixture for find_long_functions_test.py: function-try-blocks, whose catch handlers belong to
// the function, among plain functions. Never compiled; the test knows each function's lines.
#include <cstdio>
#include <stdexcept>

struct Widget {
  explicit Widget(int size);
  int size_;
};

int short_before(int x) {
  return x + 1;
}

// Eight lines of try block and two handlers: 13 lines in all.
int main(int argc, char** argv) try {
  if (argc < 2) throw std::invalid_argument("usage");
  int total = 0;
  for (int i = 1; i < argc; ++i) {
    total += argv[i][0];
  }
  return total > 0 ? 0 : 2;
} catch (const std::invalid_argument& e) {
  std::fprintf(stderr, "%s\n", e.what());
  return 2;
} catch (...) {
  return 1;
}

// A constructor's function-try-block with an initializer list: 7 lines.
Widget::Widget(int size) try : size_(size) {
  if (size < 0) throw std::invalid_argument("negative");
  size_ = size * 2;
  size_ += 1;
} catch (...) {
  throw;
}

void long_after() {
  int a = 0;
  a += 1;
  a += 2;
  a += 3;
  a += 4;
  a += 5;
  std::printf("%d\n", a);
}

int short_after() noexcept try {
  return 0;
} catch (...) {
  return 1;
}
