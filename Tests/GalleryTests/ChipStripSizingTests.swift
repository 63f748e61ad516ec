import GalleryKit
import ReuseKit
import Synchronization
import Testing

/// The texts a host was asked to measure.
private final class MeasuredTexts: Sendable {
  let texts = Mutex<[String]>([])
  /// Metrics that note each measured text (one point a character).
  func metrics(estimatingChipsAt estimate: Double?) -> GalleryMetrics {
    var metrics = plainTestMetrics
    metrics.textWidth = { [self] text in
      texts.withLock { $0.append(text) }
      return Double(text.count)
    }
    metrics.chipWidthEstimate = estimate
    return metrics
  }
  func contains(_ text: String) -> Bool { texts.withLock { $0.contains(text) } }
}

/// A host that estimates chips' widths (GTK: measuring a CJK or emoji chip loads a font that a
/// first frame without those chips does not need) has only the chips near the screen
/// measured, each then as wide as its text; a host that does not (the terminal) has every chip
/// measured when the strip is first laid out.
@Suite struct ChipStripSizingTests {
  private func laidOutStrip(_ measured: MeasuredTexts, estimate: Double?) -> ListModel {
    let model = ListModel(
      options: GalleryOptions(itemCount: 50), metrics: measured.metrics(estimatingChipsAt: estimate)
    )
    model.strip.register(
      CollectionViewCell.self, forCellWithReuseIdentifier: ListModel.chipIdentifier)
    model.strip.viewportSize = Size(width: 40, height: 1)
    model.strip.layoutIfNeeded()
    return model
  }

  @Test func estimatedChipsAreMeasuredAsTheyComeOnScreen() throws {
    let measured = MeasuredTexts()
    let model = laidOutStrip(measured, estimate: 5)
    let strip = model.strip
    // The first group's chips on screen are measured: "amber" is 5 + 2 of padding.
    #expect(measured.contains("red") && measured.contains("amber"))
    #expect(strip.layoutAttributesForItem(at: ItemPath(item: 1, section: 0))?.frame.width == 7)
    // The scripts group, far off screen, is not.
    #expect(!measured.contains("漢字") && !measured.contains("émoji 😀"))
    // Scrolled to, it is, and its chips take their measured widths.
    let scripts = ItemPath(item: 0, section: 3)
    strip.scrollToItem(at: scripts, at: .start, animated: false)
    strip.layoutIfNeeded()
    #expect(measured.contains("漢字"))
    let chip = try #require(strip.layoutAttributesForItem(at: scripts))
    #expect(chip.frame.width == 4, "two characters and the padding")
    #expect(strip.indexPathsForVisibleItems.contains(scripts))
  }

  @Test func withoutAnEstimateEveryChipIsMeasuredAtOnce() {
    let measured = MeasuredTexts()
    let model = laidOutStrip(measured, estimate: nil)
    #expect(measured.contains("漢字") && measured.contains("xxl"))
    #expect(
      model.strip.layoutAttributesForItem(at: ItemPath(item: 0, section: 3))?.frame.width == 4)
  }
}
