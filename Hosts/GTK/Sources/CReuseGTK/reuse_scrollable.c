#include "reuse_scrollable.h"

struct _ReuseScrollable {
  GtkWidget parent_instance;
  GtkWidget *child;
  GtkAdjustment *adjustments[2]; /* horizontal, vertical */
  GtkScrollablePolicy policies[2];
  ReuseScrolledFunc scrolled;
  gpointer scrolled_data;
  gboolean configuring;
  double content[2], viewport[2], offset[2];
};

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

G_DEFINE_FINAL_TYPE_WITH_CODE(ReuseScrollable, reuse_scrollable, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void apply_to_adjustment(ReuseScrollable *self, int axis) {
  GtkAdjustment *adjustment = self->adjustments[axis];
  if (!adjustment) return;
  double page = self->viewport[axis];
  double upper = MAX(self->content[axis], page);
  self->configuring = TRUE;
  gtk_adjustment_configure(adjustment, CLAMP(self->offset[axis], 0, MAX(0, upper - page)), 0,
                           upper, page * 0.1, page * 0.9, page);
  self->configuring = FALSE;
}

static void value_changed(GtkAdjustment *adjustment, ReuseScrollable *self) {
  (void)adjustment;
  if (self->configuring) return;
  for (int axis = 0; axis < 2; axis++) {
    if (self->adjustments[axis]) self->offset[axis] = gtk_adjustment_get_value(self->adjustments[axis]);
  }
  if (self->scrolled) self->scrolled(self->offset[0], self->offset[1], self->scrolled_data);
}

static void set_adjustment(ReuseScrollable *self, int axis, GtkAdjustment *adjustment) {
  if (self->adjustments[axis] == adjustment && adjustment) return;
  if (self->adjustments[axis]) {
    g_signal_handlers_disconnect_by_func(self->adjustments[axis], value_changed, self);
    g_object_unref(self->adjustments[axis]);
  }
  if (!adjustment) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
  self->adjustments[axis] = g_object_ref_sink(adjustment);
  g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
  apply_to_adjustment(self, axis);
  g_object_notify(G_OBJECT(self), axis == 0 ? "hadjustment" : "vadjustment");
}

static void reuse_scrollable_set_property(GObject *object, guint id, const GValue *value,
                                          GParamSpec *spec) {
  ReuseScrollable *self = REUSE_SCROLLABLE(object);
  switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, 0, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, 1, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY: self->policies[0] = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: self->policies[1] = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
  }
}

static void reuse_scrollable_get_property(GObject *object, guint id, GValue *value,
                                          GParamSpec *spec) {
  ReuseScrollable *self = REUSE_SCROLLABLE(object);
  switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustments[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustments[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policies[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policies[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
  }
}

static void reuse_scrollable_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                     int *minimum, int *natural, int *minimum_baseline,
                                     int *natural_baseline) {
  ReuseScrollable *self = REUSE_SCROLLABLE(widget);
  *minimum = 0;
  *natural = 0;
  if (self->child) {
    int child_minimum, child_natural;
    gtk_widget_measure(self->child, orientation, for_size, &child_minimum, &child_natural, NULL,
                       NULL);
    *natural = child_natural;
  }
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void reuse_scrollable_size_allocate(GtkWidget *widget, int width, int height,
                                           int baseline) {
  ReuseScrollable *self = REUSE_SCROLLABLE(widget);
  if (self->child) gtk_widget_allocate(self->child, width, height, baseline, NULL);
}

static void reuse_scrollable_dispose(GObject *object) {
  ReuseScrollable *self = REUSE_SCROLLABLE(object);
  g_clear_pointer(&self->child, gtk_widget_unparent);
  for (int axis = 0; axis < 2; axis++) {
    if (self->adjustments[axis]) {
      g_signal_handlers_disconnect_by_func(self->adjustments[axis], value_changed, self);
      g_clear_object(&self->adjustments[axis]);
    }
  }
  self->scrolled = NULL;
  G_OBJECT_CLASS(reuse_scrollable_parent_class)->dispose(object);
}

static void reuse_scrollable_class_init(ReuseScrollableClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->set_property = reuse_scrollable_set_property;
  object_class->get_property = reuse_scrollable_get_property;
  object_class->dispose = reuse_scrollable_dispose;
  widget_class->measure = reuse_scrollable_measure;
  widget_class->size_allocate = reuse_scrollable_size_allocate;
  g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
}

static void reuse_scrollable_init(ReuseScrollable *self) {
  self->policies[0] = self->policies[1] = GTK_SCROLL_MINIMUM;
}

GtkWidget *reuse_scrollable_new(GtkWidget *child) {
  ReuseScrollable *self = g_object_new(REUSE_TYPE_SCROLLABLE, NULL);
  self->child = child;
  gtk_widget_set_parent(child, GTK_WIDGET(self));
  gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
  return GTK_WIDGET(self);
}

void reuse_scrollable_set_scrolled_func(ReuseScrollable *self, ReuseScrolledFunc scrolled,
                                        gpointer data) {
  self->scrolled = scrolled;
  self->scrolled_data = data;
}

void reuse_scrollable_configure(ReuseScrollable *self, double content_width,
                                double content_height, double viewport_width,
                                double viewport_height, double x, double y) {
  self->content[0] = content_width;
  self->content[1] = content_height;
  self->viewport[0] = viewport_width;
  self->viewport[1] = viewport_height;
  self->offset[0] = x;
  self->offset[1] = y;
  apply_to_adjustment(self, 0);
  apply_to_adjustment(self, 1);
}

GtkAdjustment *reuse_scrollable_get_hadjustment(ReuseScrollable *self) {
  return self->adjustments[0];
}

GtkAdjustment *reuse_scrollable_get_vadjustment(ReuseScrollable *self) {
  return self->adjustments[1];
}
