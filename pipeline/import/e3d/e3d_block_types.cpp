#include "import/e3d/e3d_block_types.hpp"

#include <cstdio>

namespace aem::pipeline::e3d {
namespace {

const char* spec_name(std::uint16_t type) {
  if (type >= kCustomFirst && type <= kCustomLast) return "custom";
  if (type > kTexCoords && type <= kTexCoordsLast) return "texCoordsN";
  if (type > kBoneWeights && type <= kBoneWeightsLast) return "boneWeightsN";
  switch (type) {
    case kVersion: return "version";  case kLzma: return "lzma";
    case kMeshes: return "meshes";  case kMesh: return "mesh";  case kMeshId: return "meshID";
    case kMeshBBox: return "meshBBox";  case kMeshDuplicateVertices: return "meshDuplicateVertices";
    case kTriFaces16: return "triFaces16";  case kTriFaces32: return "triFaces32";
    case kFacesMaterials: return "facesMaterials";  case kSkin: return "skin";  case kSkinName: return "skinName";
    case kSkinBindMatrix: return "skinBindMatrix";  case kSkinBones: return "skinBones";
    case kSkinBoneWeights: return "skinBoneWeights";  case kParts: return "parts";  case kMorphs: return "morphs";
    case kMorph: return "morph";  case kMorphId: return "morphID";  case kMorphName: return "morphName";
    case kMorphWeight: return "morphWeight";  case kAttributes: return "attributes";
    case kVertices: return "vertices";  case kVerticesDouble: return "verticesDbl";
    case kVerticesQuantized: return "verticesQ";  case kNormals: return "normals";
    case kTexCoords: return "texCoords";  case kColors: return "colors";
    case kTangentsSign: return "tangentsSign";  case kTangentsBitangents: return "tangentsBi";
    case kBoneWeights: return "boneWeights";  case kInterleaved: return "interleaved";
    case kNodes: return "nodes";  case kMeshNode: return "meshNode";  case kCameraNode: return "cameraNode";
    case kLightNode: return "lightNode";  case kNodeId: return "nodeID";  case kNodeName: return "nodeName";
    case kScaling: return "scaling";  case kOrientation: return "orientation";  case kPosition: return "position";
    case kSkeleton: return "skeleton";  case kMaterials: return "materials";  case kMaterial: return "material";
    case kMaterialId: return "materialID";  case kMaterialName: return "materialName";
    case kMaterialGroup: return "materialGroup";  case kMaterialFlags: return "materialFlags";
    case kOpacity: return "opacity";  case kRefractionRelIndex: return "refractionRelIndex";
    case kReflectivity: return "reflectivity";  case kPhongShininess: return "phongShininess";
    case kDiffuse: return "diffuse";  case kSpecular: return "specular";  case kEmissive: return "emissive";
    case kAmbient: return "ambient";  case kEmissiveMap: return "emissiveMap";  case kNormalMap: return "normalMap";
    case kHeightMap: return "heightMap";  case kAmbientOcclusionMap: return "ambientOcclusionMap";
    case kPhongDiffuseMap: return "phongDiffuseMap";  case kPhongSpecularMap: return "phongSpecularMap";
    case kPhongAmbientMap: return "phongAmbientMap";  case kPbrAlbedoMap: return "pbrRMAlbedo";
    case kPbrRoughnessMetalnessMap: return "pbrRMRoughnessMetalness";
    case kPbrSpecDiffuseMap: return "pbrSpecDiffuseMap";  case kPbrSpecularGlossMap: return "pbrSpecSpecularGlossMap";
    case kTextures: return "textures";  case kTexture: return "texture";  case kTextureId: return "textureID";
    case kTextureName: return "textureName";  case kTexturePng: return "texturePNG";
    case kTextureJpeg: return "textureJPG";  case kTextureJpeg2000: return "textureJPG2K";
    case kAnimations: return "animations";  case kAnimation: return "animation";
    case kAnimationName: return "animationName";  case kAnimationFrames: return "animationFrames";
    case kAnimationTrack: return "animationTrack";  case kFrameTcbEase: return "frameTCBEase";
    case kRotationOrder: return "ftkRotationOrder";  case kTrackPosition: return "ftkPosition";
    case kTrackScaling: return "ftkScaling";  case kTrackRotation: return "ftkRotation";
    case kTrackYaw: return "ftkRotationYaw";  case kTrackPitch: return "ftkRotationPitch";
    case kTrackRoll: return "ftkRotationRoll";  case kTrackCameraFov: return "ftkCameraFieldOfView";
    case kTrackCameraRoll: return "ftkCameraRoll";  case kTrackLightHotSpot: return "ftkLightHotSpot";
    case kTrackLightFallOff: return "ftkLightFallOff";  case kTrackLightColor: return "ftkLightColor";
    case kTrackHide: return "ftkHide";  case kTrackMorph: return "ftkMorph";
    default: return "unknown";  // a raw uint16 from the file: any value can come
  }
}

}  // namespace

std::string block_label(std::uint16_t type) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%04X", unsigned(type));
  return std::string(hex) + " (" + spec_name(type) + ")";
}

}  // namespace aem::pipeline::e3d
