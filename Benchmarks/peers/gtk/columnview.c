/*
 * The GTK peer for ReuseKit's table page: a stock GtkColumnView (GTK 4) over the same lazy list
 * model as the GtkListView peer, COLUMNS columns of 100 px, each cell a drawing area drawn with
 * cairo (its text), as the table page's cells are.
 *
 *   columnview [--items N] [--columns C] [--first-frame | --measure-frames F]
 *
 *   --items N            rows, 1 to 10,000,000 (default 1,000,000).
 *   --columns C          columns, 1 to 1,000 (default 50, the gallery's demo).
 *   --first-frame        prints "first frame after X ms" (from main() to the first cell drawn)
 *                        and "rss_mb=Y", then exits.
 *   --measure-frames F   after the first frame: 400 warm-up frames, then F frames each scrolling
 *                        the vertical adjustment 7 px (back and forth, from the middle), timed
 *                        from gtk_adjustment_set_value() to the column view allocated (its
 *                        size-allocate: rows bound and every cell widget placed); prints the
 *                        median and p99 in microseconds and widgets_created=K.
 *
 * GtkColumnView has no column virtualization: every row it keeps has a widget for every column.
 * Build: Benchmarks/peers/gtk/build.sh.
 */
#include "peer_common.h"

#define ROW_HEIGHT 44
#define COLUMN_WIDTH 100
#define WARMUP_FRAMES 400
#define STEP_PX 7.0

static guint n_columns = 50;
static GtkWidget *window;
static GtkWidget *column_view;
static GtkAdjustment *vadjustment;
static guint widgets_created = 0;
static int frame = -1;
static double step = STEP_PX;
static gint64 *timed_us;

static const char *names[] = {"Amber", "Brisk", "Cobalt", "Dusky", "Eager", "Frosty", "Gilded",
                              "Hollow"};
static const char *places[] = {"Lisbon", "Osaka", "Nairobi", "Quito", "Tallinn", "Hobart"};

/* A cell: its text (the row number in column 0, else a name, a place or a number). */
static void draw_cell(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  guint column = GPOINTER_TO_UINT(data);
  note_first_frame(first_frame_only);
  guint stored = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "peer-index"));
  set_rgb(cr, 0x24283B);
  cairo_paint(cr);
  if (stored == 0) return;
  guint row = stored - 1;
  set_rgb(cr, 0x1A1B26);
  cairo_rectangle(cr, 0, height - 1, width, 1);
  cairo_fill(cr);
  char text[48];
  guint draw = (row * 2654435761u) ^ (column * 40503u);
  switch (column % 4) {
  case 0: g_snprintf(text, sizeof text, "%u", row + 1); break;
  case 1: g_snprintf(text, sizeof text, "%s %s", names[draw % 8], names[(draw / 8) % 8]); break;
  case 2: g_snprintf(text, sizeof text, "%s", places[draw % 6]); break;
  default: g_snprintf(text, sizeof text, "%u.%02u", draw % 10000, draw % 100); break;
  }
  cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 13);
  set_rgb(cr, 0xC0CAF5);
  cairo_move_to(cr, 10, height / 2.0 + 5);
  cairo_show_text(cr, text);
}

static void on_setup(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory;
  GtkWidget *area = gtk_drawing_area_new();
  gtk_widget_set_size_request(area, COLUMN_WIDTH, ROW_HEIGHT);
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_cell, data, NULL);
  gtk_list_item_set_child(GTK_LIST_ITEM(object), area);
  widgets_created++;
}

static void on_bind(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory; (void)data;
  PeerItem *item = gtk_list_item_get_item(GTK_LIST_ITEM(object));
  GtkWidget *area = gtk_list_item_get_child(GTK_LIST_ITEM(object));
  g_object_set_data(G_OBJECT(area), "peer-index", GUINT_TO_POINTER(item->index + 1));
  gtk_widget_queue_draw(area);
}

/* One scroll frame from the column view's tick callback, timed as the list peer's: set_value
 * plus the column view's size-allocate (rows bound, every cell widget of every row placed). */
static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget; (void)clock; (void)data;
  if (!first_frame_seen) return G_SOURCE_CONTINUE;
  double top = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment);
  if (frame < 0) {
    gtk_adjustment_set_value(vadjustment, top / 2);
    frame = 0;
    return G_SOURCE_CONTINUE;
  }
  int measured = frame - WARMUP_FRAMES;
  if (measured >= measured_frames) {
    qsort(timed_us, measured_frames, sizeof *timed_us, compare_i64);
    printf("set_value + column view size-allocate: median %" G_GINT64_FORMAT " us, p99 %"
           G_GINT64_FORMAT " us\n", percentile(timed_us, measured_frames, 1, 2),
           percentile(timed_us, measured_frames, 99, 100));
    printf("widgets_created=%u\n", widgets_created);
    fflush(stdout);
    exit(0);
  }
  GtkAllocation allocation;
  gtk_widget_get_allocation(column_view, &allocation);
  if (frame % 200 == 199) step = -step;
  gint64 t0 = g_get_monotonic_time();
  double value = gtk_adjustment_get_value(vadjustment) + step;
  gtk_adjustment_set_value(vadjustment, value < 0 ? 0 : (value > top ? top : value));
  gtk_widget_size_allocate(column_view, &allocation, -1);
  gint64 t1 = g_get_monotonic_time();
  if (measured >= 0) timed_us[measured] = t1 - t0;
  frame++;
  return G_SOURCE_CONTINUE;
}


int main(int argc, char **argv) {
  peer_start("gtk-columnview-peer");
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (read_shared_option(argc, argv, &i)) {
      continue;
    } else if (strcmp(arg, "--columns") == 0) {
      n_columns = (guint)parse_count(arg, i + 1 < argc ? argv[++i] : NULL, 1, 1000);
    } else {
      fprintf(stderr, "usage: columnview [--items N] [--columns C] [--first-frame | "
                      "--measure-frames F]\n");
      return 2;
    }
  }
  if (measured_frames > 0) timed_us = g_new0(gint64, measured_frames);
  gtk_init();
  GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(peer_model_new(n_items)));
  column_view = gtk_column_view_new(GTK_SELECTION_MODEL(selection));
  for (guint c = 0; c < n_columns; c++) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(on_setup), GUINT_TO_POINTER(c));
    g_signal_connect(factory, "bind", G_CALLBACK(on_bind), NULL);
    char title[32];
    g_snprintf(title, sizeof title, "Column %u", c + 1);
    GtkColumnViewColumn *column = gtk_column_view_column_new(title, factory);
    gtk_column_view_column_set_fixed_width(column, COLUMN_WIDTH);
    gtk_column_view_append_column(GTK_COLUMN_VIEW(column_view), column);
    g_object_unref(column);
  }
  window = peer_window_new("GtkColumnView peer", column_view, gtk_scrolled_window_new(),
                           &vadjustment);
  if (measured_frames > 0) gtk_widget_add_tick_callback(column_view, on_tick, NULL, NULL);
  return run_window(window);
}
