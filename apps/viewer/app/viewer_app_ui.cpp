// ViewerApp's side of the UI: the ImGui layer and its panels over the frame, picking the
// material under a pixel, and the actions of --keys and --pick.
#include <cctype>
#include <cstdio>

#include "app/viewer_app.hpp"
#include "picking/material_picking.hpp"

namespace aem::viewer {

void ViewerApp::draw_panels(int width, int height) {
  // Screenshots render off-screen at --size, whatever the display.
  const bool offscreen = options_.screenshot.has_value();
  if (!ui_) {
    ui_ = std::make_unique<UiLayer>(window_.handle(), ui_content_scale(window_.handle(), offscreen));
    thumbnails_ = std::make_unique<TextureThumbnails>();
  }
  thumbnails_->trim();
  UiFrame frame;
  frame.viewed = viewed_.get();
  frame.settings = &settings_;
  frame.auto_rotate = &auto_rotate_;
  frame.message = message_;
  frame.frame_ms = frame_ms_;
  frame.bptc = caps_.bptc;
  frame.scale = ui_->content_scale();
  frame.thumbnails = thumbnails_.get();
  frame.state = &ui_state_;
  if (viewed_) frame.levels = level_choices_;
  if (meshlet_counts_) frame.meshlets = &*meshlet_counts_;
  if (offscreen) {
    // Windows that fit their contents take their size from a frame laid out before: lay out
    // twice unseen, then draw.
    for (int pass = 0; pass < 3; ++pass) {
      ui_->begin_offscreen_frame(width, height);
      draw_ui(frame);
      ui_->end_frame(pass == 2);
    }
  } else {
    ui_->begin_window_frame();
    draw_ui(frame);
    ui_->end_frame(true);
  }
}

int ViewerApp::select_material_at(float x, float y, int width, int height) {
  if (!viewed_) return settings_.selected_material = -1;
  AnimationPlayer& player = viewed_->player();
  player.evaluate();  // the pose on screen
  // What the near plane clips away cannot be picked: the hit is what the pixel shows.
  // Morphed as drawn: not at all when the GPU refused the model's targets.
  const std::span<const float> morph_weights =
      viewed_->gpu().morphs().active() ? player.morph_weights() : std::span<const float>{};
  const auto hit = pick(viewed_->model(), player.skinning(), pixel_ray(camera_, x, y, width, height),
                        camera_.near_plane, camera_.far_plane, morph_weights);
  settings_.selected_material = hit ? int(hit->material) : -1;
  return settings_.selected_material;
}

void ViewerApp::apply_start_actions(int width, int height) {
  for (char c : options_.keys) {
    SDL_KeyboardEvent key{};
    key.type = SDL_KEYDOWN;
    key.state = SDL_PRESSED;
    key.keysym.sym = SDL_Keycode(std::tolower(static_cast<unsigned char>(c)));
    bool quit = false;
    handle_key(key, quit);
  }
  options_.keys.clear();
  if (options_.pick) {
    const auto [x, y] = *options_.pick;
    const int material = select_material_at(x, y, width, height);
    if (material >= 0) {
      std::printf("aem-viewer: picked material %d at %g,%g\n", material, double(x), double(y));
    } else {
      std::printf("aem-viewer: picked nothing at %g,%g\n", double(x), double(y));
    }
    std::fflush(stdout);
    options_.pick.reset();
  }
}

}  // namespace aem::viewer
