#ifndef REUSE_SCROLLABLE_H
#define REUSE_SCROLLABLE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// A widget that implements GtkScrollable around one child (a ReuseKit host): it lets a
/// GtkScrolledWindow show GTK's scrollbars for a collection view that scrolls itself. The
/// child is allocated the scrollable's whole size (the collection view draws what is in view);
/// the adjustments say where the view is in its content.
#define REUSE_TYPE_SCROLLABLE (reuse_scrollable_get_type())
G_DECLARE_FINAL_TYPE(ReuseScrollable, reuse_scrollable, REUSE, SCROLLABLE, GtkWidget)

/// Told when an adjustment's value changed from outside (a scrollbar, the scrolled window's
/// wheel and kinetic scrolling): the new horizontal and vertical offsets.
typedef void (*ReuseScrolledFunc)(double x, double y, gpointer data);

/// A scrollable around `child`.
GtkWidget *reuse_scrollable_new(GtkWidget *child);

/// Where `scrolled` goes, with `data`.
void reuse_scrollable_set_scrolled_func(ReuseScrollable *self, ReuseScrolledFunc scrolled,
                                        gpointer data);

/// Tells the adjustments the content's size, the viewport's and the offset (without calling
/// the scrolled function back).
void reuse_scrollable_configure(ReuseScrollable *self, double content_width,
                                double content_height, double viewport_width,
                                double viewport_height, double x, double y);

/// The adjustments (NULL until a scrolled window or someone sets them).
GtkAdjustment *reuse_scrollable_get_hadjustment(ReuseScrollable *self);
GtkAdjustment *reuse_scrollable_get_vadjustment(ReuseScrollable *self);

G_END_DECLS

#endif
