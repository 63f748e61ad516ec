#include <gtk/gtk.h>

// Small C helpers for what Swift cannot call directly: GTK's variadic property setters.

/// A drawing area with an accessible role (a construct-only property in GTK 4).
static inline GtkWidget *reusekit_drawing_area_new_with_role(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL));
}

/// Sets the accessible name and description (either may be NULL to reset it).
static inline void reusekit_accessible_set_texts(
    GtkAccessible *accessible, const char *label, const char *description) {
  if (label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
  }
  if (description) {
    gtk_accessible_update_property(
        accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

/// Sets the level (a tree item's), or resets it when `level` is 0 or less.
static inline void reusekit_accessible_set_level(GtkAccessible *accessible, int level) {
  if (level > 0) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LEVEL);
  }
}

/// Sets the place in the set and the set's size, and a grid cell's row and column (0 resets
/// each). GTK 4.8 keeps them but does not send them over AT-SPI; newer GTK does.
static inline void reusekit_accessible_set_positions(
    GtkAccessible *accessible, int position, int size, int row, int column, int rows,
    int columns) {
  if (position > 0) {
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                   GTK_ACCESSIBLE_RELATION_SET_SIZE, size, -1);
  } else {
    gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_POS_IN_SET);
    gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_SET_SIZE);
  }
  if (row > 0) {
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_ROW_INDEX, row,
                                   GTK_ACCESSIBLE_RELATION_COL_INDEX, column,
                                   GTK_ACCESSIBLE_RELATION_ROW_COUNT, rows,
                                   GTK_ACCESSIBLE_RELATION_COL_COUNT, columns, -1);
  }
}

/// Sets the selected, expanded (-1: not expandable, 0, 1) and disabled states.
static inline void reusekit_accessible_set_states(
    GtkAccessible *accessible, gboolean selected, int expanded, gboolean disabled) {
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_SELECTED, selected,
                              GTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
  if (expanded >= 0) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, expanded != 0, -1);
  } else {
    gtk_accessible_reset_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED);
  }
}

/// An overlay with an accessible role (the host of a collection view: a list, a grid...).
static inline GtkWidget *reusekit_overlay_new_with_role(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_OVERLAY, "accessible-role", role, NULL));
}
