import GalleryKit
import ReuseKit

/// A task cell that keeps what it was given, for the data-source page's model in tests.
final class TestTaskCell: CollectionViewCell, TaskPresenting {
  private(set) var task: TaskItem?
  var texts = TaskTexts()
  var isDone = false
  func configure(with item: TaskItem, at indexPath: ItemPath) { task = item }
}

/// The data-source page's model over `items` generated tasks, laid out in a 60 × 14 viewport.
func makeTestTaskBoard(items: Int, data: GalleryData? = nil) -> TaskBoardModel<TestTaskCell> {
  let model = TaskBoardModel<TestTaskCell>(
    options: GalleryOptions(itemCount: items, data: data), metrics: plainTestMetrics)
  let view = model.collectionView
  view.viewportSize = Size(width: 60, height: 14)
  view.layoutIfNeeded()
  return model
}
