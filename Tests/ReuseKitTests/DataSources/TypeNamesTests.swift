import Testing

@testable import ReuseKit

/// The names types are registered under: each the type's own, past the short list too, from
/// any thread.
@Suite struct TypeNamesTests {
  /// Forty types, more than the short list holds, named twice in turn: each time its own name.
  @Test func everyTypeKeepsItsOwnNamePastTheShortList() {
    let names = TypeNames()
    let types: [Any.Type] = Self.manyTypes
    #expect(types.count > TypeNames.listed * 2)
    for _ in 0..<2 {
      for type in types {
        #expect(names.name(of: type) == String(describing: type))
      }
    }
  }

  /// Threads asking for the same and different types at once get the right names.
  @Test func namesAskedFromManyThreadsAtOnce() async {
    let names = TypeNames()
    let types = Self.manyTypes
    let wrong = await withTaskGroup(of: Int.self) { group in
      for offset in 0..<8 {
        group.addTask {
          var wrong = 0
          for index in 0..<types.count {
            let type = types[(index + offset * 5) % types.count]
            if names.name(of: type) != String(describing: type) { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }

  /// A cell's default identifier is its type's name.
  @Test func aCellsIdentifierIsItsTypeName() {
    final class NamedCell: CollectionViewCell, ReusableCell {}
    #expect(NamedCell.reuseIdentifier == "NamedCell")
    #expect(NamedCell.reuseIdentifier == "NamedCell")
  }

  private static let manyTypes: [Any.Type] = [
    Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
    UInt32.self, UInt64.self, Double.self, Float.self, Bool.self, String.self, Character.self,
    Substring.self, [Int].self, [String].self, [Bool].self, Set<Int>.self, Set<String>.self,
    [Int: Int].self, [String: Int].self, Int?.self, String?.self, (Int, Int).self,
    ItemPath.self, Size.self, Point.self, Rect.self, CollectionViewCell.self, ReusableView.self,
    ReusePool.self, [ItemPath].self, [Double].self, [Float].self, Double?.self, Bool?.self,
    [[Int]].self, [Set<Int>].self,
  ]
}
