#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline is configured through global variables, which Swift 6 will not touch from Swift code
// (shared mutable state). These setters keep that access on the C side.

static inline void quiz_readline_configure(const char *name) {
  rl_readline_name = name;
  rl_catch_signals = 0;
}

static inline void quiz_readline_set_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}

static inline void quiz_readline_completion_is_over(void) {
  rl_attempted_completion_over = 1;
}
