#pragma once
// The terminal on stderr, per platform (terminal_posix.cpp, terminal_windows.cpp), for the live
// progress line of `aem bake`.

#include <cstddef>

namespace aem::cli {

// Whether stderr is a terminal that takes "\r" and the VT sequence ESC [ K (clear to the end of
// the line). On Windows this turns the console's VT processing on where it is off.
bool stderr_is_live_terminal();

// The width of that terminal in columns; 80 where it cannot be told.
std::size_t stderr_columns();

}  // namespace aem::cli
