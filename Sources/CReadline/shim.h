#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline is configured through global variables, which Swift 6 will not touch from Swift code
// (shared mutable state). These setters keep that access on the C side.

static inline void quiz_readline_configure(const char *name) {
  rl_readline_name = name;
  rl_catch_signals = 0;
  // Not LINES and COLUMNS into the environment, where the editor :edit opens would find them.
  rl_change_environment = 0;
}

// Where readline reads keys and writes the line; NULL means standard input and output.
static inline void quiz_readline_set_streams(FILE *input, FILE *output) {
  rl_instream = input;
  rl_outstream = output;
}

static inline void quiz_readline_set_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}

// The line as typed so far, before Enter.
static inline const char *quiz_readline_line(void) {
  return rl_line_buffer;
}

static inline void quiz_readline_completion_is_over(void) {
  rl_attempted_completion_over = 1;
}

// Tab completes a `:` command where the line is one; in code it indents, as an editor's does
// (completing an empty word would insert the `:` every command starts with).
static inline int quiz_readline_tab(int count, int key) {
  if (rl_line_buffer[0] == ':') return rl_complete(count, key);
  return rl_insert_text("    ") > 0 ? 0 : 1;
}

static inline void quiz_readline_bind_tab(void) {
  rl_bind_key('\t', quiz_readline_tab);
}

