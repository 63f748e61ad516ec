import ReuseKit

/// Hears about a ``FourWayPicker``: the centred model changing, and taps. Every method has a
/// default.
///
/// Every control reports its events through a delegate protocol, as UIKit's do: one object
/// can hear several controls, the control holds it weakly (no retain cycle through a
/// closure capturing its owner), each event has a default so you implement only what you need,
/// and the calls read the same as the collection view's own delegate.
public protocol FourWayPickerDelegate<Model>: AnyObject {
  /// The picker's model type.
  associatedtype Model
  /// The centred model changed, after a snap (once per change; the initial model is not a
  /// change).
  func fourWayPicker(_ picker: FourWayPicker<Model>, didScrollTo model: Model)
  /// A model was tapped (the picker also moves to it).
  func fourWayPicker(_ picker: FourWayPicker<Model>, didSelect model: Model)
}

extension FourWayPickerDelegate {
  /// Nothing.
  public func fourWayPicker(_ picker: FourWayPicker<Model>, didScrollTo model: Model) {}
  /// Nothing.
  public func fourWayPicker(_ picker: FourWayPicker<Model>, didSelect model: Model) {}
}
