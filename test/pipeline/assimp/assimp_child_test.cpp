// The child process boundary of import_assimp, with stand-in importers (shell scripts): a child
// that aborts, fails, hangs, floods its pipe or sends a malformed or inconsistent scene fails the
// import with a BakeError naming the model; a cancel kills it. The parent never crashes.
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "import/assimp/assimp_import.hpp"
#include "assimp_test_support.hpp"
#include "sample_scene.hpp"
#include "scene/scene_serialization.hpp"
#include "scratch_dir.hpp"
#include "watchdog.hpp"

namespace {

using namespace aem::pipeline;
using aem::test::ScratchDir;

class StandInImporter : public ::testing::Test {
 protected:
  StandInImporter() : dir_("assimp_child") { aem::test::write_text_file(model(), "o Empty\n"); }

  std::filesystem::path model() const { return dir_.path() / "model.obj"; }

  // An importer that runs `body` as a shell script.
  AssimpChildSettings importer(const std::string& body) {
    const auto script = dir_.path() / ("importer" + std::to_string(++scripts_) + ".sh");
    aem::test::write_text_file(script, "#!/bin/sh\n" + body + "\n");
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    AssimpChildSettings settings;
    settings.importer = script;
    return settings;
  }

  // The BakeError message of an import with `settings`; fails the test when it succeeds.
  std::string failure(const AssimpChildSettings& settings, const BakeOptions& options = {}) {
    WarningLog log;
    try {
      import_assimp(model(), options, log, settings);
    } catch (const BakeCancelled& e) {
      return std::string("cancelled: ") + e.what();
    } catch (const BakeError& e) {
      return e.what();
    }
    ADD_FAILURE() << "the import succeeded";
    return {};
  }

  std::string prefix() const { return model().string() + ": Assimp import failed: "; }

  ScratchDir dir_;
  int scripts_ = 0;
  aem::test::Watchdog watchdog_{"stand-in importer test", std::chrono::seconds(120)};
};

TEST_F(StandInImporter, AnAbortingChildIsAnErrorWithItsSignalAndStderr) {
  const std::string message = failure(importer("echo 'Assertion failed: mNumIndices > 0' >&2\nkill -ABRT $$"));
  EXPECT_EQ(message.rfind(prefix(), 0), 0u) << message;
  EXPECT_NE(message.find("killed by signal 6"), std::string::npos) << message;
  EXPECT_NE(message.find("Assertion failed: mNumIndices > 0"), std::string::npos) << message;
}

TEST_F(StandInImporter, AFailingChildsMessageIsPassedOn) {
  EXPECT_EQ(failure(importer("echo 'first line' >&2\necho 'Unable to open file' >&2\nexit 1")),
            prefix() + "first line / Unable to open file");
  EXPECT_EQ(failure(importer("exit 3")), prefix() + "exit status 3");
  EXPECT_EQ(failure(importer("printf 'bad \\377 byte\\n' >&2\nexit 1")), prefix() + "bad ? byte");
}

TEST_F(StandInImporter, AHangingChildIsKilledAtTheTimeLimit) {
  AssimpChildSettings settings = importer("exec sleep 60");
  settings.time_limit = std::chrono::milliseconds(300);
  EXPECT_EQ(failure(settings), prefix() + "took longer than 300 ms");
}

TEST_F(StandInImporter, CancelKillsTheChild) {
  std::atomic<bool> cancel{false};
  BakeOptions options;
  options.signals.cancel = &cancel;
  // Cancelled once the child runs (it says so with a file), so that a kill is what ends it.
  const auto running = dir_.path() / "child_running";
  bool seen_running = false;
  std::thread canceller([&] {
    while (!cancel && !(seen_running = std::filesystem::exists(running)))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a poll; the fixture's watchdog bounds it
    cancel = true;
  });
  const std::string message = failure(importer("touch '" + running.string() + "'\nexec sleep 60"), options);
  cancel = true;  // the import ended without a cancel (a failure above): release the canceller
  canceller.join();
  EXPECT_TRUE(seen_running) << "the import ended before its child ran";
  EXPECT_EQ(message, "cancelled: " + model().string() + ": bake cancelled");
}

TEST_F(StandInImporter, OutputPastTheLimitIsRefused) {
  AssimpChildSettings settings = importer("exec yes");
  settings.max_scene_bytes = 100000;
  EXPECT_EQ(failure(settings), prefix() + "its scene is larger than 100000 bytes");
}

TEST_F(StandInImporter, MalformedOrInconsistentScenesAreRefused) {
  EXPECT_NE(failure(importer("echo garbage")).find(prefix() + "the importer sent a malformed scene: "), std::string::npos);
  Scene broken = aem::test::sample_scene();
  broken.nodes[0].children = {5};
  const auto bytes = serialize_import({broken, {}});
  const auto file = dir_.path() / "broken.scene";
  aem::test::write_text_file(file, std::string(bytes.begin(), bytes.end()));
  const std::string message = failure(importer("exec cat '" + file.string() + "'"));
  EXPECT_NE(message.find("malformed scene"), std::string::npos) << message;
  EXPECT_NE(message.find("node 'Root' (aiNode 0)"), std::string::npos) << message;
}

TEST_F(StandInImporter, AChildsImageFileIsResolvedByTheParent) {
  Scene scene = aem::test::sample_scene();
  scene.images[0].file = "../../../../../../../../etc/passwd";
  scene.inputs = {dir_.path() / ".." / ".." / ".." / ".." / ".." / ".." / "etc" / "passwd"};  // "inside" lexically
  const auto bytes = serialize_import({scene, {}});
  const auto file = dir_.path() / "hostile.scene";
  aem::test::write_text_file(file, std::string(bytes.begin(), bytes.end()));
  WarningLog log;
  const Scene got = import_assimp(model(), BakeOptions{}, log, importer("exec cat '" + file.string() + "'"));
  EXPECT_NE(got.images[0].problem.find("leaves the model's directory"), std::string::npos) << got.images[0].problem;
  EXPECT_EQ(got.inputs.front(), model());
  for (const auto& input : got.inputs) EXPECT_EQ(input.string().find("passwd"), std::string::npos) << input;
}

TEST_F(StandInImporter, TextThatIsNotUtf8IsRepaired) {
  Scene scene = aem::test::sample_scene();
  scene.nodes[1].name = "Caf\xe9";
  scene.animations[0].name = "\xff";
  const auto bytes = serialize_import({scene, {{"lights", "", "l\xe0"}}});
  const auto file = dir_.path() / "latin1.scene";
  aem::test::write_text_file(file, std::string(bytes.begin(), bytes.end()));
  WarningLog log;
  const Scene got = import_assimp(model(), BakeOptions{}, log, importer("exec cat '" + file.string() + "'"));
  EXPECT_EQ(got.nodes[1].name, "Caf\xc3\xa9");
  EXPECT_EQ(got.animations[0].name, "\xc3\xbf");
  ASSERT_FALSE(log.messages().empty());
  EXPECT_NE(log.messages().front().find("l\xc3\xa0"), std::string::npos) << log.messages().front();
}

TEST_F(StandInImporter, AMissingImporterIsAnError) {
  AssimpChildSettings settings;
  settings.importer = dir_.path() / "no-such-importer";
  const std::string message = failure(settings);
  EXPECT_EQ(message.rfind(prefix() + "cannot start ", 0), 0u) << message;
}

}  // namespace
