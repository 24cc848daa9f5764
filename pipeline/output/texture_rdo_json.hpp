#pragma once
// A texture's RDO choice (BakeReport::rdo_textures) as JSON, one spelling for the bake's --json
// report and the cache's result records, whichever nlohmann JSON type each uses.
#include <cstdint>
#include <string>
#include <vector>

#include "aem/pipeline/bake_report.hpp"

namespace aem::pipeline {

template <class Json>
Json texture_rdo_json(const TextureRdoChoice& choice) {
  Json out;
  out["texture"] = choice.texture;
  out["format"] = choice.format;
  out["metric"] = choice.metric;
  out["lambdas"] = choice.lambdas;
  out["loss_db"] = choice.loss_db;
  return out;
}

// Throws nlohmann's exceptions for a missing field or one of another type.
template <class Json>
TextureRdoChoice texture_rdo_from_json(const Json& in) {
  TextureRdoChoice choice;
  choice.texture = in.at("texture").template get<std::uint32_t>();
  choice.format = in.at("format").template get<std::string>();
  choice.metric = in.at("metric").template get<std::string>();
  choice.lambdas = in.at("lambdas").template get<std::vector<double>>();
  choice.loss_db = in.at("loss_db").template get<double>();
  return choice;
}

}  // namespace aem::pipeline
