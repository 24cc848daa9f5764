// aem-viewer start-up and frame time, measured from outside the process:
//   - DamagedHelmet: process start to the first presented frame, opened as .aem (mapped,
//     uploaded straight from the mapping) beside the same model opened as .glb (baked in memory
//     first), alternating in the same run;
//   - with --baseline-viewer PATH (an older aem-viewer build), the same start-up of that viewer,
//     alternating with ours, so both see the same machine load;
//   - DamagedHelmet turning (--auto-rotate) and CesiumMan animating: frame times over a few
//     hundred frames without vsync, with and without image-based lighting and multisampling.
// Needs an X display (run under xvfb-run for llvmpipe) and the corpus.
// Usage: viewer_benchmark [--runs N] [--size WxH] [--frames N] [--baseline-viewer PATH]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/bake.hpp"
#include "median.hpp"

namespace {

struct Run {
  double wall_ms = -1;      // spawn to the "first frame presented" line, seen by this process
  double reported_ms = -1;  // main() to first present, as the viewer reports it
  std::string stats;        // frame-time line
};

Run run_viewer(const std::string& command) {
  Run run;
  const auto start = std::chrono::steady_clock::now();
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return run;
  char line[1024];
  while (std::fgets(line, sizeof line, pipe) != nullptr) {
    const std::string text = line;
    if (text.find("first frame presented") != std::string::npos) {
      run.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      std::sscanf(text.c_str(), "aem-viewer: first frame presented %lf", &run.reported_ms);
    } else if (text.find(" frames: mean") != std::string::npos) {
      run.stats = text.substr(text.find(": ") + 2);
    } else {
      std::fputs(line, stderr);
    }
  }
  if (::pclose(pipe) != 0) run.wall_ms = -1;
  return run;
}

using aem::bench::median;

struct Options {
  int runs = 7, frames = 300;
  std::string size = "1280x720";
  std::string baseline_viewer;
};

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--runs") options.runs = std::max(1, std::atoi(argv[i + 1]));
    else if (a == "--size") options.size = argv[i + 1];
    else if (a == "--frames") options.frames = std::max(2, std::atoi(argv[i + 1]));
    else if (a == "--baseline-viewer") options.baseline_viewer = argv[i + 1];
  }
  return options;
}

// Spawn to first frame and main() to first frame, per viewer and input, one entry per run.
struct StartupTimes {
  std::vector<double> aem_wall, aem_reported, glb_wall, glb_reported, base_wall, base_reported;
};

// Runs ours on the .aem and the .glb (and the baseline on the .aem) in turn, options.runs times,
// after one run that warms the page cache and the driver. False, saying so, when a run fails.
bool measure_startup(const Options& options, const std::string& viewer, const std::filesystem::path& aem_file,
                     const std::filesystem::path& glb_file, StartupTimes& times) {
  const std::string common = " --size " + options.size + " --frames 1 --print-timing --no-vsync";
  const std::string baseline = "'" + options.baseline_viewer + "'";
  run_viewer(viewer + " '" + aem_file.string() + "'" + common);  // warm the page cache and the driver
  for (int r = 0; r < options.runs; ++r) {
    const Run a = run_viewer(viewer + " '" + aem_file.string() + "'" + common);
    const Run g = run_viewer(viewer + " '" + glb_file.string() + "'" + common);
    if (a.wall_ms < 0 || g.wall_ms < 0) {
      std::fprintf(stderr, "viewer_benchmark: a viewer run failed\n");
      return false;
    }
    times.aem_wall.push_back(a.wall_ms);
    times.aem_reported.push_back(a.reported_ms);
    times.glb_wall.push_back(g.wall_ms);
    times.glb_reported.push_back(g.reported_ms);
    if (!options.baseline_viewer.empty()) {
      const Run b = run_viewer(baseline + " '" + aem_file.string() + "'" + common);
      if (b.wall_ms < 0) {
        std::fprintf(stderr, "viewer_benchmark: the baseline viewer failed\n");
        return false;
      }
      times.base_wall.push_back(b.wall_ms);
      times.base_reported.push_back(b.reported_ms);
    }
  }
  return true;
}

void print_startup(const Options& options, const StartupTimes& t) {
  std::printf("DamagedHelmet, process start to first presented frame (%s, median of %d runs):\n",
              options.size.c_str(), options.runs);
  std::printf("| viewer, input | spawn to first frame (ms) | main() to first frame (ms) |\n| --- | --- | --- |\n");
  std::printf("| this, .aem (mapped, zero-copy upload) | %.1f | %.1f |\n", median(t.aem_wall), median(t.aem_reported));
  std::printf("| this, .glb (baked in memory) | %.1f | %.1f |\n", median(t.glb_wall), median(t.glb_reported));
  if (!t.base_wall.empty()) {
    std::printf("| baseline (%s), .aem | %.1f | %.1f |\n", options.baseline_viewer.c_str(), median(t.base_wall),
                median(t.base_reported));
  }
  std::printf("speed-up of .aem over .glb: %.1fx\n\n", median(t.glb_wall) / median(t.aem_wall));
}

// Frame time by lighting and anti-aliasing, every configuration of both models in this run;
// prints the table. False when a run gave no frame-time line.
bool print_frame_times(const Options& options, const std::string& viewer, const std::filesystem::path& helmet_aem,
                       const std::filesystem::path& cesium_aem) {
  struct Config {
    const char* name;
    const char* args;
  };
  const Config configs[] = {{"IBL + 4x MSAA (default)", ""},
                            {"IBL, no MSAA", " --no-msaa"},
                            {"key light + 4x MSAA", " --no-ibl"},
                            {"key light, no MSAA", " --no-ibl --no-msaa"}};
  const struct {
    const char* name;
    std::filesystem::path file;
    const char* motion;
  } scenes[] = {{"DamagedHelmet turning", helmet_aem, " --auto-rotate"}, {"CesiumMan animating", cesium_aem, ""}};
  std::printf("Frame time (%s, %d frames, no vsync; mean / median / 95th percentile, ms):\n", options.size.c_str(),
              options.frames);
  std::printf("| model | lighting, anti-aliasing | mean | median | p95 |\n| --- | --- | --- | --- | --- |\n");
  bool all = true;
  for (const auto& scene : scenes) {
    for (const Config& config : configs) {
      const Run run = run_viewer(viewer + " '" + scene.file.string() + "' --size " + options.size + " --frames " +
                                 std::to_string(options.frames) + " --print-timing --no-vsync" + scene.motion +
                                 config.args);
      double mean = -1, med = -1, p95 = -1;
      if (run.stats.empty() ||
          std::sscanf(run.stats.c_str(), "%*d frames: mean %lf ms, median %lf ms, 95th percentile %lf", &mean, &med, &p95) != 3) {
        all = false;
      }
      std::printf("| %s | %s | %.2f | %.2f | %.2f |\n", scene.name, config.name, mean, med, p95);
      std::fflush(stdout);
    }
  }
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  if (std::getenv("DISPLAY") == nullptr) {
    std::fprintf(stderr, "viewer_benchmark: no X display (run it under xvfb-run -a)\n");
    return 1;
  }
  const char* corpus_env = std::getenv("AEM_CORPUS");
  const std::filesystem::path corpus = corpus_env ? corpus_env : AEM_BENCHMARK_CORPUS_DIR;
  const auto helmet_glb = corpus / "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb";
  const auto cesium_glb = corpus / "khronos/CesiumMan/glTF-Binary/CesiumMan.glb";
  if (!std::filesystem::exists(helmet_glb) || !std::filesystem::exists(cesium_glb)) {
    std::fprintf(stderr, "viewer_benchmark: corpus models not found under %s (set AEM_CORPUS)\n", corpus.c_str());
    return 1;
  }
  const auto dir = std::filesystem::temp_directory_path() / "aem_viewer_benchmark";
  std::filesystem::create_directories(dir);
  const auto helmet_aem = dir / "DamagedHelmet.aem", cesium_aem = dir / "CesiumMan.aem";
  aem::pipeline::bake_model_file(helmet_glb, helmet_aem, {});
  aem::pipeline::bake_model_file(cesium_glb, cesium_aem, {});

  const std::string viewer = std::string("'") + AEM_VIEWER_PATH + "'";
  StartupTimes startup;
  if (!measure_startup(options, viewer, helmet_aem, helmet_glb, startup)) return 1;
  print_startup(options, startup);
  const bool all = print_frame_times(options, viewer, helmet_aem, cesium_aem);
  std::filesystem::remove_all(dir);
  return all ? 0 : 1;
}
