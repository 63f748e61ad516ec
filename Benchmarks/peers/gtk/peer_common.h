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

#endif
