# cmake -DFONT=subset.otf -DOUT=file.cpp -P embed_font.cmake: writes the font's bytes as an
# array (fonts.cpp reads it; no filesystem in the browser).
file(READ ${FONT} hex HEX)
string(LENGTH "${hex}" chars)
math(EXPR size "${chars} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE ${OUT}.tmp "// Generated from ${FONT} by embed_font.cmake.\n#include <cstddef>\nnamespace tilewise::app {\nextern const unsigned char kUiFont[] = {\n${bytes}\n};\nextern const std::size_t kUiFontSize = ${size};\n}  // namespace tilewise::app\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
