# tilewise best / e2.bucas.name links (included from CMakeLists.txt).
set(GEN16 "\"$0\" generate --rows 16 --cols 16 --rule equal --frame --motifs 17 --seed 5")
tw_cli_test(best_json_fields "\"board\":\\[\\[[0-9]+,[0-3]\\],.*\"improvements\":\\[\\[[0-9]+,[0-9]+\\].*\"max_score\":60,.*\"score\":60,"
            ${TW} best ${P}/generated_6x6_frame.txt --max-nodes 200 --json)
# Same seed, threads and node budget: the same board (times left out).
add_test(NAME cli.best_same_seed_same_board COMMAND sh -c
  "f=\"$1\"; run() { \"$0\" best \"$f\" --seed 3 --threads 2 --max-nodes 40 --beam 256 --json | sed 's/\"elapsed_ms\".*\"interrupted\"/\"interrupted\"/'; }; a=$(run); b=$(run); echo \"$a\"; test -n \"$a\" && test \"$a\" = \"$b\""
  ${TW} ${P}/generated_7x7_hard.txt)
set_tests_properties(cli.best_same_seed_same_board PROPERTIES LABELS cli)
tw_cli_exit(best_missing_file 2 ${TW} best /nonexistent/puzzle.txt)
tw_cli_exit(best_bad_threads 2 ${TW} best ${P}/generated_6x6_frame.txt --threads 0)
# Ctrl-C during the first (wide) beam: the best board so far, exit 3.
add_test(NAME cli.best_sigint_prints_best_so_far COMMAND sh -c
  "${GEN16} > \"$1.txt\" && { \"$0\" best \"$1.txt\" --seconds 120 > \"$1\" & pid=$!; sleep 1; kill -INT $pid; wait $pid; rc=$?; cat \"$1\"; test $rc -eq 3 && grep -q 'interrupted: best board: score' \"$1\" && grep -q 'e2.bucas.name link' \"$1\"; }"
  ${TW} ${CMAKE_CURRENT_BINARY_DIR}/best_sigint.out)
set_tests_properties(cli.best_sigint_prints_best_so_far PROPERTIES LABELS cli)
# A board written as an e2.bucas.name link reads back with its score.
add_test(NAME cli.bucas_link_round_trip COMMAND sh -c
  "link=$(\"$0\" link encode \"$1\" --bucas \"$(\"$0\" best \"$1\" --max-nodes 5 | sed -n 's/^tiles (label r rotation)://p')\") && echo \"$link\" && \"$0\" link decode \"$link\" --puzzle \"$1\" | grep -q '^# score: [0-9]* of 60'"
  ${TW} ${P}/generated_6x6_frame.txt)
set_tests_properties(cli.bucas_link_round_trip PROPERTIES LABELS cli)
tw_cli_exit(bucas_bad_link 2 ${TW} link decode "https://e2.bucas.name/#board_w=2&board_h=1&board_edges=aab")
