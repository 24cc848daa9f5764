#pragma once
// --turntable N: N headless frames around the model for a preview loop. The yaw steps by
// 360/N degrees from --yaw; one camera distance serves every frame (the farthest that any of
// the N angles needs to frame the model), so the model keeps its size as it turns.
#include <filesystem>

#include "app/viewer_app.hpp"

namespace aem::viewer {

// The name of frame `index` of `count`: OUT.png -> OUT-000.png, OUT-001.png, ... (more digits
// from 1000 frames on), beside OUT.png.
std::filesystem::path turntable_frame_path(const std::filesystem::path& screenshot, int index, int count);

// Writes app.options().turntable frames named after app.options().screenshot. Throws
// std::runtime_error naming a file that cannot be written.
void write_turntable(ViewerApp& app);

}  // namespace aem::viewer
