#include "terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

namespace aem::cli {

bool stderr_is_live_terminal() { return ::isatty(STDERR_FILENO); }

std::size_t stderr_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) return size.ws_col;
  return 80;
}

}  // namespace aem::cli
