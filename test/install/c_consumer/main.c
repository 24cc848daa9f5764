/* A C program against the installed runtime: opens a model, plays its first animation and
 * cross-fades into its last a third of the way through, and writes every frame's skinning
 * matrices to a file. ../consumer/main.cpp does the same through the C++ API; the install test
 * compares the two files byte for byte.
 *   c_consumer MODEL FRAMES OUT */
#include <stdio.h>
#include <stdlib.h>

#include <aem/aem.h>

static int failed(const char *what) {
  fprintf(stderr, "%s: %s (%s)\n", what, aem_last_error_message(), aem_status_name(aem_last_error_code()));
  return 1;
}

int main(int argc, char **argv) {
  aem_model *model = NULL;
  aem_mixer *mixer = NULL;
  aem_layer_settings first, last;
  aem_layer layer = AEM_NO_LAYER;
  const aem_sections *sections;
  float *skinning;
  size_t floats;
  int frames, frame;
  FILE *out;
  if (argc != 4) {
    fprintf(stderr, "usage: c_consumer MODEL FRAMES OUT\n");
    return 2;
  }
  frames = atoi(argv[2]);
  if (aem_open(argv[1], AEM_OPEN_DEFAULT, &model) != AEM_OK) return failed("open");
  sections = aem_model_sections(model);
  if (sections->animation_count == 0) {
    fprintf(stderr, "%s has no animation\n", argv[1]);
    return 1;
  }
  if (aem_mixer_create(model, 4, &mixer) != AEM_OK) return failed("mixer");
  aem_layer_settings_init(&first, 0);
  aem_layer_settings_init(&last, sections->animation_count - 1);
  last.time = 0.5f;
  if (aem_mixer_play(mixer, &first, &layer) != AEM_OK) return failed("play");

  floats = 16 * (size_t)aem_mixer_joint_count(mixer);
  skinning = (float *)malloc(floats * sizeof(float) + 1);
  out = fopen(argv[3], "wb");
  if (skinning == NULL || out == NULL) return 1;
  for (frame = 0; frame < frames; ++frame) {
    if (frame == frames / 3 &&
        aem_mixer_cross_fade(mixer, layer, &last, 0.25f, AEM_FADE_SMOOTH, &layer) != AEM_OK) {
      return failed("cross-fade");
    }
    if (aem_mixer_update(mixer, 1.0f / 60) != AEM_OK) return failed("update");
    if (aem_mixer_evaluate(mixer, skinning, floats) != AEM_OK) return failed("evaluate");
    if (fwrite(skinning, sizeof(float), floats, out) != floats) return 1;
  }
  fclose(out);
  printf("joints=%u frames=%d\n", aem_mixer_joint_count(mixer), frames);
  free(skinning);
  aem_mixer_destroy(mixer);
  aem_close(model);
  return 0;
}
