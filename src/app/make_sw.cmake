# Writes the site's service worker from web/sw.js: BUILD_ID = the first 16 hex digits of the
# SHA-256 of the concatenated SHA-256 hex digests of FILES (in order, read from SITE), and
# the file list itself. Called by src/app/CMakeLists.txt after the modules are linked.
# cmake -DTEMPLATE=web/sw.js -DSITE=<site dir> -DFILES="a|b|c" -P make_sw.cmake
string(REPLACE "|" ";" names "${FILES}")
set(digests "")
foreach(name IN LISTS names)
  if(NOT EXISTS "${SITE}/${name}")
    message(FATAL_ERROR "make_sw: ${SITE}/${name} is missing")
  endif()
  file(SHA256 "${SITE}/${name}" digest)
  string(APPEND digests "${digest}")
endforeach()
string(SHA256 all "${digests}")
string(SUBSTRING "${all}" 0 16 TILEWISE_BUILD_ID)
string(REPLACE ";" " " TILEWISE_OFFLINE_FILES "${names}")
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
