import GalleryKit
import ReuseKit
import ReuseTerminal

extension Gallery {
  // MARK: The top bar's data

  /// One tab per page.
  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    descriptors.count
  }

  /// The tab for a page.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
  )
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      TabCell.self, withReuseIdentifier: "tab", for: indexPath)
    cell.number = indexPath.item + 1
    cell.title = descriptors[indexPath.item].title
    cell.isCurrent = indexPath.item == currentIndex
    return cell
  }

  /// A tapped tab shows its page.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
  {
    collectionView.deselectItem(at: indexPath)
    showPage(at: indexPath.item)
  }
}
