#include "reuse_measure.h"

__attribute__((noinline)) void reusekit_measured(void (*body)(void *), void *context) {
  body(context);
}

void reusekit_render_child(GtkWidget *window, cairo_t *cr) {
  GtkWidget *child = gtk_widget_get_first_child(window);
  if (child == NULL) return;
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gtk_widget_snapshot_child(window, child, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  if (node == NULL) return;
  gsk_render_node_draw(node, cr);
  gsk_render_node_unref(node);
}
