/// A value the diff can follow across two versions of a collection: an identity that stays the
/// same while the value changes, and a content comparison that tells a changed value from an
/// unchanged one.
///
/// Identity is the identifier's own `==`: an element whose identifier appears in both versions
/// (equal by `==`, so `"caf\u{E9}"` and `"cafe\u{301}"` are one identifier) is the same
/// element (kept or moved);
/// if its content differs it is also updated (its cell reconfigured or reloaded). Identifiers
/// that appear only in the old version are deleted, only in the new one inserted.
///
/// Conformances come for free in the common cases:
/// - a `Hashable` type is its own identifier, and its content is equal when the values are;
/// - an `Identifiable & Equatable` type is identified by its `id`, and compared with `==`, so
///   editing a task's title updates it rather than replacing it.
///
/// ```swift
/// struct Task: Identifiable, Hashable, Differentiable {
///   let id: Int
///   var title: String
/// }
/// ```
public protocol Differentiable {
  /// The type of the identity.
  associatedtype DifferenceIdentifier: Hashable

  /// The identity: equal for two versions of the same element.
  var differenceIdentifier: DifferenceIdentifier { get }

  /// Whether this version shows the same content as `source`, an older version of the same
  /// element.
  func isContentEqual(to source: Self) -> Bool
}

extension Differentiable where Self: Hashable {
  /// The value itself.
  public var differenceIdentifier: Self { self }
}

extension Differentiable where Self: Equatable {
  /// `==`.
  public func isContentEqual(to source: Self) -> Bool { self == source }
}

extension Differentiable where Self: Identifiable {
  /// The `id`.
  public var differenceIdentifier: ID { id }
}

extension Differentiable where Self: Identifiable & Hashable {
  /// The `id`: an identifiable value keeps its identity when its content changes.
  public var differenceIdentifier: ID { id }
}

extension String: Differentiable {}
extension Substring: Differentiable {}
extension Int: Differentiable {}
extension Int64: Differentiable {}
extension Int32: Differentiable {}
extension UInt: Differentiable {}
extension UInt64: Differentiable {}
extension UInt32: Differentiable {}
extension Bool: Differentiable {}
extension Character: Differentiable {}

/// A section for the sectioned diff: a model (the section's own identity and content, such as
/// its title) and its elements.
public struct ArraySection<Model: Differentiable, Element: Differentiable>: Differentiable {
  /// The section's model.
  public var model: Model
  /// The section's elements.
  public var elements: [Element]

  /// Creates a section.
  public init(model: Model, elements: [Element]) {
    self.model = model
    self.elements = elements
  }

  /// The model's identifier.
  public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

  /// Whether the models' contents are equal (the elements are diffed on their own).
  public func isContentEqual(to source: ArraySection) -> Bool {
    model.isContentEqual(to: source.model)
  }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}
