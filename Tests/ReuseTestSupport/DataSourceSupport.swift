import ReuseKit

/// A data source whose counts come from `sections`, one array of values per section.
package protocol SectionedValues: CollectionViewDataSource {
  associatedtype Value
  var sections: [[Value]] { get }
}

extension SectionedValues {
  package func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  package func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    sections[section].count
  }
}

/// A data source whose headers and footers are plain views registered as "header".
package protocol PlainSupplementaryViews: CollectionViewDataSource {}

extension PlainSupplementaryViews {
  package func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: SupplementaryKind,
    at indexPath: ItemPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
}

/// `lengths.count` items in one section, each a ``RecordingCell`` (registered as "cell") that
/// measures itself at its length: for self-sizing and estimated layouts.
package typealias SizedItems = MeasuredFeed
