# The layering check: every quoted #include of a checked folder's files
# (the core's libraries, solver/retro, cli, wasm, solver) must name a file
# of that folder or of a folder it declares (transitively); an include
# without a folder names the includer's own folder,
# so a wrong-way include fails the build, naming the file and the include.
# Within a folder whose files are ordered (the flat rules core), a file
# may include only the folder's headers at or before its own place, so that
# e.g. game sits below notation; a file missing from the order is refused
# too, so a new file gets its place.
# Run by the build (CMakeLists.txt, target zertz_layers) as
#   cmake -DSOURCE_DIR=<repo> "-DLAYERS=<dir=allowed,allowed|...>"
#         "-DORDER=<dir=stem,stem,...|...>" -P check-layers.cmake
# where each LAYERS entry gives a folder and the folders its files may
# include, and each ORDER entry a folder and its files' names (without .h or
# .cpp) from the bottom up.
cmake_minimum_required(VERSION 3.20)

# The paths named by a file's quoted #include lines.
function(quoted_includes file out)
  file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  set(paths "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
    list(APPEND paths "${included}")
  endforeach()
  set(${out} "${paths}" PARENT_SCOPE)
endfunction()

# The entries "dir=a,b,..." of a "|"-separated option: the list of dirs goes
# into `out`, each dir's items into <prefix>_<dir with / as _>.
function(read_entries option prefix out)
  string(REPLACE "|" ";" entries "${option}")
  list(REMOVE_ITEM entries "")
  set(dirs "")
  foreach(entry IN LISTS entries)
    string(REPLACE "=" ";" parts "${entry}")
    list(GET parts 0 dir)
    list(GET parts 1 items)
    string(REPLACE "," ";" items "${items}")
    string(REPLACE "/" "_" key "${dir}")
    set(${prefix}_${key} "${items}" PARENT_SCOPE)
    list(APPEND dirs "${dir}")
  endforeach()
  set(${out} "${dirs}" PARENT_SCOPE)
endfunction()

set(problems "")
read_entries("${LAYERS}" allowed layer_dirs)
read_entries("${ORDER}" order ordered_dirs)  # ORDER names layer folders only
foreach(dir IN LISTS layer_dirs)
  string(REPLACE "/" "_" key "${dir}")
  set(allowed "${allowed_${key}}")
  set(order "${order_${key}}")
  string(REPLACE ";" ", " allowed_text "${allowed}")
  file(GLOB files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp")
  foreach(file IN LISTS files)
    get_filename_component(stem "${file}" NAME_WE)
    set(below "")  # in an ordered folder: its files this one may include
    if(order)
      list(FIND order "${stem}" place)
      if(place LESS 0)
        string(APPEND problems "\n  ${file}: not in the order of ${dir}/ (list it in CMakeLists.txt)")
        continue()
      endif()
      math(EXPR count "${place} + 1")
      list(SUBLIST order 0 ${count} below)
    endif()
    quoted_includes("${SOURCE_DIR}/${file}" includes)
    foreach(included IN LISTS includes)
      get_filename_component(included_dir "${included}" DIRECTORY)
      if(included_dir STREQUAL "")  # "command.h": a file of the includer's own folder
        set(included_dir "${dir}")
      endif()
      get_filename_component(included_stem "${included}" NAME_WE)
      if(NOT included_dir IN_LIST allowed)
        string(APPEND problems "\n  ${file}: #include \"${included}\": ${dir}/ may include only ${allowed_text}")
      elseif(order AND included_dir STREQUAL dir AND NOT included_stem IN_LIST below)
        string(REPLACE ";" ", " below_text "${below}")
        string(APPEND problems "\n  ${file}: #include \"${included}\": ${dir}/${stem} may include only ${below_text} of ${dir}/")
      endif()
    endforeach()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "wrong-way include (see the layers in CMakeLists.txt):${problems}")
endif()
