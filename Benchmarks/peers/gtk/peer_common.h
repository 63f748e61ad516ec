/*
 * What the GTK peers share (listview.c, columnview.c): a lazy list model that stores only its
 * count and makes a tiny item (its index) on demand, and a few helpers. Not a library: each peer
 * includes it once.
 */
#ifndef PEER_COMMON_H
#define PEER_COMMON_H

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the lazy model ------------------------------------------------------------------------ */

#define PEER_TYPE_ITEM (peer_item_get_type())
G_DECLARE_FINAL_TYPE(PeerItem, peer_item, PEER, ITEM, GObject)

struct _PeerItem {
  GObject parent_instance;
  guint index;
};

G_DEFINE_TYPE(PeerItem, peer_item, G_TYPE_OBJECT)

static void peer_item_class_init(PeerItemClass *klass) { (void)klass; }
static void peer_item_init(PeerItem *item) { item->index = 0; }

#define PEER_TYPE_MODEL (peer_model_get_type())
G_DECLARE_FINAL_TYPE(PeerModel, peer_model, PEER, MODEL, GObject)

struct _PeerModel {
  GObject parent_instance;
  guint n_items;
};

static GType peer_model_get_item_type(GListModel *list) {
  (void)list;
  return PEER_TYPE_ITEM;
}

static guint peer_model_get_n_items(GListModel *list) { return PEER_MODEL(list)->n_items; }

static gpointer peer_model_get_item(GListModel *list, guint position) {
  if (position >= PEER_MODEL(list)->n_items) return NULL;
  PeerItem *item = g_object_new(PEER_TYPE_ITEM, NULL);
  item->index = position;
  return item; /* the caller owns this reference */
}

static void peer_model_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = peer_model_get_item_type;
  iface->get_n_items = peer_model_get_n_items;
  iface->get_item = peer_model_get_item;
}

G_DEFINE_TYPE_WITH_CODE(PeerModel, peer_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, peer_model_list_model_init))

static void peer_model_class_init(PeerModelClass *klass) { (void)klass; }
static void peer_model_init(PeerModel *model) { model->n_items = 0; }

static PeerModel *peer_model_new(guint n_items) {
  PeerModel *model = g_object_new(PEER_TYPE_MODEL, NULL);
  model->n_items = n_items;
  return model;
}

/* ---- helpers ------------------------------------------------------------------------------- */

static double rss_mb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f) return -1;
  char line[256];
  double mb = -1;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "VmRSS:", 6) == 0) {
      mb = strtod(line + 6, NULL) / 1024.0; /* the line is in kB */
      break;
    }
  }
  fclose(f);
  return mb;
}

/* ---- the first frame ---------------------------------------------------------------------- */

static gint64 start_us;                    /* g_get_monotonic_time() at the start of main() */
static gboolean first_frame_seen = FALSE;  /* a row's cell has been drawn */
static gint64 first_frame_us = 0;

/* Called as a cell draws: the first time, notes the first frame, and with `then_exit` prints
 * its time from main() and the resident set then, and exits. */
static void note_first_frame(gboolean then_exit) {
  if (first_frame_seen) return;
  first_frame_seen = TRUE;
  first_frame_us = g_get_monotonic_time();
  if (!then_exit) return;
  printf("first frame after %" G_GINT64_FORMAT " ms\n", (first_frame_us - start_us) / 1000);
  printf("rss_mb=%.1f\n", rss_mb());
  fflush(stdout);
  exit(0);
}

/* ---- the window ------------------------------------------------------------------------------ */

static gboolean done = FALSE;  /* the window was closed: main() returns */

static gboolean on_close_request(GtkWindow *w, gpointer data) {
  (void)w; (void)data;
  done = TRUE;
  return FALSE;
}

/* Puts `view` in a scrolled window in a window of 960 x 720 titled `title` (closing it ends
 * run_window), and returns the window; `*vadjustment` is the view's vertical adjustment. */
static GtkWidget *peer_window_new(const char *title, GtkWidget *view, GtkWidget *scrolled,
                                  GtkAdjustment **vadjustment) {
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
  *vadjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view));
  GtkWidget *window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(window), title);
  gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  g_signal_connect(window, "close-request", G_CALLBACK(on_close_request), NULL);
  return window;
}

/* Shows `window` and runs the main loop until it closes. */
static int run_window(GtkWidget *window) {
  gtk_window_present(GTK_WINDOW(window));
  while (!done) g_main_context_iteration(NULL, TRUE);
  return 0;
}

static int compare_i64(const void *a, const void *b) {
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
  return (x > y) - (x < y);
}

/* The value at fraction q of the sorted samples (nearest rank, as the host's measure does). */
static gint64 percentile(gint64 *sorted, int count, int numerator, int denominator) {
  if (count <= 0) return 0;
  int at = (int)((gint64)count * numerator / denominator);
  if (at >= count) at = count - 1;
  return sorted[at];
}

static void set_rgb(cairo_t *cr, guint32 hex) {
  cairo_set_source_rgb(cr, ((hex >> 16) & 0xFF) / 255.0, ((hex >> 8) & 0xFF) / 255.0,
                       (hex & 0xFF) / 255.0);
}

/* The count that `text` spells, from `min` to `max`; anything else ends the program. */
static long parse_count(const char *option, const char *text, long min, long max) {
  char *end = NULL;
  long value = text ? strtol(text, &end, 10) : 0;
  if (!text || *text == '\0' || *end != '\0' || value < min || value > max) {
    fprintf(stderr, "%s takes a number from %ld to %ld\n", option, min, max);
    exit(2);
  }
  return value;
}

/* ---- the options both peers take ------------------------------------------------------------ */

static guint n_items = 1000000;           /* --items N */
static gboolean first_frame_only = FALSE; /* --first-frame: print it and the resident set, exit */
static int measured_frames = 0;           /* --measure-frames F: time F scroll frames */

/* Notes main()'s start and the program's name. */
static void peer_start(const char *name) {
  start_us = g_get_monotonic_time();
  g_set_prgname(name);
}

/* Reads the shared option at argv[*i] (and its value, moving *i past it); FALSE when argv[*i]
 * is the peer's own. */
static gboolean read_shared_option(int argc, char **argv, int *i) {
  const char *arg = argv[*i];
  const char *value = *i + 1 < argc ? argv[*i + 1] : NULL;
  if (strcmp(arg, "--items") == 0) {
    n_items = (guint)parse_count(arg, value, 1, 10000000);
  } else if (strcmp(arg, "--measure-frames") == 0) {
    measured_frames = (int)parse_count(arg, value, 1, 1000000);
  } else if (strcmp(arg, "--first-frame") == 0) {
    first_frame_only = TRUE;
    return TRUE;
  } else {
    return FALSE;
  }
  *i += 1;
  return TRUE;
}

#endif
