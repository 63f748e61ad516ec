import Benchmark
import ReuseKit
import Scenarios

/// The `fling` family: a release that decelerates for two seconds, ticked at 120 Hz over
/// 1,000,000 items, physics and layout together (what a host runs per display frame).
func registerFlingBenchmarks() {
  for sizing in Sizing.allCases {
    registerFling(sizing, count: 1_000_000)
  }
}

/// 2 seconds at 120 Hz.
private let flingTicks = 240

private final class FlingFixture {
  let list: ListFixture
  var clock = 0.0
  var direction = 1.0

  init(sizing: Sizing, count: Int) {
    list = ListFixture(sizing: sizing, count: count, lengths: sizing.lengths(count: count))
    list.collectionView.contentOffset = Point(x: 0, y: list.collectionView.contentSize.height / 2)
    list.collectionView.layoutIfNeeded()
  }

  /// Starts a fling: a 6,000 pt/s release lasts about four seconds at the normal rate, so the
  /// measured two seconds are all deceleration. Alternates direction to stay mid-content.
  func release() {
    let collectionView = list.collectionView
    let speed = 6000.0 * direction
    direction = -direction
    clock += 10
    collectionView.beginDrag(at: Point(x: 10, y: 400), time: clock)
    for step in 1...6 {
      collectionView.moveDrag(
        to: Point(x: 10, y: 400 - speed * Double(step) / 120), time: clock + Double(step) / 120)
    }
    clock += 6.0 / 120
    collectionView.endDrag(at: Point(x: 10, y: 400 - speed * 6 / 120), time: clock)
  }

  /// One display frame: advance the physics, then lay out.
  @inline(__always)
  func frame() {
    clock += 1.0 / 120
    list.collectionView.tick(now: clock)
    list.collectionView.layoutIfNeeded()
  }
}

private func registerFling(_ sizing: Sizing, count: Int) {
  let fixture = State<FlingFixture>()
  benchmark(
    "fling/frame/\(sizing.rawValue)", items: count, scaling: .one, operations: flingTicks,
    closure: { benchmark in
      let fling = fixture.value!
      fling.release()
      benchmark.startMeasurement()
      for _ in 0..<flingTicks { fling.frame() }
      benchmark.stopMeasurement()
      precondition(fling.list.collectionView.isDecelerating, "the fling ended before 2 s")
      blackHole(fling.list.collectionView.contentOffset)
    },
    setup: {
      let fling = FlingFixture(sizing: sizing, count: count)
      fling.release()
      for _ in 0..<600 { fling.frame() }  // prime the pool and every code path
      fixture.value = fling
    },
    teardown: { fixture.value = nil })
}
