#ifndef REUSE_MEASURE_H
#define REUSE_MEASURE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// Runs `body(context)`: the one function callgrind counts for a measured frame
/// (`valgrind --tool=callgrind --toggle-collect=reusekit_measured`), so that a frame's
/// instructions are counted the same way in the gallery and in its C peers.
void reusekit_measured(void (*body)(void *), void *context);

/// Paints what `window`'s child shows now into `cr`, as a frame's paint does: a snapshot of the
/// child (GTK's cached render nodes for what did not change) drawn with cairo.
void reusekit_render_child(GtkWidget *window, cairo_t *cr);

G_END_DECLS

#endif
