# The layering check: every quoted #include of a core library's files must
# name a file of that library or of a library it declares (transitively),
# so a wrong-way include fails the build, naming the file and the include.
# Run by the build (CMakeLists.txt, target zertz_layers) as
#   cmake -DSOURCE_DIR=<repo> "-DLAYERS=<dir=allowed,allowed|...>" -P check-layers.cmake
# where each entry gives a folder and the folders its files may include.
cmake_minimum_required(VERSION 3.20)

set(problems "")
string(REPLACE "|" ";" LAYERS "${LAYERS}")
list(REMOVE_ITEM LAYERS "")
foreach(entry IN LISTS LAYERS)
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 dir)
  list(GET parts 1 allowed)
  string(REPLACE "," ";" allowed "${allowed}")
  file(GLOB files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp")
  foreach(file IN LISTS files)
    file(STRINGS "${SOURCE_DIR}/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
      get_filename_component(included_dir "${included}" DIRECTORY)
      if(NOT included_dir IN_LIST allowed)
        string(REPLACE ";" ", " allowed_text "${allowed}")
        string(APPEND problems "\n  ${file}: #include \"${included}\": ${dir}/ may include only ${allowed_text}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "wrong-way include (see the layers in CMakeLists.txt):${problems}")
endif()
