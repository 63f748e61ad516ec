// SQLite's C API, from Debian's libsqlite3-dev (a system library: nothing is vendored).
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: the same value, as a function.
static inline sqlite3_destructor_type reusekit_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}
