#pragma once
// Included after a public pipeline header: it must not have brought tiny_gltf.h in.
#ifdef TINY_GLTF_H_
#error "a public pipeline header includes tiny_gltf.h; the stages' interface is the scene description (scene.hpp)"
#endif
