#pragma once
// What an aem_model handle is: the C++ model and its sections as C records, made once at open,
// and the views of its levels of detail and meshlets, found once too so that aem_lod_for and
// aem_mesh_meshlets cost no search per call.
#include <optional>

#include "aem/aem.h"
#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"

// A view of one extension, or why there is none: `present` is whether the file has the payload,
// so that a payload whose view was refused (only a trusted open lets one through) is told apart
// from an absent one.
template <class View>
struct CachedView {
  std::optional<View> view;
  bool present = false;
};

struct aem_model {
  aem::Model model;
  aem_sections sections;
  CachedView<aem::LodsView> lods;
  CachedView<aem::MeshletsView> meshlets;
};
