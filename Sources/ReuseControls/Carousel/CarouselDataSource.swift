import ReuseKit

/// Supplies a carousel's cards.
public protocol CarouselDataSource: AnyObject {
  /// The number of items (0 is fine).
  func numberOfItems(in carousel: Carousel) -> Int
  /// A dequeued cell for the item, configured: use
  /// ``Carousel/dequeueReusableCell(_:withReuseIdentifier:forSlot:)``. In wrap mode the same
  /// item can show in several slots at once (with one or two items, say).
  func carousel(_ carousel: Carousel, cellForItemAt index: Int, slot: Int) -> CollectionViewCell
}

/// Hears about a carousel. Every method has a default.
public protocol CarouselDelegate: AnyObject {
  /// The card nearest the centre changed: during drags, flings and animations, not only when
  /// they end.
  func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int)
  /// The centred card was tapped.
  func carousel(_ carousel: Carousel, didSelectItemAt index: Int)
  /// A card is about to show.
  func carousel(_ carousel: Carousel, willDisplay cell: CollectionViewCell, forItemAt index: Int)
  /// A card stopped showing.
  func carousel(
    _ carousel: Carousel, didEndDisplaying cell: CollectionViewCell, forItemAt index: Int)
}

extension CarouselDelegate {
  /// Nothing.
  public func carousel(_ carousel: Carousel, didChangeCurrentIndex index: Int) {}
  /// Nothing.
  public func carousel(_ carousel: Carousel, didSelectItemAt index: Int) {}
  /// Nothing.
  public func carousel(
    _ carousel: Carousel, willDisplay cell: CollectionViewCell, forItemAt index: Int
  ) {}
  /// Nothing.
  public func carousel(
    _ carousel: Carousel, didEndDisplaying cell: CollectionViewCell, forItemAt index: Int
  ) {}
}
