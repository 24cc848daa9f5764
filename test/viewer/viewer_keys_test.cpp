// The viewer's keys come from one table (apps/viewer/ui/key_bindings.hpp): every key the event
// handling dispatches must be named in the Keys panel's reference and in --help, and a key
// outside the table does nothing. The render keys that the panel once missed (E, Y, V, I) are
// checked by name and, through --keys, by what they do to a frame.
#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"
#include "options/options.hpp"
#include "ui/key_bindings.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

std::vector<std::string> names_in(const std::string& reference_name) {  // "Esc / Q" -> Esc, Q
  std::vector<std::string> names;
  for (std::size_t start = 0;;) {
    const std::size_t slash = reference_name.find(" / ", start);
    names.push_back(reference_name.substr(start, slash - start));
    if (slash == std::string::npos) return names;
    start = slash + 3;
  }
}

// The keys that trigger `binding`: its own and its `same` ones.
std::vector<SDL_Keycode> keys_of(const KeyBinding& binding) {
  std::vector<SDL_Keycode> keys{binding.key};
  for (const SDL_Keycode same : binding.same) {
    if (same != 0) keys.push_back(same);
  }
  return keys;
}

TEST(ViewerUnit, EveryHandledKeyIsNamedInTheKeysPanelAndTheUsage) {
  const std::string help = usage();
  const std::vector<KeyReferenceLine> reference = key_reference();
  std::set<SDL_Keycode> seen;
  for (const KeyBinding& binding : key_bindings()) {
    for (const SDL_Keycode key : keys_of(binding)) {
      EXPECT_TRUE(seen.insert(key).second) << key_name(key) << " is bound twice";
      // The event handling finds this row for the key...
      EXPECT_EQ(find_key_binding(key), &binding) << key_name(key);
      // ...the panel has a line naming the key with this row's description...
      const KeyReferenceLine* line = nullptr;
      for (const KeyReferenceLine& candidate : reference) {
        const std::vector<std::string> names = names_in(candidate.name);
        if (std::find(names.begin(), names.end(), key_name(key)) != names.end()) line = &candidate;
      }
      ASSERT_NE(line, nullptr) << key_name(key) << " is handled but not in the Keys panel";
      EXPECT_EQ(line->description, binding.description) << key_name(key);
      // ...and --help prints that line: the key's names, then the description.
      std::istringstream lines(help);
      bool printed = false;
      for (std::string text; std::getline(lines, text);) {
        printed = printed || (text.rfind("  " + line->name + " ", 0) == 0 &&
                              text.find(std::string(binding.description)) != std::string::npos);
      }
      EXPECT_TRUE(printed) << key_name(key) << " is handled but not in the usage:\n" << help;
    }
  }
  // The render settings' keys, which the panel's own list used to miss.
  for (const SDL_Keycode key : {SDLK_e, SDLK_y, SDLK_v, SDLK_i}) EXPECT_TRUE(seen.count(key)) << key_name(key);
  for (const char* name : {"E", "Y", "V", "I", "Esc / Q", "Space"}) {
    EXPECT_NE(help.find("\n  " + std::string(name) + " "), std::string::npos) << name;
  }
  // The mouse's gestures are in both as well.
  EXPECT_NE(help.find("  left drag"), std::string::npos);
  EXPECT_EQ(reference.front().name, "left drag");
}

TEST(ViewerUnit, KeysOutsideTheTableAreIgnored) {
  EXPECT_EQ(find_key_binding(SDLK_z), nullptr);
  EXPECT_EQ(find_key_binding(SDLK_F1), nullptr);
  EXPECT_EQ(find_key_binding(0), nullptr);  // an unused `same` slot is no key
  EXPECT_EQ(key_name(SDLK_e), "E");
  EXPECT_EQ(key_name(SDLK_KP_PLUS), "keypad +");
}

TEST(ViewerCli, HelpListsTheRenderKeys) {
  const CommandResult result = run_viewer("--help");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("Keys and mouse:"), std::string::npos) << result.output;
  for (const char* line : {"  E ", "  Y ", "  V ", "  I "}) EXPECT_NE(result.output.find(line), std::string::npos) << line;
}

// V through --keys does what --background env does, and I what --no-ibl does: the table's
// rows reach the settings.
TEST(ViewerUi, RenderKeysChangeTheFrameAsTheirOptionsDo) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("render_keys");
  const auto model = dir / "tiny.aem";
  pipeline::write_model_file(model, tiny_model());
  const std::string view = "--size 128x128 --yaw 20 --pitch 10 --no-grid";
  const Image flat = screenshot(model, dir / "flat.png", view);
  const Image by_key = screenshot(model, dir / "v_key.png", view + " --keys V");
  const Image by_option = screenshot(model, dir / "env_option.png", view + " --background env");
  const Image ibl_off_by_key = screenshot(model, dir / "i_key.png", view + " --keys I");
  const Image ibl_off_by_option = screenshot(model, dir / "no_ibl.png", view + " --no-ibl");
  ASSERT_GT(flat.width, 0);
  EXPECT_GT(difference(by_key, flat).mean, 1.0) << "V did not change the background";
  EXPECT_LT(difference(by_key, by_option).mean, 0.01);
  EXPECT_LT(difference(ibl_off_by_key, ibl_off_by_option).mean, 0.01);
}

}  // namespace
}  // namespace aem::test::viewer
