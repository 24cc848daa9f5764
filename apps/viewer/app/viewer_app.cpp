#include "app/viewer_app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

#include "render/screenshot.hpp"
#include "ui/key_bindings.hpp"
#include "ui/render_controls.hpp"

namespace aem::viewer {
namespace {

constexpr float kDegrees = std::numbers::pi_v<float> / 180.0f;

WindowOptions window_options(const Options& options) {
  WindowOptions w;
  w.hidden = options.screenshot.has_value() || options.thumbnail_output.has_value();
  if (w.hidden) {
    w.width = 64;  // the frame itself is rendered off-screen at --size
    w.height = 64;
  } else if (options.width > 0) {
    w.width = options.width;
    w.height = options.height;
  }
  w.vsync = options.vsync;
  w.samples = w.hidden ? 1 : options.msaa_samples;  // screenshots multisample off-screen
  w.title = options.file.empty() ? "aem-viewer" : "aem-viewer - " + options.file.filename().string();
  return w;
}

// The animation keys' actions on `player`; returns whether `action` was one of them.
bool apply_playback_action(KeyAction action, bool shift, AnimationPlayer& player) {
  switch (action) {
    case KeyAction::toggle_playback:
      player.playing = !player.playing;
      return true;
    case KeyAction::next_animation:
      player.next();
      return true;
    case KeyAction::previous_animation:
      player.previous();
      return true;
    case KeyAction::faster:
      player.speed = std::min(player.speed * 1.25f, 16.0f);
      return true;
    case KeyAction::slower:
      player.speed = std::max(player.speed / 1.25f, 1.0f / 64);
      return true;
    case KeyAction::scrub_back:
    case KeyAction::scrub_forward: {
      const float step = (shift ? 0.01f : 0.1f) * (action == KeyAction::scrub_back ? -1.0f : 1.0f);
      player.playing = false;
      player.set_time(player.time() + step);
      return true;
    }
    case KeyAction::restart_animation:
      player.set_time(0);
      return true;
    default:
      return false;
  }
}

}  // namespace

ViewerApp::ViewerApp(const Options& options, std::unique_ptr<LoadedModel> initial,
                     std::chrono::steady_clock::time_point process_start)
    : options_(options), process_start_(process_start), window_(window_options(options)) {
  caps_ = probe_texture_caps(options.no_bptc);
  renderer_ = std::make_unique<Renderer>();
  settings_.mode = options.mode;
  settings_.grid = options.grid;
  settings_.wireframe = options.wireframe;
  settings_.skeleton = options.skeleton;
  apply_render_options(options, settings_);
  if (!options.environment.empty()) renderer_->load_environment(options.environment);  // throws: exit 1
  show_panel_ = options.panel.value_or(!headless());
  auto_rotate_ = options.auto_rotate;
  if (initial) {
    viewed_ = std::make_unique<ViewedModel>(std::move(initial), options.file, caps_);
    watch_ = FileWatch(options.file);
    AnimationPlayer& player = viewed_->player();
    if (options.animation) player.select(*options.animation);
    if (options.time) player.set_time(*options.time);
    if (options.screenshot) player.playing = false;
    apply_camera_options();
  }
}

ViewerApp::~ViewerApp() {
  // GL objects go before the context the Window owns.
  viewed_.reset();
  thumbnails_.reset();
  ui_.reset();
  renderer_.reset();
}

void ViewerApp::apply_camera_options() {
  camera_ = OrbitCamera{};
  camera_.yaw = options_.yaw.value_or(30.0f) * kDegrees;
  camera_.pitch = options_.pitch.value_or(15.0f) * kDegrees;
  if (viewed_) {
    // Framed on every animation's whole motion: any --animation and --time share one camera.
    // The bind pose (--animation none) is framed with them.
    bounds_ = viewed_->framing_bounds();
    camera_.frame(bounds_, view_aspect());
  }
  if (options_.distance) {
    camera_.distance = *options_.distance;
    camera_.near_plane = std::min(camera_.near_plane, camera_.distance * 0.05f);
    camera_.far_plane = std::max(camera_.far_plane, camera_.distance * 4);
  }
}

void ViewerApp::open(const std::filesystem::path& path, bool keep_camera) {
  try {
    auto loaded = std::make_unique<LoadedModel>(load_model(path, load_options(options_)));
    const int animation = viewed_ ? viewed_->player().animation() : 0;
    const float time = viewed_ ? viewed_->player().time() : 0.0f;
    const bool playing = viewed_ ? viewed_->player().playing : true;
    const float speed = viewed_ ? viewed_->player().speed : 1.0f;
    auto viewed = std::make_unique<ViewedModel>(std::move(loaded), path, caps_);
    viewed_ = std::move(viewed);
    if (keep_camera) {  // a reload: same animation, same moment
      viewed_->player().select(animation);
      viewed_->player().set_time(time);
      viewed_->player().playing = playing;
      viewed_->player().speed = speed;
      bounds_ = viewed_->framing_bounds();
    } else {
      options_.distance.reset();
      bounds_ = viewed_->framing_bounds();
      camera_.frame(bounds_, view_aspect());
    }
    if (thumbnails_) thumbnails_->clear();  // GL may reuse the old textures' names
    if (!keep_camera) settings_.selected_material = settings_.selected_joint = -1;
    watch_ = FileWatch(path);
    window_.set_title("aem-viewer - " + path.filename().string());
    message_.clear();
    std::printf("aem-viewer: %s %s\n", keep_camera ? "reloaded" : "opened", path.string().c_str());
    std::fflush(stdout);  // for whoever follows the output through a pipe
  } catch (const std::exception& e) {
    message_ = e.what();
    std::fprintf(stderr, "aem-viewer: %s\n", e.what());
    if (!keep_camera) watch_ = FileWatch(path);  // keep watching: it may become valid
  }
}

void ViewerApp::draw_frame(int width, int height) {
  if (viewed_) {
    AnimationPlayer& player = viewed_->player();
    player.evaluate();
    viewed_->gpu().update_skinning(player.skinning());
    viewed_->gpu().update_morph_weights(player.morph_weights());
    choose_levels_of_detail(width, height);
    Frame frame{width, height, &camera_, bounds_, player.skeleton(), player.model_space()};
    renderer_->draw(viewed_->gpu(), frame, settings_);
  } else {
    renderer_->draw_background(Frame{width, height, &camera_, bounds_, nullptr, {}}, settings_);
  }
  if (show_panel_) draw_panels(width, height);
}

void ViewerApp::choose_levels_of_detail(int width, int height) {
  GpuModel& gpu = viewed_->gpu();
  const std::span<const GpuMesh> meshes = gpu.meshes();
  level_choices_.resize(meshes.size());  // allocates once per model
  const LevelView view{camera_.eye(), OrbitCamera::kFovY, float(std::max(height, 1))};
  choose_levels(meshes, bounds_, view, settings_.levels, level_choices_);
  for (std::size_t m = 0; m < meshes.size(); ++m) gpu.set_drawn_level(m, level_choices_[m].level);
  meshlet_counts_.reset();
  if (const std::optional<MeshletsView> meshlets = meshlets_of(viewed_->model())) {
    const Mat4 view_projection = camera_.projection(float(std::max(width, 1)) / float(std::max(height, 1))) * camera_.view();
    meshlet_counts_ = count_meshlets(*meshlets, meshes, view_projection, camera_.eye());
  }
}

void ViewerApp::print_levels_of_detail() const {
  if (!viewed_) return;
  if (settings_.mode == InspectionMode::meshlets && !meshlet_counts_) {
    std::printf("aem-viewer: %s\n", std::string(kNoMeshletsMessage).c_str());
  }
  if (meshlet_counts_) {
    const MeshletCounts& c = *meshlet_counts_;
    std::printf("aem-viewer: meshlets: %u drawn, %u outside the view, %u facing away, %u not tested (skinned or morphed)\n",
                c.drawn, c.outside, c.facing_away, c.untested);
  }
  const std::vector<GpuMesh>& meshes = viewed_->gpu().meshes();
  if (last_level(meshes) == 0) return;
  for (std::size_t m = 0; m < meshes.size() && m < level_choices_.size(); ++m) {
    const LevelChoice& c = level_choices_[m];
    std::printf("aem-viewer: mesh %zu: level %u of %zu, %u triangles, error %.3g px at distance %.4g\n", m, c.level,
                meshes[m].levels.size() - 1, meshes[m].levels[c.level].triangle_count(), double(c.error_pixels),
                double(c.distance));
  }
}

void ViewerApp::screenshot() {
  const int w = screenshot_width(), h = screenshot_height();
  write_png(*options_.screenshot, w, h, render_offscreen());
  std::printf("aem-viewer: wrote %s (%dx%d)\n", options_.screenshot->string().c_str(), w, h);
  print_levels_of_detail();
}

std::vector<std::uint8_t> ViewerApp::render_offscreen() {
  const int w = screenshot_width(), h = screenshot_height();
  OffscreenTarget target(w, h, options_.msaa_samples);
  target.bind();
  apply_start_actions(w, h);
  draw_frame(w, h);
  glFinish();
  std::vector<std::uint8_t> pixels = target.read_pixels();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return pixels;
}

void ViewerApp::show(std::unique_ptr<LoadedModel> loaded, const std::filesystem::path& path) {
  viewed_.reset();  // its GPU resources go before the next model's arrive
  check_animation_option(options_, loaded->model.animations().size(), path);
  viewed_ = std::make_unique<ViewedModel>(std::move(loaded), path, caps_);
  AnimationPlayer& player = viewed_->player();
  if (options_.animation) player.select(*options_.animation);
  if (options_.time) player.set_time(*options_.time);
  player.playing = false;
  apply_camera_options();
}

float ViewerApp::view_aspect() const {
  if (headless()) return float(screenshot_width()) / float(screenshot_height());
  int w = 1, h = 1;
  window_.drawable_size(w, h);
  return float(std::max(w, 1)) / float(std::max(h, 1));
}

void ViewerApp::run() {
  using clock = std::chrono::steady_clock;
  auto last = clock::now();
  bool quit = false;
  int presented = 0;
  std::vector<double> frame_times;  // ms between presents, after the first frame
  auto last_present = last;
  {
    int w = 1, h = 1;
    window_.drawable_size(w, h);
    apply_start_actions(w, h);
  }
  while (!quit) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) handle_event(event, quit);
    const auto now = clock::now();
    const float dt = std::min(std::chrono::duration<float>(now - last).count(), 0.25f);
    frame_ms_ = frame_ms_ * 0.9 + 0.1 * std::chrono::duration<double, std::milli>(now - last).count();
    last = now;
    if (watch_.changed(now)) open(watch_.path(), true);
    if (viewed_) viewed_->player().advance(dt);
    if (auto_rotate_) camera_.yaw += dt * 0.5f;

    int w = 1, h = 1;
    window_.drawable_size(w, h);
    draw_frame(w, h);
    window_.swap();
    if (++presented == 1 && options_.print_timing) {
      glFinish();
      const double ms = std::chrono::duration<double, std::milli>(clock::now() - process_start_).count();
      std::printf("aem-viewer: window %s\n", window_.samples() > 1 ? (std::to_string(window_.samples()) + "x multisampled").c_str()
                                                                : "not multisampled");
      std::printf("aem-viewer: first frame presented %.1f ms after start\n", ms);
      std::fflush(stdout);
    }
    if (options_.print_timing) {
      const auto presented_at = clock::now();
      if (presented > 1) frame_times.push_back(std::chrono::duration<double, std::milli>(presented_at - last_present).count());
      last_present = presented_at;
    }
    if (options_.frames > 0 && presented >= options_.frames) quit = true;
  }
  if (options_.print_timing && !frame_times.empty()) {
    std::sort(frame_times.begin(), frame_times.end());
    double sum = 0;
    for (double t : frame_times) sum += t;
    std::printf("aem-viewer: %zu frames: mean %.3f ms, median %.3f ms, 95th percentile %.3f ms\n",
                frame_times.size(), sum / double(frame_times.size()), frame_times[frame_times.size() / 2],
                frame_times[std::min(frame_times.size() - 1, frame_times.size() * 95 / 100)]);
  }
}

void ViewerApp::handle_event(const SDL_Event& event, bool& quit) {
  if (ui_ && show_panel_ && ui_->handle(event)) {
    // The UI has it; a button released over a panel still ends the viewer's drag.
    if (event.type != SDL_MOUSEBUTTONUP) return;
    dragging_orbit_ = dragging_pan_ = false;
    return;
  }
  switch (event.type) {
    case SDL_QUIT:
      quit = true;
      break;
    case SDL_DROPFILE:
      if (event.drop.file != nullptr) {
        open(event.drop.file, false);
        SDL_free(event.drop.file);
      }
      break;
    case SDL_MOUSEBUTTONDOWN:
      if (event.button.button == SDL_BUTTON_LEFT) {
        dragging_orbit_ = true;
        click_travel_ = 0;
      }
      if (event.button.button == SDL_BUTTON_RIGHT || event.button.button == SDL_BUTTON_MIDDLE) dragging_pan_ = true;
      break;
    case SDL_MOUSEBUTTONUP:
      if (event.button.button == SDL_BUTTON_LEFT && dragging_orbit_) {
        dragging_orbit_ = false;
        if (click_travel_ < 4) {  // a click, not an orbit: select what is under it
          int w = 1, h = 1, window_w = 1, window_h = 1;
          window_.drawable_size(w, h);
          SDL_GetWindowSize(window_.handle(), &window_w, &window_h);
          const float sx = float(w) / float(std::max(window_w, 1)), sy = float(h) / float(std::max(window_h, 1));
          select_material_at((float(event.button.x) + 0.5f) * sx, (float(event.button.y) + 0.5f) * sy, w, h);
        }
      }
      if (event.button.button == SDL_BUTTON_RIGHT || event.button.button == SDL_BUTTON_MIDDLE) dragging_pan_ = false;
      break;
    case SDL_MOUSEMOTION:
      if (dragging_orbit_) {
        camera_.orbit(float(event.motion.xrel), float(event.motion.yrel));
        click_travel_ += std::abs(float(event.motion.xrel)) + std::abs(float(event.motion.yrel));
      }
      if (dragging_pan_) {
        int window_w = 1, window_h = 1;
        SDL_GetWindowSize(window_.handle(), &window_w, &window_h);
        camera_.pan(float(event.motion.xrel), float(event.motion.yrel), window_h);
      }
      break;
    case SDL_MOUSEWHEEL:
      camera_.zoom(event.wheel.preciseY != 0 ? event.wheel.preciseY : float(event.wheel.y));
      break;
    case SDL_KEYDOWN:
      handle_key(event.key, quit);
      break;
    default:
      break;
  }
}

void ViewerApp::handle_key(const SDL_KeyboardEvent& key, bool& quit) {
  const KeyBinding* binding = find_key_binding(key.keysym.sym);
  if (binding == nullptr) return;  // not in the table: the viewer ignores it
  const bool shift = (key.keysym.mod & KMOD_SHIFT) != 0;
  if (viewed_ && apply_playback_action(binding->action, shift, viewed_->player())) return;
  if (handle_render_key(binding->action, shift, settings_)) return;
  switch (binding->action) {
    case KeyAction::quit:
      quit = true;
      break;
    case KeyAction::frame_model:
      if (viewed_) {
        bounds_ = viewed_->framing_bounds();
        camera_.frame(bounds_, view_aspect());
      }
      break;
    case KeyAction::toggle_auto_rotate:
      auto_rotate_ = !auto_rotate_;
      break;
    case KeyAction::cycle_inspection_mode: {
      const int n = kInspectionModeCount;
      settings_.mode = InspectionMode((int(settings_.mode) + (shift ? n - 1 : 1)) % n);
      break;
    }
    case KeyAction::toggle_wireframe:
      settings_.wireframe = !settings_.wireframe;
      break;
    case KeyAction::toggle_skeleton:
      settings_.skeleton = !settings_.skeleton;
      break;
    case KeyAction::toggle_grid:
      settings_.grid = !settings_.grid;
      break;
    case KeyAction::toggle_panels:
      show_panel_ = !show_panel_;
      break;
    case KeyAction::cycle_level_lock:
      settings_.levels.locked =
          next_level_lock(settings_.levels.locked, viewed_ ? last_level(viewed_->gpu().meshes()) : 0, shift);
      break;
    default:  // playback with no model open: nothing to play
      break;
  }
}

}  // namespace aem::viewer
