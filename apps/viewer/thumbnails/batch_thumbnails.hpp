#pragma once
// --screenshot-dir OUT DIR...: a thumbnail of every model under the DIRs for asset browsers,
// rendered one after the other in a single hidden window's GL context (no window per model).
// Which models and which names: thumbnail_jobs.hpp.
#include <chrono>

#include "options/options.hpp"

namespace aem::viewer {

// Renders every model that find_thumbnail_jobs lists at --size (default 512x512), with the
// other options (angles, mode, --animation, --time) applied to each. A model that fails is one line on stderr naming
// it, and the others still render. Returns the exit status: 0 when every thumbnail was
// written, 1 otherwise (also when there is no GL context at all).
int write_thumbnails(const Options& options, std::chrono::steady_clock::time_point process_start);

}  // namespace aem::viewer
