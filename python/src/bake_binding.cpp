// aem.bake(): `aem bake` from Python. The keyword arguments are the command's options in
// snake_case (output=, textures=, allow_dir=[...], max_image_pixels=...); they go through the
// command's own parser and job planning (aem/bake_request/bake_request.hpp), so that both accept the same
// options and refuse bad ones with the same messages. The result is the command's --json report.
#include <chrono>
#include <cstddef>
#include <memory>
#include <future>
#include <string>
#include <vector>

#include "aem/pipeline/batch_bake.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "aem/bake_request/bake_report_json.hpp"
#include "aem/bake_request/bake_request.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

// A value as the command line would spell it: paths (str, bytes, os.PathLike) through
// os.fsdecode, anything else (a number) as str() gives it, for the command's parser to judge.
std::string argument_text(const py::handle& value) {
  if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) || py::hasattr(value, "__fspath__"))
    return py::str(py::module_::import("os").attr("fsdecode")(value));
  return py::str(value);
}

// A keyword argument as the command-line arguments it stands for: name=True is the flag --name,
// False and None leave it out, a list or tuple repeats it, anything else is --name=VALUE.
void append_option(std::vector<std::string>& args, const std::string& name, const py::handle& value) {
  if (name == "json" || name == "verbose")
    throw py::type_error("aem.bake() returns its report; the command's --" + name + " does not apply");
  if (name == "dry_run")  // the command's flag would otherwise be ignored here, and the models written
    throw py::type_error("aem.bake() has no dry run; `aem bake --dry-run` lists what a bake would write");
  std::string flag = "--" + name;
  for (char& c : flag) c = c == '_' ? '-' : c;
  if (value.is_none()) return;
  if (py::isinstance<py::bool_>(value)) {
    // True or False only means something for a flag: textures=False would otherwise bake with
    // the default textures, as if the option had been heard.
    if (bake_request::bake_option_kind(flag) == bake_request::BakeOptionKind::value)
      throw py::type_error("aem.bake(" + name + "=" + (value.cast<bool>() ? "True" : "False") + "): " + flag +
                           " takes a value, not True or False; leave " + name + " out for its default");
    if (value.cast<bool>() || bake_request::bake_option_kind(flag) == bake_request::BakeOptionKind::unknown)
      args.push_back(flag);  // an unknown name is refused by the command's parser, True or False
  } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    for (const py::handle item : value) args.push_back(flag + "=" + argument_text(item));
  } else {
    args.push_back(flag + "=" + argument_text(value));
  }
}

[[noreturn]] void raise_bake_error(const std::string& message, py::object report = py::none()) {
  py::dict attributes;
  attributes["report"] = std::move(report);
  raise_error(module_errors().bake_error, message, attributes);
}

// True once the caller's cancel object (anything with is_set(), e.g. a threading.Event) is set.
bool cancel_requested(const py::object& cancel_event) {
  return !cancel_event.is_none() && cancel_event.attr("is_set")().cast<bool>();
}

// Runs the jobs on another thread while this one waits with the GIL released, looking every
// 100 ms for Ctrl-C (heard only on the main thread) and for `cancel_event` (set from any thread).
// Either sets the one cancel flag the bakes watch, as SIGINT does for `aem bake`: nothing is
// left half written, and KeyboardInterrupt or BakeCancelled is raised.
std::vector<pipeline::JobResult> run_jobs(const std::vector<pipeline::BakeJob>& jobs, const bake_request::BakeRequest& request,
                                          const py::object& cancel_event) {
  std::atomic<bool> cancel{false};
  // aem.bake(cache=..., cache_url=..., shard=...) as the command line's --cache, --cache-url, --shard.
  std::unique_ptr<pipeline::BakeCache> cache;
  try {
    if (const pipeline::BakeCacheSettings cached = bake_request::cache_settings(request); cached.enabled())
      cache = std::make_unique<pipeline::BakeCache>(cached);
  } catch (const std::exception& e) {
    raise_bake_error(e.what());
  }
  const pipeline::BatchSettings settings{request.threads, request.force, &cancel, cache.get()};
  pipeline::BatchProgress progress;
  auto batch = std::async(std::launch::async, [&] { return pipeline::run_batch(jobs, settings, progress); });
  for (;;) {
    std::future_status status;
    {
      py::gil_scoped_release release;
      status = batch.wait_for(std::chrono::milliseconds(100));
    }
    if (status == std::future_status::ready) break;
    const bool interrupted = PyErr_CheckSignals() != 0;  // sets the Python error it raises
    bool cancelled = false;
    if (!interrupted) {
      try {
        cancelled = cancel_requested(cancel_event);
      } catch (...) {  // is_set() raised: stop the bakes before the error propagates
        cancel.store(true);
        py::gil_scoped_release release;
        batch.wait();
        throw;
      }
    }
    if (interrupted || cancelled) {
      cancel.store(true);
      {
        py::gil_scoped_release release;
        batch.wait();
      }
      if (interrupted) throw py::error_already_set();
      py::dict attributes;
      attributes["report"] = py::none();
      raise_error(module_errors().bake_cancelled,
                  "aem.bake() was cancelled (its cancel event was set); nothing was left half written", attributes);
    }
  }
  try {
    return batch.get();
  } catch (const std::exception& e) {
    raise_bake_error(e.what());
  }
}

// Each warning of the models baked, as a BakeWarning carrying its code.
void emit_warnings(const std::vector<pipeline::JobResult>& results) {
  const py::object warn = py::module_::import("warnings").attr("warn");
  const py::object category = py::reinterpret_borrow<py::object>(module_errors().bake_warning);
  for (const pipeline::JobResult& result : results) {
    const pipeline::BakeReport& report = result.report;
    for (const std::string& w : result.cache_warnings) {
      py::object warning = category(w);
      warning.attr("code") = std::string("cache");
      warn(warning, py::arg("stacklevel") = 1);
    }
    for (std::size_t i = 0; i < report.warnings.size(); ++i) {
      py::object warning = category(report.warnings[i]);
      warning.attr("code") = i < report.warning_codes.size() ? report.warning_codes[i] : std::string("other");
      warn(warning, py::arg("stacklevel") = 1);  // the line that called aem.bake
    }
  }
}

// The command's "missing -o" in the binding's words: the output is a keyword argument, and a
// second positional argument (aem.bake(source, target)) is taken for another input.
std::string missing_output_message(const std::vector<std::string>& inputs) {
  std::string message = "aem.bake() needs output=\"OUT.aem\" (or output=\"OUTDIR\") as a keyword argument";
  if (inputs.size() >= 2)
    message += ": every positional argument is an input, so to write \"" + inputs.back() + "\" pass output=\"" +
               inputs.back() + "\"";
  return message;
}

bool given(const py::kwargs& options, const char* name) {
  return options.contains(name) && !options[name].is_none();
}

py::object bake(const py::args& inputs, const py::kwargs& options) {
  std::vector<std::string> args;
  for (const py::handle input : inputs) args.push_back(argument_text(input));
  py::object cancel_event = py::none();
  for (const auto& [name, value] : options) {
    if (py::str(name).cast<std::string>() == "cancel") {  // the binding's own: not a command option
      if (!value.is_none() && !py::hasattr(value, "is_set"))
        throw py::type_error("aem.bake(cancel=...) takes an object with is_set(), such as a threading.Event");
      cancel_event = py::reinterpret_borrow<py::object>(value);
      continue;
    }
    append_option(args, py::str(name), value);
  }
  if (!given(options, "output") && !given(options, "manifest"))
    raise_bake_error(missing_output_message(
        std::vector<std::string>(args.begin(), args.begin() + std::ptrdiff_t(inputs.size()))));
  const std::vector<std::string_view> views(args.begin(), args.end());

  bake_request::BakeRequest request;
  std::vector<pipeline::BakeJob> jobs;
  try {
    request = bake_request::parse_bake_request(views);
    jobs = bake_request::shard_jobs(request, bake_request::plan_bake_jobs(request));
  } catch (const std::exception& e) {  // UsageError, or a directory that cannot be read
    raise_bake_error(e.what());
  }

  const auto start = std::chrono::steady_clock::now();
  const std::vector<pipeline::JobResult> results = run_jobs(jobs, request, cancel_event);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::string problems;
  for (const pipeline::JobResult& r : results)
    if (r.outcome == pipeline::JobOutcome::failed) problems += (problems.empty() ? "" : "\n") + r.error;
  if (request.depfile) {
    std::vector<std::filesystem::path> extra;
    if (request.manifest) extra.emplace_back(*request.manifest);
    try {
      pipeline::write_depfile(*request.depfile, jobs, results, extra);
    } catch (const std::exception& e) {
      problems += (problems.empty() ? "" : "\n") + std::string(e.what());
    }
  }
  const std::string text =
      bake_request::bake_report_json(jobs, results, seconds, false).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  py::object report = py::module_::import("json").attr("loads")(text);
  emit_warnings(results);
  if (!problems.empty()) raise_bake_error(problems, report);
  return report;
}

}  // namespace

void bind_bake(py::module_& m) {
  m.def("bake", &bake,
        "bake(*inputs, output=..., **options) -> dict\n\n"
        "Bakes models (glTF 2.0, E3D, AAMF, or a format Assimp imports) into AEM files as `aem bake INPUTS -o OUTPUT [options]` does: the same "
        "inputs (files, directories, or manifest=...), the same options as keyword arguments in "
        "snake_case (textures=\"rgba\", quality=\"fast\", rdo=0.5 or rdo_max_loss=1.0, max_texture_size=512, scene=1, fps=24, lods=3, "
        "meshlets=True, meshlet_vertices=64, meshlet_triangles=124, "
        "regenerate_tangents=True, allow_missing=True, allow_dir=[...], strict=True, threads=4, "
        "force=True, depfile=..., max_image_pixels=... and the other limits), the same messages. "
        "Returns the report `aem bake --json` prints (specs/reports.md) as a dict. Each warning is "
        "also issued as an aem.BakeWarning (attribute code). Raises aem.BakeError when an option is "
        "wrong or any model failed (the message: every failed model's reason; attribute report). "
        "Ctrl-C cancels the bakes, leaving no output half written, and raises KeyboardInterrupt. "
        "cancel=EVENT (a threading.Event, or anything with is_set()) does the same from any thread, "
        "for a bake running on any thread: once it is set, the bakes stop and aem.BakeCancelled is raised.");
}

}  // namespace aem::python
