import ReuseKit

/// The cell the baselines reuse: the state their cells carried (frame, index, selection,
/// whether it is in the view tree).
final class BaselineCell {
  let reuseIdentifier: String
  var frame = Rect.zero
  var index = -1
  var selected = false
  var isInSuperview = false

  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

  func prepareForReuse() { index = -1 }
}
