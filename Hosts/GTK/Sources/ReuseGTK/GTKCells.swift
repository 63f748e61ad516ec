import CGtk
import ReuseKit

/// A cell with a GTK widget. Subclass it, override ``draw(_:width:height:)``, and call
/// ``setNeedsDisplay()`` when you change what it draws from outside its configuration (the
/// core calls it when the focus, the selection or a lift changes, and on a reconfigure).
open class GTKCell: CollectionViewCell, GTKDrawable {
  /// The cell's widget, made when the host first shows the cell.
  public var drawing: DrawingWidget {
    made ?? DrawingWidget.make(in: &made, role: type(of: self).accessibleRole, owner: self)
  }
  /// The widget once made. Not a `lazy var`: a lazy property's read is an exclusive access,
  /// checked at run time, and the host reads it for every displayed cell at every frame.
  @exclusivity(unchecked) private var made: DrawingWidget?

  /// The role its widget has for assistive technology (a list item by default; a picker's
  /// swatch is a grid cell, an option bar's category a tab). Fixed per class: GTK 4's roles are
  /// set when a widget is made.
  open class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_LIST_ITEM }

  open override var isSelected: Bool {
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Queues a draw of the widget.
  open override func setNeedsDisplay() { drawing.setNeedsDisplay() }

  open override func prepareForReuse() { setNeedsDisplay() }

  /// Draws the cell; the default fills nothing.
  open func draw(_ cr: OpaquePointer, width: Double, height: Double) {}
}

/// A header, footer or other supplementary view with a GTK widget.
open class GTKSupplementaryView: ReusableView, GTKDrawable {
  /// The view's widget, made when the host first shows the view.
  public var drawing: DrawingWidget {
    made ?? DrawingWidget.make(in: &made, role: type(of: self).accessibleRole, owner: self)
  }
  /// The widget once made (not `lazy`: see ``GTKCell``).
  @exclusivity(unchecked) private var made: DrawingWidget?

  /// The role its widget has for assistive technology: a heading by default.
  open class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_HEADING }

  /// Queues a draw of the widget.
  open override func setNeedsDisplay() { drawing.setNeedsDisplay() }

  open override func prepareForReuse() { setNeedsDisplay() }

  /// Draws the view; the default fills nothing.
  open func draw(_ cr: OpaquePointer, width: Double, height: Double) {}
}

/// A cell whose content is a tree of GTK widgets (`GtkLabel`, `GtkCheckButton`, `GtkImage`…)
/// rather than cairo drawing, with the four phases of a `GtkSignalListItemFactory` mapped onto
/// the reuse pool:
///
/// - **set-up** (``setUp()``): build the widget tree, once per cell, when the pool has none to
///   hand back (connect the widgets' signals here, with the cell as their data);
/// - **bind**: the data source's cell provider fills the widgets for the item, as it configures
///   any cell (``bound(to:)`` records which item for the widgets' signal handlers);
/// - **unbind** (``unbind()``): the cell leaves the screen for the pool (undo what bind started:
///   an image load, a timer);
/// - **tear-down** (``tearDown()``): the cell goes away (the pool trimmed or the collection view
///   gone), before its widgets are released.
///
/// The widgets take the pointer: a check button toggles under a click and the row is not
/// tapped; a press anywhere else in the row goes on to the collection view (taps, drags,
/// flings). GTK's theme styles them (light and dark, its fonts); long labels should ellipsize
/// (`gtk_label_set_ellipsize`), since a row is as wide as its frame. Cells drawn with cairo
/// (``GTKCell``) stay the fastest path for rows of millions.
open class GTKWidgetCell: CollectionViewCell, GTKDrawable {
  /// The cell's root widget (a box holding what ``setUp()`` made).
  public let drawing: DrawingWidget
  /// What ``setUp()`` made.
  public private(set) var content: UnsafeMutablePointer<GtkWidget>!
  /// The item the cell was last bound to (by the cell provider, through ``bound(to:)``).
  public private(set) var boundIndexPath: ItemPath?

  /// How many cells were set up, across all (for tests and counters).
  nonisolated(unsafe) public static var setUps = 0
  /// How many times cells were unbound.
  nonisolated(unsafe) public static var unbinds = 0
  /// How many cells were torn down.
  nonisolated(unsafe) public static var tearDowns = 0

  /// The role its widget has for assistive technology (a list item by default).
  open class var accessibleRole: GtkAccessibleRole { GTK_ACCESSIBLE_ROLE_LIST_ITEM }

  /// Creates a cell and its widget tree (the collection view calls this when its pool is
  /// empty): set-up.
  public required init() {
    let placeholder = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    drawing = DrawingWidget(content: placeholder, role: Self.accessibleRole)
    super.init()
    drawing.owner = self
    let made = setUp()
    placeholder.withMemoryRebound(to: GtkBox.self, capacity: 1) { gtk_box_append($0, made) }
    gtk_widget_set_hexpand(made, 1)
    content = made
    Self.setUps += 1
  }

  deinit {
    tearDown()
    Self.tearDowns += 1
  }

  /// Builds the cell's widget tree, once per cell: the default is an empty box.
  open func setUp() -> UnsafeMutablePointer<GtkWidget> {
    gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
  }

  /// Records the item the cell shows now: call it from the cell provider when binding.
  public func bound(to indexPath: ItemPath) { boundIndexPath = indexPath }

  /// The cell left the screen for the pool; override to stop what binding started (call
  /// super).
  open func unbind() {}

  /// The cell goes away; override to release what set-up made besides its widgets.
  open func tearDown() {}

  /// Whether the cell was shown since its last unbind.
  private var needsUnbind = false

  /// The host hid or detached the cell: unbind, once per showing.
  func leftScreen() {
    guard needsUnbind else { return }
    needsUnbind = false
    unbind()
    boundIndexPath = nil
    Self.unbinds += 1
  }

  /// Binding is about to happen (the cell came out of the pool): a cell the host never hid
  /// is unbound first.
  open override func prepareForReuse() {
    leftScreen()
    setNeedsDisplay()
  }

  /// The cell is shown (or moved): it will be unbound when it leaves. Overrides call `super`.
  open override func apply(_ layoutAttributes: LayoutAttributes) {
    needsUnbind = true
  }

  /// Shows the cell's selection and focus through its root's CSS (`:selected` and the
  /// `focused` class, styled from the theme's selection colour, light or dark), and marks the
  /// accessible texts stale (GTK redraws the widgets itself).
  open override func setNeedsDisplay() {
    syncState()
    drawing.setNeedsDisplay()
  }

  /// What the root's CSS says now: selected, focused.
  private var shownState = (selected: false, focused: false)

  /// Brings the root's CSS state to the cell's selection and focus (the host calls it as it
  /// places the cell: a recycled cell must not keep its last item's look).
  func syncState() {
    let state = (selected: isSelected, focused: isFocused)
    guard state != shownState else { return }
    shownState = state
    let widget = drawing.widget
    if state.selected {
      gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
    } else {
      gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
    }
    if state.focused {
      gtk_widget_add_css_class(widget, "focused")
    } else {
      gtk_widget_remove_css_class(widget, "focused")
    }
  }

  open override var isSelected: Bool {
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Widget trees draw themselves.
  public func draw(_ cr: OpaquePointer, width: Double, height: Double) {}
}

/// What a widget's accessible object says: the name, the description, the level, the place
/// (in its set, in a grid) and the states, as last set.
struct AccessibleFacts: Equatable {
  var label: String?
  var description: String?
  var level: Int32 = 0
  var place: [Int32] = []
  var states: [Int32] = []
  /// The description before an announcement went in front of it, while one does.
  var unannounced: String??
  /// The announcement in front of the description, kept there until the next key while the
  /// row shows the focused item (its place changing under it, the row said it again without).
  var announcement: String?
  /// Nothing was told yet: every fact differs from it.
  var isNew = true
}
