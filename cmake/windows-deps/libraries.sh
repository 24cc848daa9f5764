# shellcheck shell=bash disable=SC2154  # $here: set by build-windows-deps.sh, which sources this
# How each library is built for Windows: static, only the parts AEM uses, with Debian's flags
# where they decide the bytes a bake writes (-O2; libsquish without its SSE path, as Debian builds
# it). Sourced by build-windows-deps.sh; each deps_build_<package> gets SOURCE BUILD PREFIX JOBS.

deps_cc=x86_64-w64-mingw32-gcc-posix
deps_cxx=x86_64-w64-mingw32-g++-posix
deps_ar=x86_64-w64-mingw32-ar

# A CMake project configured with the prefix's toolchain file, built and installed.
deps_cmake() {
  local source="$1" build="$2" prefix="$3" jobs="$4"
  shift 4
  cmake -S "$source" -B "$build" -G Ninja -Wno-dev \
    -DCMAKE_TOOLCHAIN_FILE="$prefix/toolchain.cmake" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O2 -DCMAKE_CXX_FLAGS=-O2 \
    -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF "${deps_launcher[@]}" "$@" >"$build.configure.log" 2>&1 ||
    { tail -n 30 "$build.configure.log" >&2; return 1; }
  cmake --build "$build" -j "$jobs" >"$build.build.log" 2>&1 || { tail -n 30 "$build.build.log" >&2; return 1; }
  cmake --install "$build" >"$build.install.log" 2>&1 || { tail -n 30 "$build.install.log" >&2; return 1; }
}

# Compiles C or C++ sources into one static library (ninja keeps the cores busy).
# deps_static_library NAME PREFIX JOBS COMPILER FLAGS -- SOURCES...
deps_static_library() {
  local name="$1" prefix="$2" jobs="$3" compiler="$4" flags="$5" build="$6/$1-objects" source
  shift 7
  mkdir -p "$build"
  {
    echo "rule cc"
    echo "  command = ${deps_launcher_command}$compiler $flags -c \$in -o \$out"
    echo "rule ar"
    echo "  command = $deps_ar rcs \$out \$in"
    local objects=""
    for source in "$@"; do
      local object
      object="$build/$(echo "$source" | sha256sum | cut -c1-8)-$(basename "$source").o"
      echo "build $object: cc $source"
      objects="$objects $object"
    done
    echo "build $prefix/lib/lib$name.a: ar$objects"
  } > "$build/build.ninja"
  mkdir -p "$prefix/lib"
  ninja -C "$build" -j "$jobs" >"$build.build.log" 2>&1 || { tail -n 30 "$build.build.log" >&2; return 1; }
}

# A pkg-config file whose paths are relative to itself (${pcfiledir}), so the prefix can move.
deps_pkg_config() {
  local prefix="$1" name="$2" version="$3" cflags="$4" libs="$5" requires="${6:-}"
  mkdir -p "$prefix/lib/pkgconfig"
  cat > "$prefix/lib/pkgconfig/$name.pc" <<EOF
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $name
Description: $name for Windows (MinGW-w64), static, built by AEM's build-windows-deps.sh
Version: $version
Requires: $requires
Libs: $libs
Cflags: $cflags
EOF
}

deps_build_libsquish() {  # Debian builds it with its Makefile: no SSE (USE_SSE=0), -O2.
  local src="$1" prefix="$3"
  mkdir -p "$prefix/include"
  cp "$src/squish.h" "$prefix/include/"
  deps_static_library squish "$prefix" "$4" "$deps_cxx" "-O2 -I$src" "$2" -- \
    "$src"/{alpha,clusterfit,colourblock,colourfit,colourset,maths,rangefit,singlecolourfit,squish}.cpp
  deps_pkg_config "$prefix" libsquish 1.15 "-I\${includedir}" "-L\${libdir} -lsquish"
}

deps_build_meshoptimizer() {  # Its -Werror meets false array-bounds warnings of MinGW's g++ 12.
  deps_cmake "$1" "$2/meshoptimizer" "$3" "$4" -DMESHOPT_BUILD_DEMO=OFF -DMESHOPT_BUILD_GLTFPACK=OFF \
    "-DCMAKE_CXX_FLAGS=-O2 -Wno-array-bounds -Wno-stringop-overflow"
}

deps_build_libzstd() {  # The library alone (no programs, no shared library, no legacy formats).
  deps_cmake "$1/build/cmake" "$2/zstd" "$3" "$4" -DZSTD_BUILD_PROGRAMS=OFF -DZSTD_BUILD_SHARED=OFF \
    -DZSTD_BUILD_STATIC=ON -DZSTD_BUILD_TESTS=OFF -DZSTD_LEGACY_SUPPORT=OFF -DZSTD_MULTITHREAD_SUPPORT=OFF
}

deps_build_libwebp() {  # The library (its encoder too: libwebp.pc names one library), no programs.
  deps_cmake "$1" "$2/webp" "$3" "$4" -DWEBP_BUILD_ANIM_UTILS=OFF -DWEBP_BUILD_CWEBP=OFF \
    -DWEBP_BUILD_DWEBP=OFF -DWEBP_BUILD_GIF2WEBP=OFF -DWEBP_BUILD_IMG2WEBP=OFF -DWEBP_BUILD_VWEBP=OFF \
    -DWEBP_BUILD_WEBPINFO=OFF -DWEBP_BUILD_WEBPMUX=OFF -DWEBP_BUILD_EXTRAS=OFF -DWEBP_USE_THREAD=OFF \
    -DWEBP_BUILD_LIBWEBPMUX=OFF
}

deps_build_openjpeg2() {  # libopenjp2 without its codec programs; OPJ_STATIC for a static library.
  local prefix="$3"
  deps_cmake "$1" "$2/openjpeg" "$prefix" "$4" -DBUILD_CODEC=OFF -DBUILD_STATIC_LIBS=ON \
    -DBUILD_PKGCONFIG_FILES=ON -DBUILD_DOC=OFF
  sed -i 's/^Cflags: \(.*\)$/Cflags: \1 -DOPJ_STATIC/' "$prefix/lib/pkgconfig/libopenjp2.pc"
}

deps_build_xxhash() {
  local src="$1" prefix="$3"
  mkdir -p "$prefix/include"
  cp "$src/xxhash.h" "$prefix/include/"
  deps_static_library xxhash "$prefix" "$4" "$deps_cc" "-O2 -I$src" "$2" -- "$src/xxhash.c"
  deps_pkg_config "$prefix" libxxhash 0.8.1 "-I\${includedir}" "-L\${libdir} -lxxhash"
}

# SDL2 with what the viewer and Dear ImGui's SDL2 backend use: video (the Windows driver, OpenGL),
# events, timers, threads, loading of opengl32; no audio, joystick, haptic, sensors, HIDAPI,
# renderers, Vulkan or GLES. Its static library and SDL2main; the program stays a console program
# (no -mwindows), since the viewer prints to stdout.
deps_build_libsdl2() {
  local prefix="$3"
  deps_cmake "$1" "$2/sdl2" "$prefix" "$4" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF \
    -DSDL_POWER=OFF -DSDL_RENDER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_VULKAN=OFF \
    -DSDL_OPENGLES=OFF -DSDL_DIRECTX=OFF -DSDL_RENDER_D3D=OFF -DSDL_WASAPI=OFF -DSDL_XINPUT=OFF \
    -DSDL_DISKAUDIO=OFF -DSDL_DUMMYAUDIO=OFF -DSDL_OFFSCREEN=OFF -DSDL_CCACHE=OFF
  sed -i -E 's/ -mwindows//g' "$prefix/lib/pkgconfig/sdl2.pc"
}

# libepoxy by hand (its build is meson, not in the base image): the dispatch code generated from
# the Khronos registry it ships, for GL and WGL (no EGL, no GLX). At -O0: each generated function
# runs once, to find a GL entry point and put it in place of itself, and -O2 would cost 48 CPU
# seconds more on its 3.5 MB of generated C.
deps_build_libepoxy() {
  local src="$1" build="$2/epoxy-generated" prefix="$3"
  mkdir -p "$build" "$prefix/include/epoxy"
  python3 "$src/src/gen_dispatch.py" --source --header --outputdir="$build" "$src/registry/gl.xml" "$src/registry/wgl.xml"
  printf '#define ENABLE_GLX 0\n#define ENABLE_EGL 0\n#define ENABLE_X11 0\n' > "$build/config.h"
  cp "$src"/include/epoxy/{common,gl,wgl}.h "$build"/{gl,wgl}_generated.h "$prefix/include/epoxy/"
  deps_static_library epoxy "$prefix" "$4" "$deps_cc" "-O0 -I$build -I$src/include -I$src/src -I$prefix/include" "$2" -- \
    "$src/src/dispatch_common.c" "$src/src/dispatch_wgl.c" "$build/gl_generated_dispatch.c" "$build/wgl_generated_dispatch.c"
  deps_pkg_config "$prefix" epoxy 1.5.10 "-I\${includedir}" "-L\${libdir} -lepoxy -lopengl32 -lgdi32"
}

# Dear ImGui as Debian builds it (its Makefile: stb's rect packer and TrueType from libstb, and
# misc/cpp's std::string helpers), with the SDL2 and OpenGL3 backends the viewer uses, without the
# demo window it does not show.
deps_build_imgui() {
  local src="$1" prefix="$3"
  mkdir -p "$prefix/include/imgui/backends"
  cp "$src"/*.h "$src"/misc/cpp/*.h "$prefix/include/imgui/"
  cp "$src"/backends/imgui_impl_{sdl,opengl3,opengl3_loader}.h "$prefix/include/imgui/backends/"
  deps_static_library imgui "$prefix" "$4" "$deps_cxx" \
    "-O2 -I$src -I$prefix/include -I$prefix/include/SDL2 -DIMGUI_DISABLE_STB_RECT_PACK_IMPLEMENTATION '-DIMGUI_STB_RECT_PACK_FILENAME=<stb/stb_rect_pack.h>' -DIMGUI_DISABLE_STB_TRUETYPE_IMPLEMENTATION '-DIMGUI_STB_TRUETYPE_FILENAME=<stb/stb_truetype.h>'" \
    "$2" -- "$src"/imgui{,_draw,_tables,_widgets}.cpp "$src"/misc/cpp/imgui_stdlib.cpp \
    "$src"/backends/imgui_impl_{sdl,opengl3}.cpp
  deps_pkg_config "$prefix" imgui 1.86 "-I\${includedir}/imgui" "-L\${libdir} -limgui" stb
}

# stb as Debian builds libstb: one implementation per header, the rect packer and TrueType
# together; only the headers AEM and Dear ImGui use are compiled.
deps_build_libstb() {
  local src="$1" build="$2/stb-sources" prefix="$3" header
  mkdir -p "$build" "$prefix/include/stb"
  cp "$src"/*.h "$prefix/include/stb/"
  for header in stb_image stb_image_write stb_image_resize; do
    printf '#define %s_IMPLEMENTATION\n#include "%s.h"\n' "$(echo "$header" | tr '[:lower:]' '[:upper:]')" "$header" > "$build/$header.c"
  done
  cp "$src/stb_rect_pack_truetype.c" "$build/"
  deps_static_library stb "$prefix" "$4" "$deps_cc" "-O2 -fwrapv -I$src" "$2" -- \
    "$build"/stb_image.c "$build"/stb_image_write.c "$build"/stb_image_resize.c "$build"/stb_rect_pack_truetype.c
  deps_pkg_config "$prefix" stb 0.0 "-I\${includedir}/stb" "-L\${libdir} -lstb"
}

deps_build_nlohmann-json3() {  # Headers and its CMake package.
  deps_cmake "$1" "$2/nlohmann-json" "$3" "$4" -DJSON_BuildTests=OFF -DJSON_Install=ON -DJSON_MultipleHeaders=OFF
}

# tinygltf with Debian's build (patched to use nlohmann-json and libstb): a static library whose
# CMake package links libstb after it.
deps_build_tinygltf() {
  deps_cmake "$1" "$2/tinygltf" "$3" "$4" -DTINYGLTF_BUILD_LOADER_EXAMPLE=OFF \
    -DTINYGLTF_BUILD_GL_EXAMPLES=OFF -DTINYGLTF_BUILD_VALIDATOR_EXAMPLE=OFF
}

# The LZMA SDK's decoder as Debian's lzma-dev ships it: sources in include/lzma (the pipeline
# compiles LzmaDec.c itself).
deps_build_lzma() {
  local src="$1" prefix="$3"
  mkdir -p "$prefix/include/lzma"
  cp "$src"/C/{Types.h,LzmaDec.h,LzmaDec.c,7zVersion.h} "$prefix/include/lzma/"
}

# The toolchain file: MinGW-w64 (posix threads) finding libraries in this prefix only.
deps_write_toolchain() {
  sed "s|@AEM_DEPS_CC@|$deps_cc|; s|@AEM_DEPS_CXX@|$deps_cxx|" "$here/toolchain.cmake.in" > "$1/toolchain.cmake"
}

# Builds the libraries of one lane in turn, printing each one's seconds.
deps_build_lane() {
  local work="$1" prefix="$2" jobs="$3" lane="$4" package start
  shift 3
  for package in "$@"; do
    start=$(date +%s.%N)
    echo "$package" > "$work/build/lane-$lane.current"
    "deps_build_$package" "$work/src/$package" "$work/build" "$prefix" "$jobs"  # (set -e stops here)
    awk -v p="$package" -v s="$start" -v e="$(date +%s.%N)" 'BEGIN{printf "%-15s %5.1f s\n", p, e-s}'
  done
  rm -f "$work/build/lane-$lane.current"
}

# Builds every library: stb and nlohmann-json first (tinygltf and imgui use them), then two lanes
# side by side, so that one's configure step (serial) overlaps the other's compiling; SDL2 comes
# before imgui in its lane.
deps_build_all() {
  local work="$1" prefix="$2" jobs="$3" package start
  deps_write_toolchain "$prefix"
  deps_launcher=()
  deps_launcher_command=""
  if command -v ccache >/dev/null && [ -z "${AEM_WINDOWS_DEPS_NO_CCACHE:-}" ]; then
    deps_launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    deps_launcher_command="ccache "
    export CCACHE_BASEDIR="$work" CCACHE_NOHASHDIR=1
  fi
  mkdir -p "$work/build"
  deps_build_lane "$work" "$prefix" "$jobs" libstb nlohmann-json3 lzma
  local lane_a lane_b status_a status_b
  deps_build_lane "$work" "$prefix" "$jobs" libsdl2 imgui libsquish xxhash meshoptimizer & lane_a=$!
  deps_build_lane "$work" "$prefix" "$jobs" libepoxy libzstd libwebp openjpeg2 tinygltf & lane_b=$!
  wait "$lane_a" && status_a=0 || status_a=$?
  wait "$lane_b" && status_b=0 || status_b=$?
  [ "$status_a" -eq 0 ] && [ "$status_b" -eq 0 ]
}

# Points the absolute paths that CMake's package files and pkg-config files hold at the prefix's
# final place.
deps_relocate() {
  local from="$1" to="$2" file
  grep -rlF "$from" "$from/lib" "$from/share" 2>/dev/null | while read -r file; do
    case "$file" in *.a) continue ;; esac
    sed -i "s|$from|$to|g" "$file"
  done
}
