/* A C program linked against the shared runtime (aem.dll through its import library, or
 * libaem.so): opens the fuzz seed tiny.aem (test/support/model_factory.cpp, tiny_model()) from
 * its file, mapped and copied, checks what the C API reads, plays its animation, and checks
 * that a failure's status and message reach the program from the library's thread-local state.
 *   shared_c_check TINY_AEM */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <aem/aem.h>

static int failures = 0;

#define CHECK(condition)                                                             \
  do {                                                                               \
    if (!(condition)) {                                                              \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                                    \
    }                                                                                \
  } while (0)

#define CHECK_NEAR(a, b) CHECK(fabs((double)(a) - (double)(b)) < 1e-5)

/* tiny.aem: one triangle, three 1x1 textures, one joint "root" turning 90 degrees about Z over
 * the one-second animation "wave". */
static void check_tiny(const aem_model *model) {
  const aem_sections *s = aem_model_sections(model);
  aem_mip_level level;
  uint32_t found = 99;
  size_t length = 0;
  const char *name;
  CHECK(s != NULL);
  if (s == NULL) return;
  CHECK(memcmp(s->header.magic, "AEM", 3) == 0 && s->header.version == AEM_VERSION);
  CHECK(s->vertex_count == 3 && s->header.vertex_count == 3);
  CHECK(s->index_count == 3 && s->indices[0] == 0 && s->indices[1] == 1 && s->indices[2] == 2);
  CHECK(s->mesh_count == 1 && s->meshes[0].first_index == 0 && s->meshes[0].index_count == 3);
  CHECK(s->material_count == 1 && s->meshes[0].material == 0);
  CHECK(s->texture_count == 3 && s->textures[2].wrap_x == AEM_WRAP_CLAMP_TO_EDGE);
  CHECK(s->joint_count == 1 && s->joints[0].parent == -1);
  CHECK(s->animation_count == 1 && s->animations[0].duration == 1.0f);
  CHECK(s->track_count == 1 && s->keyframe_count == 4);
  CHECK(s->vertices[1].position[0] == 1.0f && s->vertices[2].position[1] == 1.0f);
  CHECK(s->vertices[0].uv[1] == 1.0f && s->vertices[0].joints[0] == 0 && s->vertices[0].weights[0] == 1.0f);

  name = aem_joint_name(model, 0, &length);
  CHECK(name != NULL && length == 4 && memcmp(name, "root", 4) == 0);
  CHECK(aem_find_animation(model, "wave", &found) == AEM_OK && found == 0);
  CHECK(aem_find_joint(model, "nobody", &found) == AEM_ERROR_OUT_OF_RANGE);

  CHECK(aem_mip_count(1, 1) == 1 && aem_mip_level_size(4, 4, AEM_COMPRESSION_BC7) == 16);
  CHECK(aem_model_mip_level(model, 0, 0, &level) == AEM_OK);
  CHECK(level.width == 1 && level.height == 1 && level.size == 4 && level.data != NULL);
  if (level.data != NULL) CHECK(level.data[0] == 200 && level.data[1] == 150 && level.data[3] == 255);
  CHECK(aem_model_mip_level(model, 3, 0, &level) == AEM_ERROR_OUT_OF_RANGE);
}

/* At 0.5 s the joint has turned 45 degrees about Z. */
static void check_mixer(const aem_model *model) {
  aem_mixer *mixer = NULL;
  aem_layer_settings wave;
  aem_layer layer = AEM_NO_LAYER;
  float skinning[16];
  const double half = sqrt(0.5);
  CHECK(aem_mixer_create(model, 2, &mixer) == AEM_OK && mixer != NULL);
  if (mixer == NULL) return;
  CHECK(aem_mixer_joint_count(mixer) == 1);
  aem_layer_settings_init(&wave, 0);
  CHECK(aem_mixer_play(mixer, &wave, &layer) == AEM_OK && aem_mixer_is_playing(mixer, layer));
  CHECK(aem_mixer_update(mixer, 0.5f) == AEM_OK);
  CHECK(aem_mixer_evaluate(mixer, skinning, 16) == AEM_OK);
  CHECK_NEAR(skinning[0], half); CHECK_NEAR(skinning[1], half);
  CHECK_NEAR(skinning[4], -half); CHECK_NEAR(skinning[5], half);
  CHECK_NEAR(skinning[10], 1); CHECK_NEAR(skinning[15], 1); CHECK_NEAR(skinning[12], 0);
  aem_mixer_destroy(mixer);
}

int main(int argc, char **argv) {
  aem_model *model = NULL;
  aem_model *copy = NULL;
  aem_model *missing = (aem_model *)&failures; /* a failed open must reset it */
  const aem_sections *sections;
  if (argc != 2) {
    fprintf(stderr, "usage: shared_c_check TINY_AEM\n");
    return 2;
  }
  if (aem_open(argv[1], AEM_OPEN_DEFAULT, &model) != AEM_OK) {
    fprintf(stderr, "%s: %s\n", argv[1], aem_last_error_message());
    return 1;
  }
  CHECK(aem_model_mapped(model) == 1);
  check_tiny(model);
  check_mixer(model);

  CHECK(aem_open(argv[1], AEM_OPEN_COPY, &copy) == AEM_OK && copy != NULL);
  if (copy != NULL) {
    CHECK(aem_model_mapped(copy) == 0);
    check_tiny(copy);
    aem_close(copy);
  }

  CHECK(aem_open("no-such-model.aem", AEM_OPEN_DEFAULT, &missing) == AEM_ERROR_IO);
  CHECK(missing == NULL && aem_last_error_code() == AEM_ERROR_IO);
  CHECK(strstr(aem_last_error_message(), "no-such-model.aem") != NULL);
  CHECK(strcmp(aem_status_name(AEM_ERROR_IO), "io_error") == 0);

  if (failures != 0) {
    fprintf(stderr, "%d checks failed\n", failures);
    aem_close(model);
    return 1;
  }
  /* Printed only when every check passed: the test matches it. */
  sections = aem_model_sections(model);
  printf("meshes=%u vertices=%u indices=%u textures=%u joints=%u animations=%u\n",
         sections->mesh_count, sections->vertex_count, sections->index_count,
         sections->texture_count, sections->joint_count, sections->animation_count);
  aem_close(model);
  return 0;
}
