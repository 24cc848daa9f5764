/* The AEM runtime for C (C99): open a model, read its sections in place, play its animations.
 *
 *   aem_model *model;
 *   if (aem_open("hero.aem", AEM_OPEN_DEFAULT, &model) != AEM_OK) {
 *     fprintf(stderr, "%s\n", aem_last_error_message());
 *     return 1;
 *   }
 *   const aem_sections *s = aem_model_sections(model);   // s->vertices[0 .. s->vertex_count) ...
 *   aem_mixer *mixer;
 *   aem_mixer_create(model, 4, &mixer);
 *   aem_layer_settings walk;
 *   aem_layer_settings_init(&walk, 0);
 *   aem_layer layer;
 *   aem_mixer_play(mixer, &walk, &layer);
 *   ... every frame:
 *   aem_mixer_update(mixer, frame_seconds);
 *   aem_mixer_evaluate(mixer, skinning, 16 * aem_mixer_joint_count(mixer));
 *   ...
 *   aem_mixer_destroy(mixer);
 *   aem_close(model);
 *
 * Contracts (specs/c-api.md has them in full):
 * - Errors: every call that can fail returns an aem_status; on failure it also records the status
 *   and a message in this thread's last error (aem_last_error_*), which stays until the next
 *   failure on the same thread. Success leaves it alone. No C++ exception ever leaves a call.
 * - Lifetimes: section pointers live as long as their model; a model opened from memory needs
 *   the caller's bytes for as long as it lives; a mixer needs its model for as long as it lives.
 * - Threads: a model may be read from any number of threads at once; a mixer is used by one
 *   thread at a time. Different mixers of one model may run on different threads.
 * - Frames: aem_mixer_play, _stop, _stop_all, _cross_fade, _fade, _set_*, _update and _evaluate
 *   never allocate, their refusals included; aem_mixer_create allocates everything up front.
 */
#ifndef AEM_AEM_H
#define AEM_AEM_H

#include <stddef.h>
#include <stdint.h>

#include "aem/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AEM_VERSION 1     /* the file format version this runtime reads */
#define AEM_NAME_SIZE 128 /* bytes of a joint or animation name field, NUL included */

/* ---- Errors ---- */

typedef enum aem_status {
  AEM_OK = 0,
  /* What is wrong with a file (specs/aem-v1.md, "Validation"). */
  AEM_ERROR_IO = 1,
  AEM_ERROR_TRUNCATED = 2,
  AEM_ERROR_BAD_MAGIC = 3,
  AEM_ERROR_UNSUPPORTED_VERSION = 4,
  AEM_ERROR_SIZE_MISMATCH = 5,
  AEM_ERROR_INDEX_OUT_OF_RANGE = 6,
  AEM_ERROR_MESH_OUT_OF_RANGE = 7,
  AEM_ERROR_MESH_NOT_TRIANGLES = 8,
  AEM_ERROR_MESH_BAD_MATERIAL = 9,
  AEM_ERROR_MATERIAL_BAD_TEXTURE = 10,
  AEM_ERROR_MATERIAL_BAD_TYPE = 11,
  AEM_ERROR_TEXTURE_EMPTY = 12,
  AEM_ERROR_TEXTURE_BAD_WRAP = 13,
  AEM_ERROR_TEXTURE_BAD_COMPRESSION = 14,
  AEM_ERROR_TEXTURE_OUT_OF_BOUNDS = 15,
  AEM_ERROR_JOINT_BAD_PARENT = 16,
  AEM_ERROR_JOINT_CYCLE = 17,
  AEM_ERROR_VERTEX_BAD_JOINT = 18,
  AEM_ERROR_TRACK_COUNT_MISMATCH = 19,
  AEM_ERROR_TRACK_OUT_OF_BOUNDS = 20,
  AEM_ERROR_NAME_UNTERMINATED = 21,
  AEM_ERROR_NOT_FINITE = 22,
  AEM_ERROR_NOT_UNIT_LENGTH = 23,
  AEM_ERROR_BAD_WEIGHTS = 24,
  AEM_ERROR_KEY_ORDER = 25,
  AEM_ERROR_BAD_DURATION = 26,
  AEM_ERROR_MISSING_KEYS = 27,
  AEM_ERROR_JOINT_ORDER = 28,
  AEM_ERROR_NAME_PADDING = 29,
  AEM_ERROR_UNUSED_DATA = 30,
  /* A packed file (.aemz, specs/packed-aem.md). The C API opens without a decoder, so a packed
   * file is AEM_ERROR_PACKED_NEEDS_DECODER: unpack it first (`aem unpack`), or open it from C++
   * with aem::open_packed (library aem_packed). */
  AEM_ERROR_PACKED_NEEDS_DECODER = 31,
  AEM_ERROR_PACKED_MALFORMED = 32,
  AEM_ERROR_PACKED_TOO_LARGE = 33,
  AEM_ERROR_PACKED_FRAME_CORRUPT = 34,
  /* The extension area after the version-1 part (specs/aem-extensions.md). */
  AEM_ERROR_BAD_EXTENSION_DIRECTORY = 35,
  AEM_ERROR_BAD_EXTENSION_ENTRY = 36,
  AEM_ERROR_UNKNOWN_REQUIRED_EXTENSION = 37,
  AEM_ERROR_UNSUPPORTED_EXTENSION_VERSION = 38,
  AEM_ERROR_BAD_EXTENSION_PAYLOAD = 39,
  /* What is wrong with a call. */
  AEM_ERROR_INVALID_ARGUMENT = 100, /* a NULL pointer, an unknown flag or enum, a wrong size */
  AEM_ERROR_OUT_OF_RANGE = 101,     /* an index (animation, texture, joint, mip level) too big */
  AEM_ERROR_STALE_LAYER = 102,      /* a layer that stopped, of another mixer, or none */
  AEM_ERROR_LAYERS_FULL = 103,      /* every one of the mixer's max_layers is playing */
  AEM_ERROR_OUT_OF_MEMORY = 104,
  AEM_ERROR_INTERNAL = 105          /* anything else the C++ runtime threw; a bug */
} aem_status;

/* The last failure's status on the calling thread; AEM_OK if none yet. */
AEM_API aem_status aem_last_error_code(void);
/* Its message, e.g. "hero.aem: joints[3] at byte 1234: parent 7 is out of range (5 joints)";
 * "" if none yet. Valid until the next failing call on this thread. */
AEM_API const char *aem_last_error_message(void);
/* The status's name: "ok", "bad_magic", "stale_layer"...; "unknown" for other values. Static. */
AEM_API const char *aem_status_name(aem_status status);

/* ---- The file's records: the bytes of one element of each section, in place ---- */

typedef enum aem_wrap_mode {
  AEM_WRAP_REPEAT = 0,
  AEM_WRAP_MIRRORED_REPEAT = 1,
  AEM_WRAP_CLAMP_TO_EDGE = 2
} aem_wrap_mode;
typedef enum aem_compression {
  AEM_COMPRESSION_NONE = 0,
  AEM_COMPRESSION_BC5 = 1,
  AEM_COMPRESSION_BC7 = 2
} aem_compression;
typedef enum aem_material_type {
  AEM_MATERIAL_OPAQUE = 0,
  AEM_MATERIAL_TRANSPARENT = 1
} aem_material_type;

typedef struct aem_header {
  char magic[3]; /* "AEM" */
  uint8_t version;
  uint32_t vertex_count;
  uint32_t index_count;
  uint32_t image_buffer_size; /* bytes */
  uint32_t texture_count;
  uint32_t mesh_count;
  uint32_t material_count;
  uint32_t joint_count;
  uint32_t animation_count;
  uint32_t track_count;
  uint32_t keyframe_count;
} aem_header;

typedef struct aem_vertex {
  float position[3];
  float normal[3];
  float tangent[3];
  float bitangent[3];
  float uv[2];
  int32_t joints[4]; /* -1 for an unused slot */
  float weights[4];
} aem_vertex;

typedef struct aem_texture {
  uint32_t offset; /* of mip level 0 within the image buffer */
  uint32_t width;  /* of mip level 0 */
  uint32_t height;
  uint32_t wrap_x; /* an aem_wrap_mode */
  uint32_t wrap_y;
  uint32_t compression; /* an aem_compression */
} aem_texture;

typedef struct aem_mesh {
  uint32_t first_index;
  uint32_t index_count; /* a triangle list */
  uint32_t material;
} aem_mesh;

typedef struct aem_material {
  uint32_t base_color_texture;
  uint32_t normal_texture;
  uint32_t pbr_texture;
  uint32_t type; /* an aem_material_type */
} aem_material;

typedef struct aem_joint {
  char name[AEM_NAME_SIZE]; /* see aem_joint_name */
  float inverse_bind[16];   /* column-major */
  int32_t parent;           /* -1 for a root */
} aem_joint;

typedef struct aem_animation {
  char name[AEM_NAME_SIZE];
  float duration; /* seconds */
} aem_animation;

/* The keys of one (animation, joint): translations, rotations, then scales, from first_keyframe. */
typedef struct aem_track {
  uint32_t first_keyframe;
  uint32_t translation_count;
  uint32_t rotation_count;
  uint32_t scale_count;
} aem_track;

typedef struct aem_keyframe {
  float time;
  float value[4]; /* x, y, z, w */
} aem_keyframe;

/* Every section as a pointer and a count (NULL where the count is 0). */
typedef struct aem_sections {
  aem_header header;
  const aem_vertex *vertices;
  uint32_t vertex_count;
  const uint32_t *indices;
  uint32_t index_count;
  const uint8_t *image_buffer;
  uint32_t image_buffer_size;
  const aem_texture *textures;
  uint32_t texture_count;
  const aem_mesh *meshes;
  uint32_t mesh_count;
  const aem_material *materials;
  uint32_t material_count;
  const aem_joint *joints;
  uint32_t joint_count;
  const aem_animation *animations;
  uint32_t animation_count;
  const aem_track *tracks;
  uint32_t track_count;
  const aem_keyframe *keyframes;
  uint32_t keyframe_count;
} aem_sections;

/* ---- Opening ---- */

typedef struct aem_model aem_model;

/* Flags of aem_open and aem_open_memory; 0 (AEM_OPEN_DEFAULT) validates and maps. */
#define AEM_OPEN_DEFAULT 0u
/* Read the file into owned memory instead of mapping it, so that nothing done to the file later
 * reaches the model (aem_open only; aem_open_memory ignores it). */
#define AEM_OPEN_COPY 1u
/* Skip validation: only the header, the size and the extension directory (the file's frame) are
 * checked. For files the program produced and verified itself; a corrupt file then makes reads
 * through the section pointers go astray (the functions below still check their own indices). */
#define AEM_OPEN_TRUSTED 2u

/* Opens a regular file (a UTF-8 path). On success *out_model is the model; on failure it is NULL. */
AEM_API aem_status aem_open(const char *path, uint32_t flags, aem_model **out_model);
/* Views `size` bytes at `bytes` in place; they must stay unchanged and alive until aem_close. */
AEM_API aem_status aem_open_memory(const void *bytes, size_t size, uint32_t flags,
                                   aem_model **out_model);
/* Frees the model; NULL is allowed. Every mixer of the model must be destroyed first. */
AEM_API void aem_close(aem_model *model);

/* The sections; the pointer and everything it points to live until aem_close. */
AEM_API const aem_sections *aem_model_sections(const aem_model *model);
/* Whether the sections point into a mapping of the file (not AEM_OPEN_COPY, not memory). */
AEM_API int aem_model_mapped(const aem_model *model);

/* ---- Helpers ---- */

typedef struct aem_mip_level {
  uint32_t width;
  uint32_t height;
  uint64_t offset; /* from the texture's level 0 */
  uint64_t size;   /* bytes */
  const uint8_t *data;
} aem_mip_level;

/* 1 + floor(log2(max(width, height))); 0 when either is 0. */
AEM_API uint32_t aem_mip_count(uint32_t width, uint32_t height);
/* Bytes of one level: 4 a texel uncompressed, 16 a 4x4 block for BC5/BC7; saturates at
 * UINT64_MAX; 0 for an unknown compression. */
AEM_API uint64_t aem_mip_level_size(uint32_t width, uint32_t height, uint32_t compression);
/* Level `level` of texture `texture`, with its texels. AEM_ERROR_OUT_OF_RANGE for a texture or
 * level the model does not have, or (trusted files) one that lies outside the image buffer. */
AEM_API aem_status aem_model_mip_level(const aem_model *model, uint32_t texture, uint32_t level,
                                       aem_mip_level *out_level);

/* A joint's or animation's name: up to its NUL, or all AEM_NAME_SIZE bytes of a trusted file's
 * name that has none, so use *out_length rather than strlen. NULL for an index out of range. */
AEM_API const char *aem_joint_name(const aem_model *model, uint32_t joint, size_t *out_length);
AEM_API const char *aem_animation_name(const aem_model *model, uint32_t animation,
                                       size_t *out_length);
/* A material's or mesh's name from the file's `names` extension (specs/aem-extensions.md), NOT
 * NUL-terminated: the names lie back to back, so use *out_length bytes. Length 0 (and a non-NULL
 * pointer) when the file has no names or this one is empty; NULL for an index out of range, or for
 * a trusted file whose names payload does not hold the name inside itself. */
AEM_API const char *aem_material_name(const aem_model *model, uint32_t material, size_t *out_length);
AEM_API const char *aem_mesh_name(const aem_model *model, uint32_t mesh, size_t *out_length);
/* The first joint or animation with this name; AEM_ERROR_OUT_OF_RANGE when there is none. */
AEM_API aem_status aem_find_joint(const aem_model *model, const char *name, uint32_t *out_joint);
AEM_API aem_status aem_find_animation(const aem_model *model, const char *name,
                                      uint32_t *out_animation);

/* ---- Animation mixer ---- */

typedef struct aem_mixer aem_mixer;

/* Names one layer for as long as it plays: slot and start number, checked on every call.
 * Once the layer stops its handle is refused for good (AEM_ERROR_STALE_LAYER), even after another
 * layer reuses the slot, and so is a handle of another mixer. 0 (AEM_NO_LAYER) names none. */
typedef uint64_t aem_layer;
#define AEM_NO_LAYER ((aem_layer)0)

typedef enum aem_playback { AEM_PLAYBACK_LOOP = 0, AEM_PLAYBACK_CLAMP = 1 } aem_playback;
typedef enum aem_fade_curve { AEM_FADE_LINEAR = 0, AEM_FADE_SMOOTH = 1 } aem_fade_curve;

typedef struct aem_layer_settings {
  uint32_t animation;
  float time;        /* seconds into the animation */
  float speed;       /* playback rate; negative plays backwards */
  float weight;      /* 0 to 1 */
  uint32_t playback; /* an aem_playback */
} aem_layer_settings;

/* Animation `animation`, from time 0, at speed 1, weight 1, looping. */
AEM_API void aem_layer_settings_init(aem_layer_settings *settings, uint32_t animation);

/* Allocates everything the mixer will need for `max_layers` layers (1 to 65535). */
AEM_API aem_status aem_mixer_create(const aem_model *model, uint32_t max_layers,
                                    aem_mixer **out_mixer);
AEM_API void aem_mixer_destroy(aem_mixer *mixer); /* NULL is allowed */
AEM_API uint32_t aem_mixer_joint_count(const aem_mixer *mixer);

/* Starts a layer. AEM_ERROR_OUT_OF_RANGE for an animation the model does not have,
 * AEM_ERROR_LAYERS_FULL when all max_layers play. */
AEM_API aem_status aem_mixer_play(aem_mixer *mixer, const aem_layer_settings *settings,
                                  aem_layer *out_layer);
AEM_API aem_status aem_mixer_stop(aem_mixer *mixer, aem_layer layer);
AEM_API void aem_mixer_stop_all(aem_mixer *mixer);
/* 1 while the layer plays, 0 otherwise (stale, foreign, AEM_NO_LAYER). */
AEM_API int aem_mixer_is_playing(const aem_mixer *mixer, aem_layer layer);

AEM_API aem_status aem_mixer_get_settings(const aem_mixer *mixer, aem_layer layer,
                                          aem_layer_settings *out_settings);
/* Replaces the layer's settings between frames; the animation and playback are checked here. */
AEM_API aem_status aem_mixer_set_settings(aem_mixer *mixer, aem_layer layer,
                                          const aem_layer_settings *settings);
/* Per-joint weights multiplying the layer's weight: aem_mixer_joint_count of them, copied.
 * NULL with count 0 removes the mask. */
AEM_API aem_status aem_mixer_set_mask(aem_mixer *mixer, aem_layer layer, const float *joint_weights,
                                      size_t count);

/* Moves the layer's weight to `target` over `duration` seconds of update time. */
AEM_API aem_status aem_mixer_fade(aem_mixer *mixer, aem_layer layer, float target, float duration,
                                  uint32_t curve);
/* Starts `to` at weight 0 and fades it in to its weight while `from` fades out and stops. */
AEM_API aem_status aem_mixer_cross_fade(aem_mixer *mixer, aem_layer from,
                                        const aem_layer_settings *to, float duration,
                                        uint32_t curve, aem_layer *out_layer);

/* Advances every layer's time and fade. */
AEM_API aem_status aem_mixer_update(aem_mixer *mixer, float seconds);
/* The blended pose as skinning matrices, 16 column-major floats per joint, into
 * `skinning_matrices`, which holds `float_count` = 16 * aem_mixer_joint_count floats. */
AEM_API aem_status aem_mixer_evaluate(aem_mixer *mixer, float *skinning_matrices,
                                      size_t float_count);

/* ---- Morph targets (the morph_targets extension, specs/aem-extensions.md) ---- */

/* How many morph targets the model has; 0 without the extension. */
AEM_API uint32_t aem_morph_target_count(const aem_model *model);
/* A target's name, UTF-8 and not NUL-terminated (names lie back to back): use *out_length.
 * NULL for an index out of range. */
AEM_API const char *aem_morph_target_name(const aem_model *model, uint32_t target,
                                          size_t *out_length);
/* Every target's default weight into `weights`, which holds `count` = aem_morph_target_count. */
AEM_API aem_status aem_morph_default_weights(const aem_model *model, float *weights, size_t count);
/* The model's vertices moved by the targets with `weights` (one per target), before skinning,
 * into `out_vertices` (vertex_count of them, not overlapping the model's): position + sum of
 * w * delta, likewise normal and tangent, renormalised, the bitangent rebuilt with the core one's
 * handedness; zero weights skipped (aem/morph.hpp says it exactly). Allocates nothing. A trusted
 * open (AEM_OPEN_TRUSTED) trusts the targets' indices too. */
AEM_API aem_status aem_morph_apply(const aem_model *model, const float *weights, size_t weight_count,
                                   aem_vertex *out_vertices, size_t vertex_count);
/* The mixer's blended morph target weights (aem_morph_target_count of them): each playing
 * layer's sampled weights times its weight, the default weights filling what the layers' weights
 * leave below 1. Allocates nothing. */
AEM_API aem_status aem_mixer_evaluate_morph_weights(aem_mixer *mixer, float *weights, size_t count);

/* ---- Vertex colours, the second UV set, emission and material flags (the vertex_colours, uv1,
 * emissive and material_flags extensions, specs/aem-extensions.md section 4) ---- */

/* The vertex colours as stored: `encoding` 0 RGBA8 (uint8_t, value / 255), 1 RGBA16 (uint16_t,
 * value / 65535), 2 RGBA32F (float in [0, 1]); four values per vertex, `vertex_count` vertices
 * (the header's), linear; the renderer multiplies RGB into the base colour and A into the opacity.
 * `data` views the file. data NULL and vertex_count 0 when the file has no colours. */
typedef struct aem_vertex_colours {
  uint32_t encoding;
  uint32_t vertex_count;
  const void *data;
} aem_vertex_colours;
AEM_API aem_status aem_model_vertex_colours(const aem_model *model, aem_vertex_colours *out);

/* The second UV set: 2 floats per vertex, `*out_vertex_count` vertices, viewing the file; NULL and
 * 0 when the file has none. */
AEM_API aem_status aem_model_uv1(const aem_model *model, const float **out_uvs, uint32_t *out_vertex_count);

/* Which UV set (0 or 1) each texture of a material samples, and its own occlusion texture
 * (AEM_NO_TEXTURE: occlusion, if any, is in the PBR texture's G). All sets 0 and no texture when
 * the file has no second set. */
#define AEM_NO_TEXTURE 0xFFFFFFFFu
typedef struct aem_uv1_material {
  uint8_t base_colour_set;
  uint8_t normal_set;
  uint8_t pbr_set;
  uint8_t occlusion_set;
  uint32_t occlusion_texture;
  uint32_t reserved[2];
} aem_uv1_material;
AEM_API aem_status aem_material_uv1(const aem_model *model, uint32_t material, aem_uv1_material *out);

/* A material's own emission. mode 0 (AEM_EMISSIVE_CORE, and every field 0): the core rule,
 * emission = the PBR texture's A x base colour; mode 1 (AEM_EMISSIVE_RECORD): factor x strength x
 * the sRGB texture's RGB (1 without a texture), sampled with uv_set. Mode 0 when the file has no
 * emissive extension. */
#define AEM_EMISSIVE_CORE 0u
#define AEM_EMISSIVE_RECORD 1u
typedef struct aem_emissive {
  uint32_t mode;
  float factor[3];
  float strength;
  uint32_t texture;
  uint32_t uv_set;
  uint32_t reserved;
} aem_emissive;
AEM_API aem_status aem_material_emissive(const aem_model *model, uint32_t material, aem_emissive *out);

/* A material's flags (AEM_MATERIAL_UNLIT: draw base colour x vertex colour without lighting);
 * 0 when the file has no material_flags extension. */
#define AEM_MATERIAL_UNLIT 1u
AEM_API aem_status aem_material_flags(const aem_model *model, uint32_t material, uint32_t *out_flags);

/* Every function of this part: AEM_ERROR_INVALID_ARGUMENT for a NULL model or out pointer,
 * AEM_ERROR_OUT_OF_RANGE for a material the model does not have, and, for a file opened
 * AEM_OPEN_TRUSTED, AEM_ERROR_BAD_EXTENSION_PAYLOAD where the payload is too short for what it
 * should hold (a validated open has checked every payload). */

/* ---- Levels of detail and meshlets (the lods and meshlets extensions, specs/aem-extensions.md
 * section 4) ---- */

/* One level of detail of a mesh: a triangle list of `index_count` version-1 vertex indices at
 * `indices`, in the file (nothing is copied; draw every level with the model's one vertex buffer
 * and skinning: a level drops triangles, it never moves a vertex). Level 0 is the mesh's own range
 * of the index section, error 0; levels 1.. come from the lods extension, each with fewer
 * triangles and an error no smaller than the level before it. */
typedef struct aem_lod {
  const uint32_t *indices;
  uint32_t index_count;
  uint32_t triangle_count; /* index_count / 3 */
  float error;             /* how far this level's surface departs from level 0's, in the
                            * model's units (object space) */
} aem_lod;

/* How many levels mesh `mesh` has, level 0 included: 1 + its lods levels (1 without the extension). */
AEM_API aem_status aem_mesh_lod_count(const aem_model *model, uint32_t mesh, uint32_t *out_count);
/* Level `level` (0 .. aem_mesh_lod_count - 1) of mesh `mesh`; AEM_ERROR_OUT_OF_RANGE for a mesh
 * or level it does not have. */
AEM_API aem_status aem_mesh_lod(const aem_model *model, uint32_t mesh, uint32_t level, aem_lod *out_lod);
/* The coarsest level of mesh `mesh` whose error is at most `allowed_error` (object space): 0 when
 * none of its levels 1.. is, when it has none, or when allowed_error is NaN (aem::lod_for).
 * Allocates nothing; O(levels of the mesh). */
AEM_API aem_status aem_lod_for(const aem_model *model, uint32_t mesh, float allowed_error, uint32_t *out_level);
/* The object-space error that projects to `pixels` on screen at `distance` from the eye, for a
 * perspective camera of vertical field of view `vertical_fov` (radians) over `viewport_height`
 * pixels: pixels x 2 x distance x tan(vertical_fov / 2) / viewport_height, the value to give
 * aem_lod_for. Take the distance to the nearest point of the mesh's bounds, and divide by the
 * instance's scale for a model drawn scaled. A distance of 0 gives 0 (full detail). */
AEM_API float aem_allowed_object_error(float pixels, float distance, float vertical_fov, float viewport_height);

/* The most vertices and triangles a meshlet may have (what one D3D12 mesh-shader group outputs). */
#define AEM_MESHLET_VERTEX_LIMIT 256u
#define AEM_MESHLET_TRIANGLE_LIMIT 256u

/* One meshlet as the file stores it (64 bytes, 16-aligned in the payload: a GPU can read the
 * array as a structured buffer). Its vertices are entries first_vertex.. of aem_meshlets.vertices
 * (version-1 vertex indices); its triangles entries first_triangle.. of aem_meshlets.triangles,
 * each packed as local indices a | b << 8 | c << 16. The bounds are in object space in the bind
 * pose: a skinned or morphed mesh moves away from them, so cull such meshes with bounds of your own. */
typedef struct aem_meshlet {
  uint32_t first_vertex;
  uint32_t first_triangle;
  uint32_t vertex_count;   /* 1 .. max_vertices (under 3 only for repeated-index triangles) */
  uint32_t triangle_count; /* 1 .. max_triangles */
  float center[3];         /* the bounding sphere */
  float radius;
  float cone_apex[3];      /* the normal cone (aem_meshlet_faces_away) */
  float cone_cutoff;       /* 1: the meshlet never faces away whole */
  float cone_axis[3];
  int8_t cone_axis_s8[3];  /* the axis and cutoff quantized to 8 bits (meshoptimizer's form) */
  int8_t cone_cutoff_s8;
} aem_meshlet;

/* The whole meshlets payload in place, for one upload of each array; every pointer NULL and every
 * count 0 when the file has no meshlets. */
typedef struct aem_meshlets {
  uint32_t max_vertices; /* the limits the meshlets were built to */
  uint32_t max_triangles;
  const aem_meshlet *meshlets;
  uint32_t meshlet_count;
  const uint32_t *vertices;  /* version-1 vertex indices */
  uint32_t vertex_count;
  const uint32_t *triangles; /* packed local triangles */
  uint32_t triangle_count;
} aem_meshlets;
AEM_API aem_status aem_model_meshlets(const aem_model *model, aem_meshlets *out);

/* The meshlets of level `level` of mesh `mesh` (level as in aem_mesh_lod), which together hold
 * each of its triangles once: *out_meshlets points into aem_meshlets.meshlets (its index there is
 * the difference of the two pointers). NULL and 0 when that level has no meshlets (the file has
 * none, or none for this mesh); AEM_ERROR_OUT_OF_RANGE for a mesh or level the model does not have. */
AEM_API aem_status aem_mesh_meshlets(const aem_model *model, uint32_t mesh, uint32_t level,
                                     const aem_meshlet **out_meshlets, uint32_t *out_count);
/* 1 when, seen from `eye` (3 floats, object space), every triangle of the meshlet faces away, so
 * that with back-face culling on it can be skipped whole; 0 otherwise, always for a cone_cutoff
 * of 1 (aem::faces_away). Allocates nothing. */
AEM_API int aem_meshlet_faces_away(const aem_meshlet *meshlet, const float eye[3]);

/* Every function of this part: AEM_ERROR_INVALID_ARGUMENT for a NULL model or out pointer, and
 * AEM_ERROR_BAD_EXTENSION_PAYLOAD for a payload whose records lie outside it (only a file opened
 * AEM_OPEN_TRUSTED can have one). The views are found once, at open, so a call costs no search. */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* AEM_AEM_H */
