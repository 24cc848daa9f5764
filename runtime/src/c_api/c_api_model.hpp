#pragma once
// What an aem_model handle is: the C++ model and its sections as C records, made once at open.
#include "aem/aem.h"
#include "aem/model.hpp"

struct aem_model {
  aem::Model model;
  aem_sections sections;
};
