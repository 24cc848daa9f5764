/* The worked example of specs/aem-v1.md, in C: the 892 bytes written out field by field, opened
 * with aem_open_memory and read back through the C API, then its animation played by the C mixer.
 * Built as C99 with -Wall -Wextra -pedantic -Werror: aem.h must stay plain C. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aem/aem.h"

static int failures = 0;

#define CHECK(condition)                                                  \
  do {                                                                    \
    if (!(condition)) {                                                   \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                         \
    }                                                                     \
  } while (0)

#define CHECK_NEAR(a, b) CHECK(fabs((double)(a) - (double)(b)) < 1e-5)

/* ---- The file, byte by byte (little-endian) ---- */

/* 4-byte aligned, as a file's mapping or a loader's buffer is, so the sections are used in place. */
static union {
  unsigned char bytes[1248]; /* the worked example, then names, morph_targets or four surface extensions */
  uint32_t alignment;
} storage;
static unsigned char *const file = storage.bytes;
static size_t file_size = 0;

static void u8(unsigned v) { file[file_size++] = (unsigned char)v; }
static void u32(uint32_t v) {
  int i;
  for (i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xFF);
}
static void i32(int32_t v) { u32((uint32_t)v); }
static void f32(float v) {
  uint32_t bits;
  memcpy(&bits, &v, 4);
  u32(bits);
}
static void zeros(size_t n) {
  while (n--) u8(0);
}
static void name(const char *s) {
  size_t n = strlen(s);
  size_t i;
  for (i = 0; i < n; ++i) u8((unsigned char)s[i]);
  zeros(AEM_NAME_SIZE - n);
}

static const float corners[3][4] = {{0, 0, 0, 1}, {1, 0, 1, 1}, {0, 1, 0, 0}}; /* x, y, u, v */

static void write_worked_example(void) {
  int v, i;
  u8('A'); u8('E'); u8('M'); u8(1);
  u32(3); u32(3); u32(48); u32(3); u32(1); u32(1); u32(1); u32(1); u32(1); u32(4);
  for (v = 0; v < 3; ++v) {
    f32(corners[v][0]); f32(corners[v][1]); f32(0);
    f32(0); f32(0); f32(1);
    f32(1); f32(0); f32(0);
    f32(0); f32(1); f32(0);
    f32(corners[v][2]); f32(corners[v][3]);
    i32(0); i32(-1); i32(-1); i32(-1);
    f32(1); f32(0); f32(0); f32(0);
  }
  u32(0); u32(1); u32(2);
  u8(200); u8(150); u8(100); u8(255); zeros(12);
  u8(128); u8(128); u8(255); u8(255); zeros(12);
  u8(128); u8(255); u8(0); u8(0); zeros(12);
  u32(0); u32(1); u32(1); u32(0); u32(0); u32(0);
  u32(16); u32(1); u32(1); u32(0); u32(0); u32(0);
  u32(32); u32(1); u32(1); u32(2); u32(2); u32(0);
  u32(0); u32(3); u32(0);
  u32(0); u32(1); u32(2); u32(0);
  name("root");
  for (i = 0; i < 16; ++i) f32(i % 5 == 0 ? 1.0f : 0.0f);
  i32(-1);
  name("wave"); f32(1.0f);
  u32(0); u32(1); u32(2); u32(1);
  f32(0); f32(0); f32(0); f32(0); f32(0);
  f32(0); f32(0); f32(0); f32(0); f32(1);
  f32(1); f32(0); f32(0); f32(0.70710677f); f32(0.70710677f);
  f32(0); f32(1); f32(1); f32(1); f32(0);
}

/* ---- Every field, read back ---- */

static void check_sections(const aem_sections *s) {
  const aem_header *h = &s->header;
  static const float normal[3] = {0, 0, 1}, tangent[3] = {1, 0, 0}, bitangent[3] = {0, 1, 0};
  static const unsigned char texels[3][4] = {{200, 150, 100, 255}, {128, 128, 255, 255}, {128, 255, 0, 0}};
  int v, c, t;
  CHECK(memcmp(h->magic, "AEM", 3) == 0);
  CHECK(h->version == AEM_VERSION);
  CHECK(h->vertex_count == 3 && h->index_count == 3 && h->image_buffer_size == 48);
  CHECK(h->texture_count == 3 && h->mesh_count == 1 && h->material_count == 1);
  CHECK(h->joint_count == 1 && h->animation_count == 1 && h->track_count == 1 && h->keyframe_count == 4);
  CHECK(s->vertex_count == 3 && s->index_count == 3 && s->image_buffer_size == 48 && s->texture_count == 3);
  CHECK(s->mesh_count == 1 && s->material_count == 1 && s->joint_count == 1 && s->animation_count == 1);
  CHECK(s->track_count == 1 && s->keyframe_count == 4);
  /* In place, at the section offsets the spec lists: the C records are the file's bytes. */
  CHECK((const unsigned char *)s->vertices == file + 44 && (const unsigned char *)s->indices == file + 308);
  CHECK(s->image_buffer == file + 320 && (const unsigned char *)s->textures == file + 368);
  CHECK((const unsigned char *)s->meshes == file + 440 && (const unsigned char *)s->materials == file + 452);
  CHECK((const unsigned char *)s->joints == file + 468 && (const unsigned char *)s->animations == file + 664);
  CHECK((const unsigned char *)s->tracks == file + 796 && (const unsigned char *)s->keyframes == file + 812);

  for (v = 0; v < 3; ++v) {
    const aem_vertex *x = &s->vertices[v];
    CHECK(x->position[0] == corners[v][0] && x->position[1] == corners[v][1] && x->position[2] == 0);
    for (c = 0; c < 3; ++c) {
      CHECK(x->normal[c] == normal[c] && x->tangent[c] == tangent[c] && x->bitangent[c] == bitangent[c]);
    }
    CHECK(x->uv[0] == corners[v][2] && x->uv[1] == corners[v][3]);
    CHECK(x->joints[0] == 0 && x->joints[1] == -1 && x->joints[2] == -1 && x->joints[3] == -1);
    CHECK(x->weights[0] == 1 && x->weights[1] == 0 && x->weights[2] == 0 && x->weights[3] == 0);
  }
  CHECK(s->indices[0] == 0 && s->indices[1] == 1 && s->indices[2] == 2);
  for (t = 0; t < 3; ++t) {
    const aem_texture *x = &s->textures[t];
    const uint32_t wrap = t == 2 ? AEM_WRAP_CLAMP_TO_EDGE : AEM_WRAP_REPEAT;
    aem_mip_level level;
    static const unsigned char padding[12] = {0};
    CHECK(memcmp(s->image_buffer + 16 * t, texels[t], 4) == 0);
    CHECK(memcmp(s->image_buffer + 16 * t + 4, padding, 12) == 0);
    CHECK(x->offset == (uint32_t)(16 * t) && x->width == 1 && x->height == 1);
    CHECK(x->wrap_x == wrap && x->wrap_y == wrap && x->compression == AEM_COMPRESSION_NONE);
    CHECK(aem_mip_count(x->width, x->height) == 1);
    CHECK(aem_model_mip_level(NULL, 0, 0, &level) == AEM_ERROR_INVALID_ARGUMENT);
  }
  CHECK(s->meshes[0].first_index == 0 && s->meshes[0].index_count == 3 && s->meshes[0].material == 0);
  CHECK(s->materials[0].base_color_texture == 0 && s->materials[0].normal_texture == 1);
  CHECK(s->materials[0].pbr_texture == 2 && s->materials[0].type == AEM_MATERIAL_OPAQUE);
  CHECK(memcmp(s->joints[0].name, "root", 5) == 0 && s->joints[0].parent == -1);
  for (c = 5; c < AEM_NAME_SIZE; ++c) CHECK(s->joints[0].name[c] == 0 && s->animations[0].name[c] == 0);
  for (c = 0; c < 16; ++c) CHECK(s->joints[0].inverse_bind[c] == (c % 5 == 0 ? 1.0f : 0.0f));
  CHECK(memcmp(s->animations[0].name, "wave", 5) == 0 && s->animations[0].duration == 1.0f);
  CHECK(s->tracks[0].first_keyframe == 0 && s->tracks[0].translation_count == 1);
  CHECK(s->tracks[0].rotation_count == 2 && s->tracks[0].scale_count == 1);
  CHECK(s->keyframes[0].time == 0 && s->keyframes[0].value[0] == 0 && s->keyframes[0].value[3] == 0);
  CHECK(s->keyframes[1].time == 0 && s->keyframes[1].value[2] == 0 && s->keyframes[1].value[3] == 1);
  CHECK(s->keyframes[2].time == 1 && s->keyframes[2].value[2] == 0.70710677f && s->keyframes[2].value[3] == 0.70710677f);
  CHECK(s->keyframes[3].time == 0 && s->keyframes[3].value[0] == 1 && s->keyframes[3].value[1] == 1);
  CHECK(s->keyframes[3].value[2] == 1 && s->keyframes[3].value[3] == 0);
}

static void check_helpers(const aem_model *model) {
  aem_mip_level level;
  size_t length = 99;
  uint32_t index = 99;
  CHECK(aem_model_mip_level(model, 1, 0, &level) == AEM_OK);
  CHECK(level.width == 1 && level.height == 1 && level.offset == 0 && level.size == 4);
  CHECK(level.data[0] == 128 && level.data[2] == 255);
  CHECK(aem_model_mip_level(model, 1, 1, &level) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(aem_model_mip_level(model, 3, 0, &level) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(aem_mip_count(256, 64) == 9 && aem_mip_count(0, 4) == 0);
  CHECK(aem_mip_level_size(8, 8, AEM_COMPRESSION_NONE) == 256 && aem_mip_level_size(5, 5, AEM_COMPRESSION_BC7) == 64);
  CHECK(aem_mip_level_size(8, 8, 7) == 0);

  CHECK(strncmp(aem_joint_name(model, 0, &length), "root", 4) == 0 && length == 4);
  CHECK(strncmp(aem_animation_name(model, 0, &length), "wave", 4) == 0 && length == 4);
  CHECK(aem_joint_name(model, 1, &length) == NULL && length == 0);
  CHECK(aem_find_animation(model, "wave", &index) == AEM_OK && index == 0);
  CHECK(aem_find_joint(model, "root", &index) == AEM_OK && index == 0);
  CHECK(aem_find_joint(model, "tail", &index) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(strstr(aem_last_error_message(), "tail") != NULL);
}

/* The joint turns 90 degrees about Z over the second: at 0.5 s it has turned 45. */
static void check_mixer(const aem_model *model) {
  aem_mixer *mixer = NULL, *other = NULL;
  aem_layer_settings wave;
  aem_layer layer = AEM_NO_LAYER, again = AEM_NO_LAYER, foreign = AEM_NO_LAYER;
  float skinning[16];
  const double half = sqrt(0.5);

  CHECK(aem_mixer_create(model, 2, &mixer) == AEM_OK);
  CHECK(aem_mixer_joint_count(mixer) == 1);
  aem_layer_settings_init(&wave, 0);
  CHECK(aem_mixer_play(mixer, &wave, &layer) == AEM_OK && layer != AEM_NO_LAYER);
  CHECK(aem_mixer_update(mixer, 0.5f) == AEM_OK);
  CHECK(aem_mixer_evaluate(mixer, skinning, 16) == AEM_OK);
  CHECK_NEAR(skinning[0], half); CHECK_NEAR(skinning[1], half);
  CHECK_NEAR(skinning[4], -half); CHECK_NEAR(skinning[5], half);
  CHECK_NEAR(skinning[10], 1); CHECK_NEAR(skinning[15], 1); CHECK_NEAR(skinning[12], 0);
  CHECK(aem_mixer_evaluate(mixer, skinning, 15) == AEM_ERROR_INVALID_ARGUMENT);

  /* A stopped layer's handle is refused for good, even once its slot plays again. */
  CHECK(aem_mixer_stop(mixer, layer) == AEM_OK);
  CHECK(aem_mixer_stop(mixer, layer) == AEM_ERROR_STALE_LAYER);
  CHECK(aem_mixer_play(mixer, &wave, &again) == AEM_OK && again != layer);
  CHECK(!aem_mixer_is_playing(mixer, layer) && aem_mixer_is_playing(mixer, again));
  CHECK(aem_mixer_fade(mixer, layer, 0, 1, AEM_FADE_LINEAR) == AEM_ERROR_STALE_LAYER);
  CHECK(aem_last_error_code() == AEM_ERROR_STALE_LAYER);
  /* So is another mixer's. */
  CHECK(aem_mixer_create(model, 2, &other) == AEM_OK);
  CHECK(aem_mixer_play(other, &wave, &foreign) == AEM_OK);
  CHECK(aem_mixer_stop(mixer, foreign) == AEM_ERROR_STALE_LAYER);
  CHECK(aem_mixer_is_playing(other, foreign) && !aem_mixer_is_playing(other, again));
  wave.animation = 1;
  CHECK(aem_mixer_play(mixer, &wave, &layer) == AEM_ERROR_OUT_OF_RANGE && layer == AEM_NO_LAYER);
  aem_mixer_destroy(other);
  aem_mixer_destroy(mixer);
}

/* The extension area of specs/aem-extensions.md after the 892 bytes: padding to 896, the
 * directory with one optional entry, and a morph_targets payload of 192 bytes at 960: one group
 * of one target "grow" (default weight 0.5) moving the three vertices by (0, 0, 1), (0, 0, 2) and
 * (0, 0, 3), whose weight goes from 0 to 1 over the animation's second. */
static void u64(uint64_t v) {
  u32((uint32_t)(v & 0xFFFFFFFFu));
  u32((uint32_t)(v >> 32));
}
static void text(const char *s, size_t field) {
  size_t n = strlen(s);
  size_t i;
  for (i = 0; i < n; ++i) u8((unsigned char)s[i]);
  zeros(field - n);
}
static void append_morph_targets(void) {
  int v;
  zeros(4);
  text("AEMX", 4); u32(1); u32(1); u32(0);
  text("morph_targets", 24); u32(0); u32(1); u64(960); u64(192);
  u32(1); u32(1); u32(1); u32(4); u32(3); u32(0); u32(4); u32(0); /* header */
  u32(0); u32(1); u32(0); u32(0);                                 /* the group, unnamed */
  u32(0); u32(4); f32(0.5f); u32(1); u32(0); u32(3); u32(0); u32(0xFFFFFFFFu); u32(0); zeros(12);
  u32(0); u32(2); zeros(8);                                       /* its track: 2 keys */
  f32(0); f32(0); f32(1); f32(1);                                 /* (time, weight) twice */
  for (v = 1; v <= 3; ++v) { f32(0); f32(0); f32((float)v); }
  zeros(12);
  text("grow", 16);
}

/* The worked example with four extensions after its 892 bytes: padding to 896, a directory of
 * four optional entries (sorted by name) and their payloads from 1104: emissive (mode 1, factor
 * (0.25, 0.5, 1), strength 2, texture 2 on set 1), material_flags (unlit), uv1 (three UVs; the
 * material's occlusion on set 1 from texture 1) and vertex_colours (RGBA8). */
static void entry(const char *extension, uint64_t offset, uint64_t size) {
  text(extension, 24); u32(0); u32(1); u64(offset); u64(size);
}
static void append_surface_extensions(void) {
  zeros(4);
  text("AEMX", 4); u32(1); u32(4); u32(0);
  entry("emissive", 1104, 32);
  entry("material_flags", 1136, 16);
  entry("uv1", 1152, 64);
  entry("vertex_colours", 1216, 32);
  u32(1); f32(0.25f); f32(0.5f); f32(1.0f); f32(2.0f); u32(2); u32(1); u32(0); /* emissive */
  u32(1); zeros(12);                                                         /* unlit */
  u32(3); u32(1); zeros(8);                                                  /* uv1 header */
  f32(0.5f); f32(0.25f); f32(1.0f); f32(0.0f); f32(-2.0f); f32(3.0f); zeros(8);
  u8(0); u8(0); u8(0); u8(1); u32(1); zeros(8);                              /* its material */
  u32(0); u32(3); zeros(8);                                                  /* colours, RGBA8 */
  u8(255); u8(0); u8(0); u8(255); u8(0); u8(128); u8(0); u8(255); u8(0); u8(0); u8(255); u8(64);
  zeros(4);
}

static void check_surface_extensions(const aem_model *model) {
  aem_vertex_colours colours;
  const float *uvs = NULL;
  uint32_t count = 0, flags = 0;
  aem_uv1_material sets;
  aem_emissive emission;
  const uint8_t *rgba;

  CHECK(aem_model_vertex_colours(model, &colours) == AEM_OK);
  CHECK(colours.encoding == 0 && colours.vertex_count == 3 && colours.data != NULL);
  rgba = (const uint8_t *)colours.data;
  CHECK(colours.data == NULL || (rgba[0] == 255 && rgba[5] == 128 && rgba[11] == 64));
  CHECK(aem_model_uv1(model, &uvs, &count) == AEM_OK && count == 3 && uvs != NULL);
  CHECK(uvs == NULL || (uvs[0] == 0.5f && uvs[5] == 3.0f));
  CHECK(aem_material_uv1(model, 0, &sets) == AEM_OK);
  CHECK(sets.base_colour_set == 0 && sets.pbr_set == 0 && sets.occlusion_set == 1 && sets.occlusion_texture == 1);
  CHECK(aem_material_emissive(model, 0, &emission) == AEM_OK);
  CHECK(emission.mode == AEM_EMISSIVE_RECORD && emission.factor[1] == 0.5f && emission.strength == 2.0f);
  CHECK(emission.texture == 2 && emission.uv_set == 1);
  CHECK(aem_material_flags(model, 0, &flags) == AEM_OK && flags == AEM_MATERIAL_UNLIT);
  CHECK(aem_material_flags(model, 1, &flags) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(aem_material_emissive(model, 1, &emission) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(aem_material_uv1(model, 0, NULL) == AEM_ERROR_INVALID_ARGUMENT);
  CHECK(aem_model_vertex_colours(NULL, &colours) == AEM_ERROR_INVALID_ARGUMENT);
}

/* Without the extensions: no colours, no second set, the core emission rule, no flags. */
static void check_no_surface_extensions(const aem_model *model) {
  aem_vertex_colours colours;
  const float *uvs = (const float *)1;
  uint32_t count = 7, flags = 7;
  aem_uv1_material sets;
  aem_emissive emission;
  CHECK(aem_model_vertex_colours(model, &colours) == AEM_OK && colours.data == NULL && colours.vertex_count == 0);
  CHECK(aem_model_uv1(model, &uvs, &count) == AEM_OK && uvs == NULL && count == 0);
  CHECK(aem_material_uv1(model, 0, &sets) == AEM_OK && sets.occlusion_set == 0 && sets.occlusion_texture == AEM_NO_TEXTURE);
  CHECK(aem_material_emissive(model, 0, &emission) == AEM_OK && emission.mode == AEM_EMISSIVE_CORE);
  CHECK(aem_material_flags(model, 0, &flags) == AEM_OK && flags == 0);
}

/* Without the lods and meshlets extensions: level 0 only, the mesh's own range, and no meshlets;
 * the selection and culling helpers from C. */
static void check_no_levels(const aem_model *model) {
  uint32_t count = 0, level = 9;
  aem_lod lod;
  aem_meshlets meshlets;
  const aem_meshlet *first = NULL;
  aem_meshlet flat;
  const float below[3] = {0, 0, -1}, above[3] = {0, 0, 1};
  CHECK(aem_mesh_lod_count(model, 0, &count) == AEM_OK && count == 1);
  CHECK(aem_mesh_lod(model, 0, 0, &lod) == AEM_OK && lod.indices == aem_model_sections(model)->indices);
  CHECK(lod.index_count == 3 && lod.triangle_count == 1 && lod.error == 0);
  CHECK(aem_mesh_lod(model, 0, 1, &lod) == AEM_ERROR_OUT_OF_RANGE);
  CHECK(aem_lod_for(model, 0, 1.0f, &level) == AEM_OK && level == 0);
  CHECK_NEAR(aem_allowed_object_error(1.0f, 10.0f, 1.5707964f, 1000.0f), 0.02);
  CHECK(aem_model_meshlets(model, &meshlets) == AEM_OK && meshlets.meshlets == NULL && meshlets.meshlet_count == 0);
  CHECK(aem_mesh_meshlets(model, 0, 0, &first, &count) == AEM_OK && first == NULL && count == 0);
  memset(&flat, 0, sizeof flat);
  flat.cone_axis[2] = 1.0f; /* a flat meshlet at the origin facing +z, cutoff 0 */
  CHECK(aem_meshlet_faces_away(&flat, below) == 1 && aem_meshlet_faces_away(&flat, above) == 0);
  CHECK(sizeof(aem_meshlet) == 64 && AEM_MESHLET_VERTEX_LIMIT == 256);
}

static void check_morph_targets(const aem_model *model) {
  aem_vertex out[3];
  float weights[1] = {0};
  size_t length = 0;
  const char *name = aem_morph_target_name(model, 0, &length);
  aem_mixer *mixer = NULL;
  aem_layer_settings grow;
  aem_layer layer = AEM_NO_LAYER;

  CHECK(aem_morph_target_count(model) == 1);
  CHECK(name != NULL && length == 4 && memcmp(name, "grow", 4) == 0);
  CHECK(aem_morph_target_name(model, 1, &length) == NULL && length == 0);
  CHECK(aem_morph_default_weights(model, weights, 1) == AEM_OK && weights[0] == 0.5f);
  CHECK(aem_morph_apply(model, weights, 1, out, 3) == AEM_OK);
  CHECK(out[0].position[2] == 0.5f && out[1].position[2] == 1.0f && out[2].position[2] == 1.5f);
  CHECK(out[1].position[0] == 1.0f && out[2].uv[1] == 0.0f);
  CHECK(aem_morph_apply(model, weights, 1, out, 2) == AEM_ERROR_INVALID_ARGUMENT);
  CHECK(aem_morph_apply(model, weights, 0, out, 3) == AEM_ERROR_INVALID_ARGUMENT);

  /* The weight track through the mixer: 0.25 at 0.25 s. */
  CHECK(aem_mixer_create(model, 2, &mixer) == AEM_OK);
  aem_layer_settings_init(&grow, 0);
  CHECK(aem_mixer_play(mixer, &grow, &layer) == AEM_OK);
  CHECK(aem_mixer_update(mixer, 0.25f) == AEM_OK);
  CHECK(aem_mixer_evaluate_morph_weights(mixer, weights, 1) == AEM_OK);
  CHECK_NEAR(weights[0], 0.25);
  CHECK(aem_mixer_evaluate_morph_weights(mixer, weights, 2) == AEM_ERROR_INVALID_ARGUMENT);
  aem_mixer_destroy(mixer);
}

/* The worked example with a `names` extension (specs/aem-extensions.md): 4 bytes of padding to
 * 896, the directory (16 + 48 bytes), and at 960 the 48-byte payload naming material 0
 * "Scrape04" and mesh 0 "tri". Names are not NUL-terminated: the length says where one ends. */
static void check_names(void) {
  aem_model *model = NULL;
  size_t length = 99;
  const char *text = "Scrape04tri";
  size_t i;
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_OK);
  CHECK(aem_material_name(model, 0, &length) != NULL && length == 0); /* no names: empty ones */
  CHECK(aem_mesh_name(model, 1, &length) == NULL && length == 0);
  aem_close(model);
  zeros(4);
  u8('A'); u8('E'); u8('M'); u8('X'); u32(1); u32(1); u32(0);
  u8('n'); u8('a'); u8('m'); u8('e'); u8('s'); zeros(19);
  u32(0); u32(1); u32(960); u32(0); u32(48); u32(0);
  u32(1); u32(1); u32(11); u32(0); /* material_count, mesh_count, text_size, reserved */
  u32(0); u32(8); u32(8); u32(3);
  for (i = 0; i < 11; ++i) u8((unsigned char)text[i]);
  zeros(5);
  CHECK(file_size == 1008);
  for (i = 0; i < 2; ++i) {
    CHECK(aem_open_memory(file, file_size, i == 0 ? AEM_OPEN_DEFAULT : AEM_OPEN_TRUSTED, &model) == AEM_OK);
    CHECK(strncmp(aem_material_name(model, 0, &length), "Scrape04", 8) == 0 && length == 8);
    CHECK(strncmp(aem_mesh_name(model, 0, &length), "tri", 3) == 0 && length == 3);
    CHECK(aem_material_name(model, 1, &length) == NULL && length == 0);
    CHECK(aem_mesh_name(NULL, 0, &length) == NULL);
    aem_close(model);
  }
  /* A length past the text: refused by a validated open; a trusted one opens and refuses the name. */
  file[960 + 28] = 9;
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_ERROR_BAD_EXTENSION_PAYLOAD);
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_TRUSTED, &model) == AEM_OK);
  CHECK(aem_mesh_name(model, 0, &length) == NULL && length == 0);
  CHECK(strncmp(aem_material_name(model, 0, &length), "Scrape04", 8) == 0 && length == 8);
  aem_close(model);
  file[960 + 28] = 3;
}

static void check_hostile(void) {
  aem_model *model = (aem_model *)&failures; /* any non-NULL value: a failed open must reset it */
  unsigned char broken[892];
  memcpy(broken, file, sizeof broken);
  broken[0] = 'X';
  CHECK(aem_open_memory(broken, sizeof broken, AEM_OPEN_DEFAULT, &model) == AEM_ERROR_BAD_MAGIC);
  CHECK(model == NULL && aem_last_error_code() == AEM_ERROR_BAD_MAGIC);
  CHECK(strlen(aem_last_error_message()) > 0 && strcmp(aem_status_name(AEM_ERROR_BAD_MAGIC), "bad_magic") == 0);
  CHECK(aem_open_memory(file, 100, AEM_OPEN_DEFAULT, &model) == AEM_ERROR_SIZE_MISMATCH);
  CHECK(aem_open_memory(file, file_size, 0x80, &model) == AEM_ERROR_INVALID_ARGUMENT);
  CHECK(aem_open_memory(NULL, 0, AEM_OPEN_DEFAULT, &model) == AEM_ERROR_INVALID_ARGUMENT);
}

int main(void) {
  aem_model *model = NULL;
  write_worked_example();
  CHECK(file_size == 892);
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_OK);
  if (model == NULL) {
    fprintf(stderr, "open failed: %s\n", aem_last_error_message());
    return 1;
  }
  check_sections(aem_model_sections(model));
  check_helpers(model);
  check_mixer(model);
  aem_close(model);
  /* Trusted: the same views. */
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_TRUSTED, &model) == AEM_OK);
  check_sections(aem_model_sections(model));
  aem_close(model);
  check_hostile();
  check_names();
  file_size = 892; /* the worked example again, for the morph_targets extension */
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_OK);
  CHECK(aem_morph_target_count(model) == 0 && aem_morph_apply(model, NULL, 0, NULL, 3) == AEM_ERROR_INVALID_ARGUMENT);
  check_no_surface_extensions(model);
  check_no_levels(model);
  aem_close(model);
  append_surface_extensions();
  CHECK(file_size == 1248);
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_OK);
  if (model == NULL) fprintf(stderr, "open failed: %s\n", aem_last_error_message());
  if (model != NULL) check_surface_extensions(model);
  aem_close(model);
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_TRUSTED, &model) == AEM_OK);
  if (model != NULL) check_surface_extensions(model);
  aem_close(model);
  file_size = 892;
  append_morph_targets();
  CHECK(file_size == 1152);
  CHECK(aem_open_memory(file, file_size, AEM_OPEN_DEFAULT, &model) == AEM_OK);
  if (model != NULL) check_morph_targets(model);
  aem_close(model);
  if (failures != 0) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("the C API reads the worked example field by field\n");
  return 0;
}
