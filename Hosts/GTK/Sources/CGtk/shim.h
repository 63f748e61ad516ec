#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <string.h>

// Small C helpers for what Swift cannot call directly: GTK's variadic property setters.

/// A drawing area with an accessible role (a construct-only property in GTK 4).
static inline GtkWidget *reusekit_drawing_area_new_with_role(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL));
}

/// Sets the accessible name alone (NULL resets it).
static inline void reusekit_accessible_set_label(GtkAccessible *accessible, const char *label) {
  if (label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
  }
}

/// Hides a widget from assistive technology: another says what it shows.
static inline void reusekit_accessible_hide(GtkAccessible *accessible) {
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/// Sets the accessible description alone (NULL resets it).
static inline void reusekit_accessible_set_description(
    GtkAccessible *accessible, const char *description) {
  if (description) {
    gtk_accessible_update_property(
        accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

/// Names a notebook's tab (the widget GTK puts around its label) as `name`: GTK 4.8 names
/// every tab "Tab" on the accessibility bus.
static inline void reusekit_name_notebook_tab(GtkWidget *label, const char *name) {
  GtkWidget *tab = gtk_widget_get_parent(label);
  if (tab && GTK_IS_ACCESSIBLE(tab)) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(tab), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
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
/// A box with an accessible role (a widget-tree cell's root).
static inline GtkWidget *reusekit_box_new_with_role(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "accessible-role", role, NULL));
}

static inline GtkWidget *reusekit_overlay_new_with_role(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_OVERLAY, "accessible-role", role, NULL));
}

// Text through Pango: font fallback (CJK, emoji) and ellipsis, which cairo's own text API has
// not. One layout per cairo context's call; the font is "Sans" at an absolute pixel size.

/// Sets `text` on `layout`, Unicode's control pictures (␀ to ␟, ␡: how the models show the
/// control characters of data) in caret notation (^@ to ^_, ^?) where no font has them:
/// Pango drew each as a box with its code in it (a new user's finding: a tab showed as a box,
/// a line break as ↵).
static inline void reusekit_layout_set_text(PangoLayout *layout, const char *text) {
  pango_layout_set_text(layout, text, -1);
  if (g_strstr_len(text, -1, "\xE2\x90") == NULL ||
      pango_layout_get_unknown_glyphs_count(layout) == 0) {
    return;
  }
  size_t length = strlen(text);
  char *caret = g_malloc(length + 1);  // two bytes for each three: never longer
  size_t out = 0;
  for (size_t i = 0; i < length;) {
    unsigned char lead = (unsigned char)text[i];
    unsigned char last = i + 2 < length ? (unsigned char)text[i + 2] : 0;
    if (lead == 0xE2 && (unsigned char)text[i + 1] == 0x90 && (last <= 0x9F || last == 0xA1) &&
        last >= 0x80) {
      caret[out++] = '^';
      caret[out++] = last == 0xA1 ? '?' : (char)(0x40 + (last - 0x80));
      i += 3;
    } else {
      caret[out++] = (char)lead;
      i += 1;
    }
  }
  caret[out] = 0;
  pango_layout_set_text(layout, caret, -1);
  g_free(caret);
}

static inline PangoLayout *reusekit_text_layout(
    cairo_t *cr, const char *text, double size, gboolean bold, double max_width) {
  PangoLayout *layout = pango_cairo_create_layout(cr);
  PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans");
  pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
  pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);
  reusekit_layout_set_text(layout, text);
  pango_layout_set_single_paragraph_mode(layout, TRUE);
  if (max_width > 0) {
    pango_layout_set_width(layout, (int)(max_width * PANGO_SCALE));
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  }
  return layout;
}

/// Draws `text` with its baseline at `y` (as cairo_show_text does), ellipsized to `max_width`
/// pixels when it is > 0.
static inline void reusekit_draw_text(
    cairo_t *cr, const char *text, double x, double y, double size, gboolean bold,
    double max_width) {
  PangoLayout *layout = reusekit_text_layout(cr, text, size, bold, max_width);
  double baseline = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
  cairo_move_to(cr, x, y - baseline);
  pango_cairo_show_layout(cr, layout);
  g_object_unref(layout);
}

/// The width `text` takes, in pixels.
static inline double reusekit_text_width(cairo_t *cr, const char *text, double size, gboolean bold) {
  PangoLayout *layout = reusekit_text_layout(cr, text, size, bold, 0);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  g_object_unref(layout);
  return (double)logical.width / PANGO_SCALE;
}

/// What Pango made of `text` at `size` pixels cut to `max_width` (0: not cut): the glyphs it
/// found no font for (drawn as empty boxes), whether it was cut with "…", and its width.
static inline void reusekit_text_facts(
    const char *text, double size, double max_width, int *unknown, gboolean *ellipsized,
    double *width) {
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create(surface);
  PangoLayout *layout = reusekit_text_layout(cr, text, size, FALSE, max_width);
  *unknown = pango_layout_get_unknown_glyphs_count(layout);
  *ellipsized = pango_layout_is_ellipsized(layout);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  *width = (double)logical.width / PANGO_SCALE;
  g_object_unref(layout);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

/// Whether the system asks for a dark look: GTK_THEME names a dark variant ("Adwaita:dark"),
/// or the settings prefer a dark theme, or the theme's name says dark.
static inline gboolean reusekit_prefers_dark(void) {
  const char *forced = g_getenv("GTK_THEME");
  if (forced && *forced) return strstr(forced, "dark") != NULL || strstr(forced, "Dark") != NULL;
  GtkSettings *settings = gtk_settings_get_default();
  if (!settings) return FALSE;
  gboolean prefer = FALSE;
  char *name = NULL;
  g_object_get(settings, "gtk-application-prefer-dark-theme", &prefer, "gtk-theme-name", &name,
               NULL);
  gboolean dark = prefer || (name && (strstr(name, "dark") || strstr(name, "Dark")));
  g_free(name);
  return dark;
}

/// Asks GTK's own widgets for the dark (or light) variant of the theme.
static inline void reusekit_set_prefers_dark(gboolean dark) {
  GtkSettings *settings = gtk_settings_get_default();
  if (settings) g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
}
