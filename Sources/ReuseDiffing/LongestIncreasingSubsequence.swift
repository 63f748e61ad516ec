/// Marks a longest strictly increasing subsequence of `values`: the elements that can stay
/// while the others move (patience sorting).
///
/// - Complexity: O(k log k).
@usableFromInline
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  let count = values.count
  // The common case, no moves: the whole sequence increases, and all of it stays.
  var increasing = true
  values.withUnsafeBufferPointer { values in
    var index = 1
    while index < count {
      if values[index - 1] >= values[index] {
        increasing = false
        break
      }
      index += 1
    }
  }
  if increasing { return [Bool](repeating: true, count: count) }
  var keep = [Bool](repeating: false, count: count)
  // tails[l]: the index of the smallest tail of an increasing run of length l + 1.
  var tails = [Int]()
  var previous = [Int](repeating: -1, count: count)
  for index in 0..<count {
    let value = values[index]
    // Mostly-sorted input (few moves) extends the longest run: no search.
    if let last = tails.last, values[last] < value {
      previous[index] = last
      tails.append(index)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var index = tails.last ?? -1
  while index >= 0 {
    keep[index] = true
    index = previous[index]
  }
  return keep
}
