/*
 * The GTK peer for ReuseKit's GTK host: a stock GtkListView (GTK 4) over a lazy list model,
 * rows drawn with cairo the way the host's list rows are drawn.
 *
 *   listview [--items N] [--first-frame | --measure-frames F | --jump | --count KIND F]
 *
 *   --items N            rows in the model, 1 to 10,000,000 (default 1,000,000). The model is a
 *                        minimal GListModel of our own: it stores only N, and get_item() makes a
 *                        tiny PeerItem (its index) on demand, so nothing is allocated per row.
 *   --first-frame        prints "first frame after X ms" (X = from the start of main(), taken with
 *                        g_get_monotonic_time(), to the first time any row's draw function runs,
 *                        i.e. the first snapshot that contains a row) and "rss_mb=Y" (VmRSS from
 *                        /proc/self/status at that moment), then exits 0.
 *   --measure-frames F   after the first frame: 400 warm-up frames then F measured frames, each
 *                        scrolling the list's vertical GtkAdjustment 7 px (see scroll_tick() for
 *                        exactly what is timed), then prints median / p90 / p99 in microseconds and
 *                        widgets_created=K, then exits 0.
 *   --jump               after the first frame: sets the vertical adjustment to its upper bound
 *                        (GTK clamps it to upper - page_size: the last rows), waits 3 frames, prints
 *                        widgets_created=K and exits 0 (meant to be run under callgrind).
 *   --count KIND F       after the first frame: F frames of KIND (scroll: 7 px on, back and
 *                        forth, from the middle; jump: the offset set 0.37 of the content on
 *                        each time, around it), each inside reusekit_measured(): the offset set,
 *                        the list view allocated, and the window's content painted into an
 *                        image (a snapshot drawn with cairo), exactly as reuse-gallery-gtk
 *                        --count does for its host. Meant for callgrind:
 *                        --toggle-collect=reusekit_measured. Prints counted_frames=F.
 *   (no option)          just runs, for looking at it and for reading it over AT-SPI.
 *
 * Build: Benchmarks/peers/gtk/build.sh (gcc -O2 listview.c $(pkg-config --cflags --libs gtk4)).
 * Run headless: xvfb-run -a env GSK_RENDERER=cairo GDK_BACKEND=x11 .../listview --first-frame
 */
#include "peer_common.h"

#define ROW_HEIGHT 44
#define WARMUP_FRAMES 400
#define STEP_PX 7.0
#define TURN_EVERY 200 /* the host's measure reverses every 200 frames; so does this one */


/* ---- state --------------------------------------------------------------------------------- */

enum Mode { MODE_RUN, MODE_FIRST_FRAME, MODE_MEASURE, MODE_JUMP, MODE_COUNT };

static enum Mode mode = MODE_RUN;

static GtkWidget *window;
static GtkWidget *list_view;
static GtkAdjustment *vadjustment;

static guint widgets_created = 0;   /* drawing areas made in the factory's setup */
static guint widgets_live = 0;      /* ... minus those torn down */
static guint binds = 0;             /* bind calls, all told */

/* --measure-frames */
static int frame = -1;              /* -1 until the first scroll tick; then frames ticked */
static double step = STEP_PX;
static gint64 *timed_us;            /* per measured frame: the timed region */
static gint64 *rest_us;             /* per measured frame: end of the timed region -> after-paint */
static gint64 timed_end_us = 0;     /* when this frame's timed region ended (0: none pending) */
static int rest_count = 0;
static guint widgets_before_measure = 0;
static guint binds_before_measure = 0;
static guint binds_in_timed = 0;    /* binds that happened inside a timed region */
static guint realloc_mismatch = 0;  /* frames where the layout phase re-allocated differently */
static GtkAllocation last_alloc;

/* --jump */
static int jump_frames = -1;        /* -1: not jumped yet; then frames painted since the jump */
static gint64 jump_us = 0;
static guint widgets_before_jump = 0;

/* ---- the rows ------------------------------------------------------------------------------ */

static const guint32 swatches[] = {0xF7768E, 0xFF9E64, 0xE0AF68, 0x9ECE6A,
                                   0x73DACA, 0x7DCFFF, 0x7AA2F7, 0xBB9AF7};

/* Like the host's list row: a background (odd rows striped), a 1 px separator at the bottom, a
 * 5 px colour bar, the title at 14 px and the number at 12 px right-aligned, both in sans. */
static void draw_row(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  (void)data;
  note_first_frame(mode == MODE_FIRST_FRAME);
  guint stored = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "peer-index"));
  set_rgb(cr, 0x24283B);
  cairo_paint(cr);
  if (stored == 0) return; /* not bound */
  guint index = stored - 1;
  if (index % 2 == 1) {
    /* the bar colour (0x2F3549) 60% of the way to the surface colour (0x24283B) */
    cairo_set_source_rgb(cr, (47 + (36 - 47) * 0.6) / 255, (53 + (40 - 53) * 0.6) / 255,
                         (73 + (59 - 73) * 0.6) / 255);
    cairo_paint(cr);
  }
  set_rgb(cr, 0x1A1B26);
  cairo_rectangle(cr, 0, height - 1, width, 1);
  cairo_fill(cr);
  set_rgb(cr, swatches[index % G_N_ELEMENTS(swatches)]);
  cairo_rectangle(cr, 0, 0, 5, height);
  cairo_fill(cr);

  char text[32];
  cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 14);
  set_rgb(cr, 0xC0CAF5);
  g_snprintf(text, sizeof text, "Item %u", index + 1);
  cairo_move_to(cr, 16, height / 2.0 + 5);
  cairo_show_text(cr, text);

  cairo_set_font_size(cr, 12);
  set_rgb(cr, 0x7A88B8);
  g_snprintf(text, sizeof text, "#%u", index + 1);
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text, &extents);
  cairo_move_to(cr, width - extents.x_advance - 16, height / 2.0 + 5);
  cairo_show_text(cr, text);
}

/* The factory's signals. The object is the GtkListItem (typed GtkListItem* in GTK 4.8's docs,
 * GObject* from 4.12), so it is taken as a GObject and cast. */
static void on_setup(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory; (void)data;
  GtkWidget *area = gtk_drawing_area_new();
  gtk_widget_set_size_request(area, -1, ROW_HEIGHT);
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_row, NULL, NULL);
  gtk_list_item_set_child(GTK_LIST_ITEM(object), area);
  widgets_created++;
  widgets_live++;
}

static void on_bind(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory; (void)data;
  GtkListItem *list_item = GTK_LIST_ITEM(object);
  PeerItem *item = gtk_list_item_get_item(list_item);
  GtkWidget *area = gtk_list_item_get_child(list_item);
  g_object_set_data(G_OBJECT(area), "peer-index", GUINT_TO_POINTER(item->index + 1));
  /* What a GTK developer would do to make the row readable: a label, no position. */
  char label[32];
  g_snprintf(label, sizeof label, "Item %u", item->index + 1);
  gtk_accessible_update_property(GTK_ACCESSIBLE(area), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_queue_draw(area);
  binds++;
}

static void on_unbind(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory; (void)data;
  GtkWidget *area = gtk_list_item_get_child(GTK_LIST_ITEM(object));
  if (area) g_object_set_data(G_OBJECT(area), "peer-index", NULL);
}

static void on_teardown(GtkSignalListItemFactory *factory, GObject *object, gpointer data) {
  (void)factory; (void)data;
  /* The list item owns the child; dropping it here destroys the drawing area. */
  if (gtk_list_item_get_child(GTK_LIST_ITEM(object))) {
    gtk_list_item_set_child(GTK_LIST_ITEM(object), NULL);
    widgets_live--;
  }
}

/* ---- --measure-frames ---------------------------------------------------------------------- */

static void advance_offset(void) {
  if (frame % TURN_EVERY == TURN_EVERY - 1) step = -step;
  double lower = gtk_adjustment_get_lower(vadjustment);
  double top = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment);
  double value = gtk_adjustment_get_value(vadjustment) + step;
  if (value > top) { value = top - (value - top); step = -step; }   /* bounce at the ends */
  if (value < lower) { value = lower + (lower - value); step = -step; }
  gtk_adjustment_set_value(vadjustment, value);
}

static void print_report(void) {
  int n = measured_frames;
  qsort(timed_us, n, sizeof *timed_us, compare_i64);
  qsort(rest_us, rest_count, sizeof *rest_us, compare_i64);
  printf("%d frames at %u items (7 px a frame, after %d warm-up frames)\n", n, n_items,
         WARMUP_FRAMES);
  printf("set_value + list view size-allocate: median %" G_GINT64_FORMAT " us, p90 %"
         G_GINT64_FORMAT " us, p99 %" G_GINT64_FORMAT " us\n",
         percentile(timed_us, n, 1, 2), percentile(timed_us, n, 9, 10),
         percentile(timed_us, n, 99, 100));
  printf("rest of the frame (layout phase, snapshot, render; untimed above): median %"
         G_GINT64_FORMAT " us, p90 %" G_GINT64_FORMAT " us, p99 %" G_GINT64_FORMAT " us\n",
         percentile(rest_us, rest_count, 1, 2), percentile(rest_us, rest_count, 9, 10),
         percentile(rest_us, rest_count, 99, 100));
  printf("binds during measured frames %u (%u inside the timed region); layout-phase "
         "re-allocations that differed from ours %u\n",
         binds - binds_before_measure, binds_in_timed, realloc_mismatch);
  printf("widgets_created_during_measure=%u\n", widgets_created - widgets_before_measure);
  printf("widgets_live=%u\n", widgets_live);
  printf("widgets_created=%u\n", widgets_created);
  fflush(stdout);
}

/*
 * One scroll frame, run from the list view's tick callback (the frame clock's update phase).
 *
 * TIMED REGION (what the median/p90/p99 are), both synchronous, on this thread:
 *   1. gtk_adjustment_set_value() on the vertical adjustment (7 px on). GTK's handlers run inside
 *      it: GtkListBase moves its anchor to the new offset and queues an allocation; the
 *      scrolled window updates its scrollbar.
 *   2. gtk_widget_size_allocate() of the list view with the allocation it already has. That is the
 *      list view's own size-allocate for this frame, which GTK would otherwise run in the frame
 *      clock's layout phase a moment later: it works out which rows the viewport needs, releases
 *      rows that left it and acquires rows for items that entered it (the factory's
 *      setup/bind/unbind run here, and get_item on the model), measures the rows and allocates
 *      (moves) every row widget.
 * NOT TIMED: everything else in the frame — the layout phase for the rest of the window (by then
 * the list view no longer needs allocating, so it is skipped unless its parent hands it a
 * different allocation, which is counted and reported), CSS validation, snapshot (the rows' cairo
 * drawing), GSK render and the X11 present. That remainder is reported apart, as "rest of the
 * frame": from the end of the timed region to the frame clock's after-paint.
 * The host's measure times the same thing: the core's pass plus the widget moves
 * (layoutAndPlace), with GTK's own layout/paint timed apart.
 */
static void scroll_tick(void) {
  if (frame < 0) {
    /* Start in the middle of the list, as the host's measure does. */
    double top = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment);
    gtk_adjustment_set_value(vadjustment, top / 2);
    frame = 0;
    return;
  }
  int measured = frame - WARMUP_FRAMES;
  if (measured == 0) {
    widgets_before_measure = widgets_created;
    binds_before_measure = binds;
  }
  GtkAllocation allocation;
  gtk_widget_get_allocation(list_view, &allocation);
  guint binds_at_start = binds;

  gint64 t0 = g_get_monotonic_time();
  advance_offset();
  gtk_widget_size_allocate(list_view, &allocation, -1);
  gint64 t1 = g_get_monotonic_time();

  last_alloc = allocation;
  if (measured >= 0) {
    timed_us[measured] = t1 - t0;
    timed_end_us = t1;
    binds_in_timed += binds - binds_at_start;
  }
  frame++;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
  (void)clock; (void)data;
  if (mode == MODE_MEASURE && timed_end_us != 0) {
    rest_us[rest_count++] = g_get_monotonic_time() - timed_end_us;
    timed_end_us = 0;
    GtkAllocation now;
    gtk_widget_get_allocation(list_view, &now);
    if (now.x != last_alloc.x || now.y != last_alloc.y || now.width != last_alloc.width ||
        now.height != last_alloc.height)
      realloc_mismatch++;
    if (frame - WARMUP_FRAMES >= measured_frames) {
      print_report();
      exit(0);
    }
  }
  if (mode == MODE_JUMP && jump_frames >= 0 && ++jump_frames >= 3) {
    printf("jump to the last item: %d frames painted %" G_GINT64_FORMAT " ms after the jump\n",
           jump_frames, (g_get_monotonic_time() - jump_us) / 1000);
    printf("adjustment value %.0f of upper %.0f (page %.0f)\n", gtk_adjustment_get_value(vadjustment),
           gtk_adjustment_get_upper(vadjustment), gtk_adjustment_get_page_size(vadjustment));
    printf("widgets_created_by_jump=%u\n", widgets_created - widgets_before_jump);
    printf("widgets_live=%u\n", widgets_live);
    printf("widgets_created=%u\n", widgets_created);
    fflush(stdout);
    exit(0);
  }
}

/* ---- --count ------------------------------------------------------------------------------- */

static gboolean counts_jumps = FALSE;
static int counted_frames = 0;
static cairo_t *count_cr = NULL;
static GtkAllocation count_allocation;

/* The function callgrind counts (the gallery's has the same name and does the same). */
__attribute__((noinline)) void reusekit_measured(void (*body)(void *), void *context) {
  body(context);
}

static void counted_frame(void *context) {
  (void)context;
  double top = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment);
  if (counts_jumps) {
    double place = (frame + 1) * 0.37;
    gtk_adjustment_set_value(vadjustment, (place - (long)place) * top);
  } else {
    advance_offset();
  }
  gtk_widget_size_allocate(list_view, &count_allocation, -1);
  GtkWidget *child = gtk_widget_get_first_child(window);
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gtk_widget_snapshot_child(window, child, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  if (node) {
    gsk_render_node_draw(node, count_cr);
    gsk_render_node_unref(node);
  }
  frame++;
}

static void run_counted_frames(void) {
  cairo_surface_t *surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, gtk_widget_get_width(window), gtk_widget_get_height(window));
  count_cr = cairo_create(surface);
  cairo_surface_destroy(surface);
  gtk_widget_get_allocation(list_view, &count_allocation);
  double top = gtk_adjustment_get_upper(vadjustment) - gtk_adjustment_get_page_size(vadjustment);
  gtk_adjustment_set_value(vadjustment, top / 2);
  gtk_widget_size_allocate(list_view, &count_allocation, -1);
  while (g_main_context_iteration(NULL, FALSE)) {}
  frame = 0;
  for (int i = 0; i < counted_frames; i++) reusekit_measured(counted_frame, NULL);
  printf("counted_frames=%d\nwidgets_created=%u\n", frame, widgets_created);
  fflush(stdout);
  cairo_destroy(count_cr);
  exit(0);
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget; (void)clock; (void)data;
  if (!first_frame_seen) return G_SOURCE_CONTINUE;
  if (mode == MODE_COUNT) run_counted_frames();
  if (mode == MODE_MEASURE) {
    scroll_tick();
    return G_SOURCE_CONTINUE;
  }
  if (mode == MODE_JUMP) {
    if (jump_frames < 0) {
      widgets_before_jump = widgets_created;
      jump_us = g_get_monotonic_time();
      gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_upper(vadjustment));
      jump_frames = 0;
    }
    /* Kept ticking so that frames keep coming; they are counted at after-paint. */
    return G_SOURCE_CONTINUE;
  }
  return G_SOURCE_REMOVE;
}

static void on_window_realize(GtkWidget *widget, gpointer data) {
  (void)data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
  g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
}


/* ---- main ---------------------------------------------------------------------------------- */

static void usage(FILE *to) {
  fprintf(to, "usage: listview [--items N] [--first-frame | --measure-frames F | --jump |"
              " --count scroll|jump F]\n"
              "  --items N: 1 to 10000000 (default 1000000)\n");
}


int main(int argc, char **argv) {
  peer_start("gtk-listview-peer");
  g_set_application_name("GtkListView peer");

  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (read_shared_option(argc, argv, &i)) {
      if (first_frame_only) mode = MODE_FIRST_FRAME;
      else if (measured_frames > 0) mode = MODE_MEASURE;
    } else if (strcmp(arg, "--jump") == 0) {
      mode = MODE_JUMP;
    } else if (strcmp(arg, "--count") == 0) {
      mode = MODE_COUNT;
      const char *kind = i + 1 < argc ? argv[++i] : "";
      if (strcmp(kind, "jump") == 0) counts_jumps = TRUE;
      else if (strcmp(kind, "scroll") != 0) { usage(stderr); return 2; }
      counted_frames = (int)parse_count(arg, i + 1 < argc ? argv[++i] : NULL, 1, 1000000);
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "listview: unknown option %s\n", arg);
      usage(stderr);
      return 2;
    }
  }
  if (mode == MODE_MEASURE) {
    timed_us = g_new0(gint64, measured_frames);
    rest_us = g_new0(gint64, measured_frames);
  }

  gtk_init();

  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(on_setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(on_bind), NULL);
  g_signal_connect(factory, "unbind", G_CALLBACK(on_unbind), NULL);
  g_signal_connect(factory, "teardown", G_CALLBACK(on_teardown), NULL);

  GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(peer_model_new(n_items)));
  list_view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory); /* takes both */

  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER,
                                 GTK_POLICY_AUTOMATIC);
  window = peer_window_new("GtkListView peer", list_view, scrolled, &vadjustment);
  g_signal_connect(window, "realize", G_CALLBACK(on_window_realize), NULL);
  if (mode == MODE_MEASURE || mode == MODE_JUMP || mode == MODE_COUNT)
    gtk_widget_add_tick_callback(list_view, on_tick, NULL, NULL);
  return run_window(window);
}
