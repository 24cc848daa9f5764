#pragma once
// What this build of the pipeline has, as 1 or 0: AEM_HAVE_DRACO (Draco-compressed glTF meshes)
// and AEM_HAVE_ASSIMP (the formats Assimp reads, through its child program). pipeline/CMakeLists.txt
// sets them (the Windows build has neither, specs/windows.md); a build that does not say has both.
#ifndef AEM_HAVE_DRACO
#define AEM_HAVE_DRACO 1
#endif
#ifndef AEM_HAVE_ASSIMP
#define AEM_HAVE_ASSIMP 1
#endif
