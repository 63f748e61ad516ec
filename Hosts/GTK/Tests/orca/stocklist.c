/* A stock GtkListView of 1,000,000 rows, as a GTK developer writes one: a GtkStringList of
 * "Item N", a single selection, a label per row from a signal factory, in a scrolled window.
 * What Orca says of it is the baseline the GTK README puts beside the gallery's list
 * (Tests/orca/session.py --stock builds and runs it). */
#include <gtk/gtk.h>

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory; (void)data;
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory; (void)data;
  GtkStringObject *string = gtk_list_item_get_item(item);
  gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

static gboolean quit(GtkWindow *window, gpointer running) {
  (void)window;
  *(gboolean *)running = FALSE;
  return FALSE;
}

int main(void) {
  gtk_init();
  guint count = 1000000;
  char **strings = g_new0(char *, count + 1);
  for (guint i = 0; i < count; i++) strings[i] = g_strdup_printf("Item %u", i + 1);
  GtkStringList *list = gtk_string_list_new((const char *const *)strings);
  g_strfreev(strings);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
  GtkSingleSelection *selection = gtk_single_selection_new(G_LIST_MODEL(list));
  GtkWidget *view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
  GtkWidget *window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(window), "Stock GtkListView");
  gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  gboolean running = TRUE;
  g_signal_connect(window, "close-request", G_CALLBACK(quit), &running);
  gtk_window_present(GTK_WINDOW(window));
  gtk_widget_grab_focus(view);
  while (running) g_main_context_iteration(NULL, TRUE);
  return 0;
}
