#pragma once
// Everything a game needs to load AEM models.
#include "aem/byte_order.hpp"
#include "aem/error.hpp"
#include "aem/expected.hpp"
#include "aem/file_mapping.hpp"
#include "aem/format.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model.hpp"
#include "aem/model_view.hpp"
#include "aem/validation.hpp"
