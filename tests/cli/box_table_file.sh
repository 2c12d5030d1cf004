#!/bin/sh
# A stored 4x4 table: read without a check when built here, checked in full at its first read
# (a stamp beside it), then read on the stamp; changed after that, or cut short, it is refused
# with one line naming the file and what is wrong, built again, and every answer is the same.
#   box_table_file.sh TILEWISE WORKDIR
set -eu
tw=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
file=$dir/tables/box-additive-cw+ccw-rows.v1.bin
solve() {
  TILEWISE_CACHE=$dir/tables "$tw" box solve 9,1,5,3/10,6,11,7/14,16,2,4/13,15,12,8 \
    --moves cw+ccw --partition rows 2> "$dir/err" | grep -v ' ms'
}
first=$(solve)
test ! -e "$file.stamp"
again=$(solve)
test "$again" = "$first" && test -e "$file.stamp" && ! grep -q . "$dir/err"
test "$(solve)" = "$first" && ! grep -q . "$dir/err"
printf 'x' | dd of="$file" bs=1 seek=20000 conv=notrunc 2> /dev/null
test "$(solve)" = "$first"
test "$(grep -c 'rows.v1.bin: damaged: its checksum does not match; building it again' "$dir/err")" = 1
head -c 1000 "$file" > "$dir/short" && mv "$dir/short" "$file"
test "$(solve)" = "$first"
grep -q 'rows.v1.bin: short: 1000 bytes, the table has 43700; building it again' "$dir/err"
test "$(solve)" = "$first"
echo "box table file: ok"
