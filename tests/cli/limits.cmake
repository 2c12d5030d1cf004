# Limits and bad input (issue 8): every limit is named in one clear message, never a
# silent truncation; bad input exits 2. Included from tests/cli/CMakeLists.txt.

# tw_cli_says(NAME CODE TEXT COMMAND...): the command exits with CODE and its output
# (stdout + stderr) contains TEXT literally. (No ';' in COMMAND: CMake splits lists there.)
function(tw_cli_says name code text)
  add_test(NAME cli.${name} COMMAND sh -c
    "out=$(\"$0\" \"$@\" 2>&1); rc=$?; printf '%s\\n' \"$out\" | head -c 3000; echo exit=$rc; test $rc -eq ${code} && printf '%s' \"$out\" | grep -qF -- '${text}'"
    ${ARGN})
  set_tests_properties(cli.${name} PROPERTIES LABELS cli)
endfunction()

set(D ${CMAKE_CURRENT_BINARY_DIR}/limits)
file(MAKE_DIRECTORY ${D})
file(WRITE ${D}/rows17.txt "size 17 3\nmatch equal\n")
set(cards "")
foreach(i RANGE 1 257)
  string(APPEND cards "c${i} HEAD-RED TAIL-RED HEAD-BLUE TAIL-BLUE\n")
endforeach()
file(WRITE ${D}/cards257.txt "${cards}")

# Board size: 16 x 16 at most, in files, card files and generate.
tw_cli_says(limit_board_rows_17 2 "rows and columns must be whole numbers 1..16"
            ${TW} solve ${D}/rows17.txt)
tw_cli_says(limit_cards_257 2 "too many cards: at most 256" ${TW} solve ${D}/cards257.txt)
tw_cli_says(limit_generate_rows_17 2 "Value 17 not in range 1 to 16"
            ${TW} generate --rows 17 --cols 3)
tw_cli_says(limit_generate_hints 2 "hints must be 0..rows*cols"
            ${TW} generate --rows 4 --cols 4 --hints 17)
tw_cli_says(limit_generate_motifs 2 "motifs must be 1..26" ${TW} generate --rows 4 --cols 4
            --motifs 100000)
# Files: size and content.
tw_cli_says(limit_file_1mib 2 "file is larger than 1 MiB" sh -c
            "head -c 1100000 /dev/zero | tr '\\0' '#' | \"$0\" solve -" ${TW})
tw_cli_says(limit_file_nul 2 "file contains NUL bytes" sh -c
            "printf 'size 1 1\\n\\000' | \"$0\" solve -" ${TW})
tw_cli_says(limit_file_directory 2 "read error (is it a directory?)" ${TW} solve ${D})
# Links: too long, cut, not ours.
tw_cli_says(limit_link_too_long 2 "the link is too long" sh -c
            "\"$0\" link decode \"#$(head -c 20000 /dev/zero | tr '\\0' A)\"" ${TW})
tw_cli_says(limit_link_altered 2 "checksum mismatch" ${TW} link decode "#AQASCIQN0bjMsTqGd42aqFnTuYAAtqI")
tw_cli_says(limit_link_alphabet 2 "is not in the link alphabet" ${TW} link decode "#AQA*")
# Solutions kept in memory: counting goes on past --keep, and the output says so.
tw_cli_says(limit_keep_reported 0 "(only the first 2 solutions are kept in memory; raise --keep"
            ${TW} solve ${P}/cards_4x4.txt --all --keep 2)
tw_cli_says(limit_keep_counts_on 0 "solutions (up to board rotation): 14"
            ${TW} solve ${P}/cards_4x4.txt --all --keep 2)
tw_cli_says(limit_keep_json 0 "\"solutions_truncated\":true"
            ${TW} solve ${P}/cards_4x4.txt --all --keep 2 --json)
# Puzzle Box: 9 x 9 at most (group tables 8 x 8); 10000 solutions kept (369600 optimal: four independent buttons
# turned once, undone by three presses each in any order); pattern-database memory named
# (the 7-number table these build once on a fresh machine; --bound pattern: not the additive
# 7+7+2 tables too, the blocks partition is built in no time).
tw_cli_says(limit_box_10x10 2 "too many numbers: at most 9x9" ${TW} box solve
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100")
tw_cli_says(limit_box_9x9_groups 2 "group tables take boards up to 8x8" ${TW} box solve
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81" --moves cw+ccw --groups A./.A)
# 4x4 --all prints every sequence (listed again from the count's table), JSON keeps 10,000;
# a count table over --max-memory ends the count "not counted".
tw_cli_says(limit_box_kept_reported 0 "\"solutions_truncated\":true"
            ${TW} box solve 5,1,7,3/6,2,8,4/13,9,15,11/14,10,16,12 --all --bound pattern --json)
add_test(NAME cli.limit_box_all_listed COMMAND sh -c
  "n=$(\"$0\" \"$@\" | grep -c '^B'); echo listed=$n; test $n -eq 369600"
  ${TW} box solve 5,1,7,3/6,2,8,4/13,9,15,11/14,10,16,12 --all --bound pattern)
set_tests_properties(cli.limit_box_all_listed PROPERTIES LABELS cli)
tw_cli_says(limit_box_count_table_cap 3 "optimal solutions: not counted: the count"
            ${TW} box solve 5,1,7,3/6,2,8,4/13,9,15,11/14,10,16,12 --count --bound pattern --max-memory 0)
tw_cli_says(limit_box_pattern_db_memory 0 "IDA* with a pattern database (4x4, numbers 1-7, 27.5 MiB"
            ${TW} box solve 1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,16 --bound pattern)
tw_cli_says(limit_box_additive_memory 0 "IDA* with additive pattern databases (4x4, blocks, 0.0 MiB, 2 images)"
            ${TW} box solve 1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,16 --moves cw+ccw --bound additive --partition blocks)
tw_cli_exit(limit_box_unknown_partition 2 ${TW} box solve 1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,16 --partition 9+7)
tw_cli_says(limit_box_bad_groups 2 "2 rows, the board has 5"
            ${TW} box solve 6,1,3,4,5/7,12,18,2,10/11,13,8,9,15/16,17,19,24,14/21,22,23,25,20
            --groups AAA/BBB)
# --groups on 4x4 and smaller (no group tables there): said, not silently ignored.
tw_cli_says(limit_box_groups_on_4x4 2 "--groups auto: only boards of 5x5 and up use group tables (this board is 4x4)"
            ${TW} box solve 1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,16 --bound pattern --groups auto)
